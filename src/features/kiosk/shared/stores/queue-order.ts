// Pushing an order into the shop's queue board (spec §4 "push in queue"): from the board's own
// push screen and from the cash desk's order, so it lives with what the kiosk's features share.
import { pushInQueue } from '~/api/board';
import { ApiClientError } from '~/api/client';
import { loadApi } from '~/stores/api-loader';

export type QueueOutcome =
  | { ok: true; number: string; queuedAt: string }
  | { ok: false; reason: 'required' | 'notFound' | 'cancelled' | 'invalid' | 'failed'; message?: string };

const QUEUE_REFUSALS: Record<number, 'notFound' | 'cancelled' | 'invalid'> = { 404: 'notFound', 410: 'cancelled', 422: 'invalid' };

/** Pushes an order (number, id or uuid as typed or scanned) in the board's queue. */
export async function queueOrder(ref: string | number): Promise<QueueOutcome> {
  const typed = String(ref).trim();
  if (!typed) return { ok: false, reason: 'required' };
  try {
    const { number, queued_at } = await pushInQueue(await loadApi(), typed);
    return { ok: true, number, queuedAt: queued_at };
  } catch (err) {
    if (err instanceof ApiClientError) {
      return { ok: false, reason: QUEUE_REFUSALS[err.status] ?? 'failed', message: err.errors.order?.[0] ?? err.message };
    }
    return { ok: false, reason: 'failed' };
  }
}
