// Per-day availability of one product for the calendar's visible month (GET v1/shops/{id}/
// availabilities/days), kept fresh: while the month is on a visible page its answer is
// read again before it turns AVAILABILITY_MAX_AGE_MS old and at once when the tab comes back; none
// is read while the tab is hidden. Answers are kept per month and product, so going back to a
// month shows it at once, unless it has grown too old: then it is read again first. A re-read that
// finds half-days taken by someone else says so. Timers: src/api/freshness.ts.
import { atom } from 'nanostores';
import { AVAILABILITY_FRESHNESS, browserFreshnessEnv, keepFresh, type FreshnessEnv } from '~/api/freshness';
import { fetchDayAvailability, type DayAvailabilityQuery } from '~/api/availability-days';
import { byDay, type HalfCounts } from '~/domain/calendar';
import { cartCountOf } from '~/domain/cart';
import { isStale, takenDays } from '~/domain/freshness';
import { $cart } from '~/stores/cart';
import { $products } from '~/stores/configuration';
import { notify } from '~/stores/notifications';
import { loadApi } from '~/stores/api-loader';

export type DayAvailabilityRequest = DayAvailabilityQuery;

export type DayAvailabilityEntry = { status: 'ready'; days: ReadonlyMap<string, HalfCounts>; readAt: number } | { status: 'error' };

/** Answers by dayAvailabilityKey(); a missing key is loading. */
export const $dayAvailability = atom<Readonly<Record<string, DayAvailabilityEntry>>>({});

export const dayAvailabilityKey = (r: DayAvailabilityRequest) => `${r.shopId}:${r.productId}:${r.from}:${r.to}:${r.editOrderCode ?? ''}`;

function put(key: string, entry: DayAvailabilityEntry | null) {
  const { [key]: _old, ...others } = $dayAvailability.get();
  $dayAvailability.set(entry ? { ...others, [key]: entry } : others);
}

function announceTaken(productId: number, days: readonly string[]): void {
  if (days.length === 0) return;
  const product = $products.get().find((p) => p.id === productId)?.label ?? '';
  notify({ key: 'calendar.takenMeanwhile', params: { count: days.length, product } }, 'warning');
}

async function read(request: DayAvailabilityRequest, key: string, env: FreshnessEnv, signal: AbortSignal): Promise<void> {
  const startedAt = env.now();
  try {
    const data = await fetchDayAvailability(await loadApi(), request, signal);
    if (signal.aborted) return;
    const days = byDay(data);
    const before = $dayAvailability.get()[key];
    put(key, { status: 'ready', days, readAt: startedAt });
    // The cart's units of the product are the visitor's own: only a half-day that fitted one more
    // and no longer does was taken by someone else.
    if (before?.status === 'ready') announceTaken(request.productId, takenDays(before.days, days, cartCountOf(request.productId, $cart.get().products)));
  } catch (err) {
    // A failed re-read keeps the answer on screen (the next try is soon); a failed first read says so.
    if (!signal.aborted && $dayAvailability.get()[key]?.status !== 'ready') put(key, { status: 'error' });
    throw err;
  }
}

/** Shows the request's days (from the kept answer when fresh) and keeps them fresh; returns the stop. */
export function watchDayAvailability(request: DayAvailabilityRequest, env: FreshnessEnv = browserFreshnessEnv()): () => void {
  const key = dayAvailabilityKey(request);
  const kept = $dayAvailability.get()[key];
  const readAt = kept?.status === 'ready' && !isStale(kept.readAt, env.now()) ? kept.readAt : null;
  // Too old (or failed) to show: loading until read again.
  if (kept && readAt === null) put(key, null);
  const watch = keepFresh((signal) => read(request, key, env, signal), env, { ...AVAILABILITY_FRESHNESS, readAt });
  return watch.stop;
}
