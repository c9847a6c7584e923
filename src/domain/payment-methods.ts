// The methods an order's payment may take, apart from the desk's rules (./desk-methods.ts): every
// page that reads an order parses its payments with them, and only the cash desk needs the rules.

/**
 * The methods a payment part may take: `terminal` is the card charged on the desk's terminal
 * (claims, attempts), `card` a card charged on another device, `transfer` a bank transfer.
 */
export const PAYMENT_METHODS = ['cash', 'terminal', 'card', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
