// When to try again a request that must eventually reach the API (a payment the terminal took, a
// delivery confirmed during an outage), and which failures are worth another try at all.

/** `firstMs`, doubling at each attempt, never more than `maxMs`. */
export function backoffDelay(attempt: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt));
}

/** HTTP statuses that say "not now" rather than "no": the same request may succeed later. */
const TRANSIENT_STATUSES = new Set([401, 408, 409, 425, 429]);

/**
 * `retry` when the request may succeed unchanged later: no answer (status null), a server error,
 * an idempotent request still in progress (409), rate limiting, or a kiosk token to renew (401:
 * staff pair the kiosk again and the queue goes on). `refused` when the API judged the request
 * itself (422, 404, 410, 403): sending it again cannot help; a person must decide.
 */
export function failureKind(status: number | null): 'retry' | 'refused' {
  if (status === null || status >= 500 || TRANSIENT_STATUSES.has(status)) return 'retry';
  return 'refused';
}
