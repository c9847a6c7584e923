// What the operator scanned or typed at the delivery and pickup counters (issue #14), kept in the
// kiosk's storage until the confirmation is sent or queued: a reload or an outage loses nothing.
// Read back through zod: a garbled or outdated draft starts empty instead of breaking the page.
//
// A draft keeps the order's reference (id and number) and the scanned codes, never the order
// itself: the customer's name, contacts, documents and guest link stay in the page's memory, and
// the screen reads the order again when it opens (offline: it says so, the scans and the outbox
// still work). A draft of an earlier release, which held the whole order, reads back as its
// reference (zod drops the rest) and is written back so when the screen opens.
import type { OrderResponse } from '../api/contract/orders';
import { ApiClientError } from '../api/client';
import type { DeliveryDraft, OrderRef, PickupDraft } from '../api/contract/kiosk-storage';
import { $apiUnreachable, flushOutbox } from './kiosk-outbox';

export { DeliveryDraftSchema, PickupDraftSchema, type DeliveryDraft, type OrderRef, type PickupDraft } from '../api/contract/kiosk-storage';

/** Storage keys of the drafts (one per screen on this kiosk). */
export { DELIVERY_DRAFT_KEY, PICKUP_DRAFT_KEY } from './keys';

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

/**
 * An order read got no answer: the kiosk's banner says the server cannot be reached, and the
 * outbox looks for it (its health probe, backing off) until it answers; `$apiUnreachable` turning
 * false is then the screen's signal to read again.
 */
export function lineLost(): void {
  $apiUnreachable.set(true);
  void flushOutbox();
}

/** Calls `read` each time the API answers again after an outage. Returns the stop function. */
export function whenLineBack(read: () => void): () => void {
  return $apiUnreachable.listen((unreachable) => {
    if (!unreachable) read();
  });
}
