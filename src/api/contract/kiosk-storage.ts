// What a kiosk keeps in its own storage across reloads and outages (issues #13, #14): the card
// payments in flight, the confirmations waiting to reach the API and the delivery and pickup
// counters' drafts. The drafts hold references and scanned codes only, never a customer's details:
// a tablet's storage outlives its customers (repairs, re-pairing). Apart from the totem entities
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

const code = z.string().check(z.minLength(1), z.maxLength(64));

/**
 * An order on a counter as a draft keeps it: its id (the API reads it again) and its number (what
 * staff see while it cannot be read). Never its uuid (the customer's guest link) nor any detail of
 * the customer: the screen holds the order it read in memory only.
 */
export const OrderRefSchema = z.object({ id: z.number(), number: z.string() });
export type OrderRef = z.infer<typeof OrderRefSchema>;

export const DeliveryScanSchema = z.object({
  code,
  lineId: z.nullable(z.number()),
  forced: z.boolean(),
  reason: z.string().check(z.maxLength(1000)),
  price: z.string().check(z.maxLength(20)),
  productId: z.nullable(z.number()),
  productLabel: z.string(),
  checked: z.boolean(),
});

/** What staff scanned at the delivery counter and for which order (src/stores/delivery.ts). */
export const DeliveryDraftSchema = z.object({
  order: z.nullable(OrderRefSchema),
  scans: z.array(DeliveryScanSchema),
});
export type DeliveryDraft = z.infer<typeof DeliveryDraftSchema>;

export const PickupScanSchema = z.object({
  code,
  deliveryDetailId: z.nullable(z.number()),
  orderId: z.nullable(z.number()),
  orderNumber: z.string(),
  lineId: z.nullable(z.number()),
  productLabel: z.string(),
  problem: z.nullable(z.string().check(z.maxLength(1000))),
  checked: z.boolean(),
});

/** What staff scanned at the pickup counter (src/stores/pickup.ts). */
export const PickupDraftSchema = z.object({
  /** The order chosen at the counter, if any (units of other orders are then refused). */
  orderId: z.nullable(z.number()),
  /** Orders of the units on the counter (the chosen one, or those the scans found). */
  orders: z.array(OrderRefSchema),
  scans: z.array(PickupScanSchema),
  /** The day the units are recorded back ('YYYY-MM-DD'); null: today. */
  returnDay: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
});
export type PickupDraft = z.infer<typeof PickupDraftSchema>;
