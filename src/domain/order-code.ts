// The order's scannable code (a QR code on the confirmation, the order page, the e-mail and the
// voucher PDF). It encodes the order number alone: a kiosk's USB scanner types the decoded text and
// presses Enter, and the number is what the counter's order search (delivery, pickup), the queue's
// push field and the cash desk's search already take as typed, opening that order at once. No URL,
// no prefix: a code the kiosk had to pick apart would be a second rule of what an order reference is.

/** The text the code encodes. */
export function orderCodeText(order: { number: string }): string {
  return order.number;
}

/**
 * How the code is drawn, in the browser and on the server alike (./order-code-modules.ts): error
 * correction M at least survives a scratched print or a glare on a phone, and the four-module quiet
 * zone is what scanners need around the code.
 */
export const ORDER_CODE_QR = { errorCorrectionLevel: 'M', margin: 4 } as const;

/**
 * The voucher's page (/download) takes the order's link from `?order={uuid}`: the confirmation
 * e-mail writes it (server/orders/mail.ts), the page reads it back (voucherRefFromSearch).
 */
export const VOUCHER_ORDER_PARAM = 'order';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order's uuid in a /download address's query, or why there is none (no parameter, not a uuid). */
export function voucherRefFromSearch(search: string): { ref: string } | { missing: true } | { invalid: true } {
  const value = new URLSearchParams(search).get(VOUCHER_ORDER_PARAM)?.trim();
  if (!value) return { missing: true };
  return UUID.test(value) ? { ref: value.toLowerCase() } : { invalid: true };
}
