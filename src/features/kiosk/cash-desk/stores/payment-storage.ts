// What a kiosk keeps in its own storage across reloads and outages (issues #13, #14): the card
// payments in flight and the confirmations waiting to reach the API (the delivery and pickup
// drafts' shapes are in src/features/kiosk/counter/stores/delivery-drafts.ts: only those two screens load them, and a
// module's schemas go with it to every page that loads it). Apart from the totem entities
// (./kiosk.ts) that every customer page loads through the configuration: only kiosk screens need
// these, and a module is loaded whole.
import * as z from 'zod/mini';

/**
 * A cash desk's payment in flight (issue #13), kept in the kiosk's storage from the moment the
 * terminal is asked to charge until the payment is recorded and the receipt printed, so that a
 * reload, a double tap or an API outage never charges the card twice nor loses a payment.
 */
export const DeskPaymentStageSchema = z.enum(['charging', 'uncertain', 'charged', 'recorded', 'conflict']);
export type DeskPaymentStageName = z.infer<typeof DeskPaymentStageSchema>;

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
  /** The terminal's answer to the payment, recorded with it (pos_log). */
  posResult: z.optional(z.unknown()),
  /** Why the last step failed (shown while it is retried, or until staff resolve it). */
  error: z._default(z.nullable(z.string()), null),
  /** The receipt could not be printed: offer to print it again. */
  receiptFailed: z._default(z.boolean(), false),
});
export type DeskPayment = z.infer<typeof DeskPaymentSchema>;
export const DeskPaymentsSchema = z.record(z.string(), DeskPaymentSchema);

/** Payment claims a cash desk sent without an answer yet: order uuid → the claim's attempt. */
export const DeskClaimAttemptsSchema = z.record(z.string(), z.string());

/**
 * A kiosk confirmation (delivery, pickup, a reset) waiting to reach the API (issue #14): kept in
 * the kiosk's storage with its idempotency key from before its first try until the API answered,
 * so an outage or a reload loses nothing and a retry never hands anything out twice.
 */
export const OutboxKindSchema = z.enum(['delivery', 'pickup', 'reset_delivery', 'reset_pickup']);
export type OutboxKind = z.infer<typeof OutboxKindSchema>;

export const OutboxEntrySchema = z.object({
  /** The Idempotency-Key of every try of this confirmation. */
  key: z.string(),
  kind: OutboxKindSchema,
  /** API path and JSON body, exactly as first sent. */
  path: z.string(),
  body: z.unknown(),
  /** What staff recognise it by: the order number or the unit's code. */
  ref: z.string(),
  createdAt: z.string(),
  attempts: z._default(z.number(), 0),
  /** `refused`: the API said no on a replay (e.g. a unit handed out meanwhile by another desk). */
  state: z._default(z.enum(['pending', 'refused']), 'pending'),
  error: z._default(z.nullable(z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })), null),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;
export const OutboxSchema = z.array(OutboxEntrySchema);
