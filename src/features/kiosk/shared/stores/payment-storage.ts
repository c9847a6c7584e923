// What a cash desk keeps in the kiosk's storage across reloads and outages: the card payments in
// flight and the claims sent without an answer. Read back through these schemas (stores/desk-payments.ts);
// never sent to the API as such. The stages and what they allow are the domain's (domain/desk-payments.ts).
import * as z from 'zod/mini';
import { DESK_PAYMENT_STAGES } from '~/domain/desk-payments';
import { NoticeMessageSchema } from '~/stores/notifications';

/**
 * A cash desk's payment in flight, kept in the kiosk's storage from the moment the
 * terminal is asked to charge until the payment is recorded and the receipt printed, so that a
 * reload, a double tap or an API outage never charges the card twice nor loses a payment.
 */
const DeskPaymentStageSchema = z.enum(DESK_PAYMENT_STAGES);

export const DeskPaymentSchema = z.object({
  /** The order's uuid (the cash desk's address) and id and number (the API's and the terminal's). */
  uuid: z.string(),
  id: z.number(),
  number: z.string(),
  amount: z.number(),
  /** This attempt's id: the payment claim the API holds for it. */
  attempt: z.string(),
  stage: DeskPaymentStageSchema,
  startedAt: z.string(),
  /**
   * A split payment: the parts taken by other methods (cash…) next to this terminal charge, and the
   * Idempotency-Key its recording goes with (v1/orders/{id}/desk_payments); absent for a card alone.
   */
  others: z.optional(z.array(z.object({ method: z.enum(['cash', 'card', 'transfer']), amount: z.number(), received: z.optional(z.number()), reference: z.optional(z.string()) }))),
  key: z.optional(z.string()),
  /** The terminal's answer to the payment, recorded with it (pos_log). */
  posResult: z.optional(z.unknown()),
  /** Why the last step failed (shown while it is retried, or until staff resolve it): a text or a message key. */
  error: z._default(z.nullable(NoticeMessageSchema), null),
  /** The receipt could not be printed: offer to print it again. */
  receiptFailed: z._default(z.boolean(), false),
});
export type DeskPayment = z.infer<typeof DeskPaymentSchema>;
export const DeskPaymentsSchema = z.record(z.string(), DeskPaymentSchema);

/** Payment claims a cash desk sent without an answer yet: order uuid → the claim's attempt. */
export const DeskClaimAttemptsSchema = z.record(z.string(), z.string());
