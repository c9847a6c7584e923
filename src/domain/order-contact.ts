// The order's contact as its forms hold it: the checkout's (placing or editing an order) and the
// cash desk's (changing it), with the same fields, order and rules. A module of its own, so the
// kiosk reads these few lines without the checkout's refusal handling (./checkout-errors.ts).

/**
 * The checkout's text fields in page order: the first one refused takes the focus. The cash desk's
 * contact dialog shows the same fields in the same order.
 */
export const CHECKOUT_TEXT_FIELDS = ['first_name', 'last_name', 'phone', 'email', 'fiscal_code'] as const;
export type CheckoutTextField = (typeof CHECKOUT_TEXT_FIELDS)[number];

/** One type for both forms, so a field added to the order's contact reaches both. */
export type OrderContact = Record<CheckoutTextField, string> & { invoice: boolean };

/** The fiscal code is on the form only when an invoice is asked. */
export function shownCheckoutFields(invoice: boolean): readonly CheckoutTextField[] {
  return invoice ? CHECKOUT_TEXT_FIELDS : CHECKOUT_TEXT_FIELDS.filter((f) => f !== 'fiscal_code');
}
