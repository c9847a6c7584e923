// Safe retries (spec §7): the header a confirmation or an order carries so that
// sending it again gets the first answer, not a second hand-out or a second order. Apart from the
// delivery contract so that the checkout, which needs only these names, does not load the staff and
// delivery schemas with them (1.6 KB gzip, on a page held to a size budget).
import * as z from 'zod/mini';

/**
 * The request header that makes a confirmation (POST v1/delivery, v1/pickup, both resets) or a
 * placed order safe to send again: a random key per attempt (a UUID), reused for every retry of
 * it. A retry with the same key gets the first successful answer (same status and body, with
 * `Idempotent-Replayed: true`); a refusal is not kept, so the retry runs again.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The header the server adds to an answer it replays for a repeated key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** An idempotency key: UUID-like, 8 to 100 letters, digits, `-` and `_`. */
export const IdempotencyKeySchema = z
  .string({ error: 'api.idempotencyKeyInvalid' })
  .check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'api.idempotencyKeyInvalid'));
