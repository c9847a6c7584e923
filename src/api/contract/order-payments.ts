// A payment of an order as the order answer lists it: which method took how much, when and at which
// desk. Apart from the desk's requests (./desk-payments.ts) so that every page reading an order
// carries only this.
import * as z from 'zod/mini';
import { PAYMENT_METHODS } from '~/domain/payment-methods';

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'validators.invalid' });

export const OrderPaymentSchema = z.object({
  method: PaymentMethodSchema,
  amount: z.number(),
  /** Cash only: what the customer handed over, and the change given back. */
  received: z.nullable(z.number()),
  change: z.nullable(z.number()),
  /** A card or transfer outside the terminal: the reference staff typed, if any. */
  reference: z.nullable(z.string()),
  paid_at: z.string(),
  /** The cash desk that took it. */
  totem: z.nullable(z.string()),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;
