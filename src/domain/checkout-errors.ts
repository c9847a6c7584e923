// Where the checkout shows each message of a refused order (HTTP 422, spec §8): under its field when
// the form shows that field, the documents' under the documents, the rest (cart lines, dates,
// coupons…) in the list above the button. Pure, so the page and its unit test share it.

import { CHECKOUT_TEXT_FIELDS, shownCheckoutFields, type CheckoutTextField } from './order-contact';

/** The form's consent box (just before the button), and the order's fields its refusal is about. */
export const CONSENT_FIELD = 'terms';
const CONSENT_WIRE_FIELDS: readonly string[] = ['terms_version', 'terms_accepted_at'];
export type CheckoutFormField = CheckoutTextField | typeof CONSENT_FIELD;

/** The field of the order form that carries the identity documents. */
export const DOCUMENTS_FIELD = 'medias';

export interface CheckoutRefusal {
  /** The first message of each refused field the form shows, in page order (the consent box last). */
  fields: [CheckoutFormField, string][];
  /** The documents' message, if they were refused. */
  documents: string | null;
  /**
   * Every other message with the field it is about ('' for the refusal's own message, used when
   * the API named no field), for the page to say which cart line it concerns.
   */
  others: { field: string; message: string }[];
  /** Where the focus goes: the first refused field, else the documents (alone), else the list. */
  focus: CheckoutFormField | 'documents' | 'list' | null;
}

/**
 * Splits a 422's messages between the checkout's fields, its documents and the list. `consent`: the
 * form shows the consent box, so a refused terms version (the terms changed since the page loaded)
 * is said under it.
 */
export function checkoutRefusal(refusal: { message: string; errors: Record<string, string[]> }, invoice: boolean, consent = false): CheckoutRefusal {
  const shown = new Set<string>(shownCheckoutFields(invoice));
  const fields: [CheckoutFormField, string][] = [];
  const others: { field: string; message: string }[] = [];
  let documents: string | null = null;
  for (const [field, messages] of Object.entries(refusal.errors)) {
    if (shown.has(field) && messages[0]) fields.push([field as CheckoutTextField, messages[0]]);
    else if (consent && CONSENT_WIRE_FIELDS.includes(field) && messages[0]) {
      if (!fields.some(([f]) => f === CONSENT_FIELD)) fields.push([CONSENT_FIELD, messages[0]]);
    }
    else if (field === DOCUMENTS_FIELD && messages[0]) documents = messages[0];
    else others.push(...messages.map((message) => ({ field, message })));
  }
  if (others.length === 0 && Object.keys(refusal.errors).length === 0) others.push({ field: '', message: refusal.message });
  const order: readonly CheckoutFormField[] = [...CHECKOUT_TEXT_FIELDS, CONSENT_FIELD];
  fields.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const focus = fields[0]?.[0] ?? (documents && others.length === 0 ? 'documents' : others.length > 0 ? 'list' : null);
  return { fields, documents, others, focus };
}
