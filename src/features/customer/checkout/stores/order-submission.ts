// The checkout's Idempotency-Key. Placing an order is not idempotent: when its answer
// is lost (the line drops, the server is slow to answer a phone on the move) the customer presses
// the button again, and without a key that would be a second order holding stock twice. So each
// submission gets a key before its first try, kept (in this browser, across a reload) until a
// definite answer comes; a retry of the same submission — the same fields and documents — sends
// the same key, and the API answers it with the first order instead of placing another. A changed
// submission gets a new key.
import * as z from 'zod/mini';
import { IDEMPOTENCY_HEADER } from '~/api/contract/idempotency';
import { orderFormFingerprint } from '~/domain/orders';
import { failureKind } from '~/domain/retry';
import { ORDER_SUBMISSION_KEY } from '~/stores/keys';
import { persistentValidated } from '~/stores/persisted';

const PendingSchema = z.nullable(z.object({ key: z.string(), fingerprint: z.string() }));

/** The submission still without a definite answer, if any. */
export const $pendingOrderSubmission = persistentValidated(ORDER_SUBMISSION_KEY, PendingSchema, () => null);

export interface OrderSubmission {
  /** The request headers carrying the key. */
  headers: Record<string, string>;
  /**
   * The outcome: the status answered, or null when no answer came. An order placed or refused
   * ends the submission; no answer, a server error, 409 or 429 keep its key for the retry.
   */
  settle(status: number | null): void;
}

/** The key for sending `form`: the pending submission's when it is the same, else a new one. */
export function orderSubmission(form: FormData): OrderSubmission {
  const fingerprint = orderFormFingerprint(form);
  let pending = $pendingOrderSubmission.get();
  if (pending?.fingerprint !== fingerprint) {
    pending = { key: crypto.randomUUID(), fingerprint };
    $pendingOrderSubmission.set(pending);
  }
  const { key } = pending;
  return {
    headers: { [IDEMPOTENCY_HEADER]: key },
    settle(status) {
      const definite = status !== null && (status < 300 || failureKind(status) === 'refused');
      if (definite && $pendingOrderSubmission.get()?.key === key) $pendingOrderSubmission.set(null);
    },
  };
}
