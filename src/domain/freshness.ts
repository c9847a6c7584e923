// Fresh availability: while a booking page or the calendar is visible, the availability
// it shows is never older than AVAILABILITY_MAX_AGE_MS, and a re-read that finds a unit taken by
// someone else meanwhile says so. These are the rules; the timers live in src/api/freshness.ts and
// the re-reads in src/features/customer/booking/stores/fresh-availability.ts.
import type { CartProduct } from '../api/contract/cart';
import type { HalfCounts } from './calendar';
import { availableCount } from './cart';

/** The oldest availability a visible booking page or calendar may show. */
export const AVAILABILITY_MAX_AGE_MS = 60_000;
/**
 * A re-read starts this long before the shown data turns AVAILABILITY_MAX_AGE_MS old, so its
 * answer (one small GET) is in place before then.
 */
export const AVAILABILITY_READ_ALLOWANCE_MS = 5_000;
/** After a failed re-read (network down), the next try; the old data stays on screen meanwhile. */
export const AVAILABILITY_RETRY_MS = 10_000;

type CartLine = Pick<CartProduct, 'id'> & { related?: readonly Pick<CartProduct['related'][number], 'id' | 'used'>[] };

/**
 * Products a re-read turned sold out: free for one more unit (net of the cart) in `before`, not in
 * `after`. Both are the server's counts for the same shop and dates; the cart is the current one
 * for both, so what the visitor put in the cart meanwhile is never mistaken for someone else's.
 */
export function takenMeanwhile(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
  cart: readonly CartLine[],
): number[] {
  return Object.keys(before)
    .filter((id) => availableCount(id, before, cart) > 0 && availableCount(id, after, cart) <= 0)
    .map(Number);
}

const HALVES = ['morning', 'afternoon'] as const;

/**
 * Days of one product where a re-read found a half-day that still fitted the cart's units plus one
 * in `before` and no longer does in `after` (`inCart`: the product's units in the cart).
 */
export function takenDays(before: ReadonlyMap<string, HalfCounts>, after: ReadonlyMap<string, HalfCounts>, inCart: number): string[] {
  const taken: string[] = [];
  for (const [day, old] of before) {
    const now = after.get(day);
    if (now && HALVES.some((half) => old[half] > inCart && now[half] <= inCart)) taken.push(day);
  }
  return taken;
}

/** Whether data read at `readAt` must be read again at `now` rather than shown. */
export function isStale(readAt: number | null, now: number, maxAgeMs = AVAILABILITY_MAX_AGE_MS): boolean {
  return readAt === null || now - readAt >= maxAgeMs;
}
