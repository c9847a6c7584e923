// What the operator scanned or typed at the delivery and pickup counters (issue #14), kept in the
// kiosk's storage until the confirmation is sent or queued: a reload or an outage loses nothing.
// Read back through zod: a garbled or outdated draft starts empty instead of breaking the page.
import * as z from 'zod/mini';
import { OrderResponseSchema } from '../api/contract/orders';

/** Storage keys of the drafts (one per screen on this kiosk). */
export { DELIVERY_DRAFT_KEY, PICKUP_DRAFT_KEY } from './keys';

const code = z.string().check(z.minLength(1), z.maxLength(64));

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

export const DeliveryDraftSchema = z.object({
  /** The order on the counter, as last read (shown again after a reload even while offline). */
  order: z.nullable(OrderResponseSchema),
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

export const PickupDraftSchema = z.object({
  /** The order chosen at the counter, if any (units of other orders are then refused). */
  orderId: z.nullable(z.number()),
  /** Orders of the units on the counter (the chosen one, or those the scans found). */
  orders: z.array(OrderResponseSchema),
  scans: z.array(PickupScanSchema),
  /** The day the units are recorded back ('YYYY-MM-DD'); null: today. */
  returnDay: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
});
export type PickupDraft = z.infer<typeof PickupDraftSchema>;

export const emptyDeliveryDraft = (): DeliveryDraft => ({ order: null, scans: [] });
export const emptyPickupDraft = (): PickupDraft => ({ orderId: null, orders: [], scans: [], returnDay: null });
