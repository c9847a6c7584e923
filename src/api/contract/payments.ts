// Online payment of an order by its customer ("pay"). The storefront never sees card
// data: it asks the API for a payment session and sends the customer to the provider's hosted
// page (`payment_url`); the provider brings them back to `return_path` with `?payment=<outcome>`
// after telling the API the result. The spec's `POST v1/orders/{id}/pay` stays the cash desk's
// (a kiosk of type 30 records what its payment terminal took).
import * as z from 'zod/mini';
import { isSafeRedirect } from '~/domain/redirects';
import { noControlCharacters } from './fields';

/** POST v1/orders/{id}/payments: the owner, or whoever holds the order's uuid (guest link). */
export const PaymentRequestSchema = z.object({
  /** Storefront path to come back to; internal paths only, so the page cannot bounce elsewhere. */
  return_path: z
    .string({ error: 'validators.required' })
    .check(noControlCharacters(), z.maxLength(500, 'validators.maxLength'), z.refine(isSafeRedirect, 'validators.returnPath')),
});

export const PaymentSessionSchema = z.object({
  id: z.string(),
  /** The provider's hosted page. */
  payment_url: z.string(),
  /** The order's total when the session opened: what the customer is asked to pay. */
  amount: z.number(),
  expires_at: z.string(),
});
export const PaymentSessionEnvelopeSchema = z.object({ data: PaymentSessionSchema });

/**
 * How a payment session ended, as the `payment` query parameter of the way back. `failed`: the
 * payment did not go through (card refused), nothing was taken. `refund`: money was taken but the
 * order changed meanwhile (edited, cancelled, paid otherwise) or the session had already ended, so
 * it was not applied to the order and will be refunded.
 */
export const PaymentOutcomeSchema = z.enum(['paid', 'cancelled', 'failed', 'expired', 'refund']);
export type PaymentOutcome = z.infer<typeof PaymentOutcomeSchema>;

/** Minutes a customer has on the hosted page before the session expires. */
export const PAYMENT_SESSION_MINUTES = 30;

/**
 * POST v1/payments/stripe/webhook's answer to Stripe (any 2xx ends Stripe's retries): `replay` when
 * the event had already been applied and nothing changed.
 */
export const StripeWebhookAnswerSchema = z.object({ data: z.object({ received: z.boolean(), replay: z.boolean() }) });
