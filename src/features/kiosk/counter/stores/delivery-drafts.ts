// What the operator scanned or typed at the delivery and pickup counters, kept in the
// kiosk's storage until the confirmation is sent or queued: a reload or an outage loses nothing.
// Read back through zod: a garbled or outdated draft starts empty instead of breaking the page.
//
// A draft keeps the order's reference (id and number) and the scanned codes, never the order
// itself: the customer's name, contacts, documents and guest link stay in the page's memory, and
// the screen reads the order again when it opens (offline: it says so, the scans and the outbox
// still work). A draft of an earlier release, which held the whole order, reads back as its
// reference (zod drops the rest) and is written back so when the screen opens.
import * as z from 'zod/mini';
import type { OrderResponse } from '~/api/contract/orders';
import { ApiClientError } from '~/api/client';

/** Storage keys of the drafts (one per screen on this kiosk). */
export { DELIVERY_DRAFT_KEY, PICKUP_DRAFT_KEY } from '~/features/kiosk/shared/stores/storage-keys';

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

/** What staff scanned at the delivery counter and for which order (src/features/kiosk/counter/stores/delivery.ts). */
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

/** What staff scanned at the pickup counter (src/features/kiosk/counter/stores/pickup.ts). */
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

export const emptyDeliveryDraft = (): DeliveryDraft => ({ order: null, scans: [] });
export const emptyPickupDraft = (): PickupDraft => ({ orderId: null, orders: [], scans: [], returnDay: null });

/** What a draft keeps of an order. */
export const orderRef = ({ id, number }: OrderResponse): OrderRef => ({ id, number });

/**
 * Reading the counter's order(s) again: under way, impossible while the API cannot be reached (it
 * is read by itself once it answers again), or refused by the API (its words). Null: read.
 */
export type OrderReading = { state: 'loading' } | { state: 'offline' } | { state: 'refused'; message: string } | null;

/** No answer at all (not a refusal, not a read this page gave up). */
export const isOffline = (err: unknown): boolean => !(err instanceof ApiClientError) && (err as Error)?.name !== 'AbortError';
