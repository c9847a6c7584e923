// Why a new order was refused, as a metric label: a short, fixed list, read from the error the
// API answered with (server/http/errors.ts), so the order code needs no metrics of its own. The
// reasons follow where the server refuses an order: the form and its prices (orders/quote.ts,
// validation), the season (quote.ts), the stock (orders/stock-check.ts), the per-order cap
// (orders/limits.ts), the order and upload rate limits (orders/rate-limits.ts, upload-quota.ts).
import { ApiError } from '../http/errors';

export type RefusalReason =
  | 'validation'
  | 'out_of_stock'
  | 'out_of_season'
  | 'units_limit'
  | 'coupon'
  | 'rate_limited'
  | 'upload_quota'
  | 'too_large'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unavailable'
  | 'error';

/** The i18n keys that name a reason, in the order they are looked for (stock first: it is the one staff act on). */
const KEYED_REASONS: readonly [RefusalReason, (key: string) => boolean][] = [
  ['out_of_stock', (key) => key === 'api.notAvailable'],
  ['out_of_season', (key) => key === 'api.outOfSeason'],
  ['units_limit', (key) => key === 'api.unitsPerOrder'],
  ['upload_quota', (key) => key.startsWith('api.uploadQuota')],
  ['coupon', (key) => key.startsWith('api.coupon')],
];

/** The reason for a refused order's answer: its `status` and the error that made it (Hono's `c.error`), if any. */
export function refusalReason(status: number, error: unknown): RefusalReason {
  if (error instanceof ApiError) {
    const keys = [error.key, ...Object.values(error.fields).flatMap((list) => list.map((m) => m.key))];
    for (const [reason, matches] of KEYED_REASONS) if (keys.some(matches)) return reason;
  }
  if (status === 429) return 'rate_limited';
  if (status === 413) return 'too_large';
  if (status === 401 || status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  // An Idempotency-Key still held by the same order's first request: the client retries.
  if (status === 409) return 'conflict';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'error';
  return 'validation';
}
