// An order placed with an `Idempotency-Key` (server/http/idempotency.ts) records it in its own
// transaction, so that the key says the order committed even when its answer is never stored.
import { and, eq, sql } from 'drizzle-orm';
import { builtOnce, valueOf } from '../db/built-statements';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import type { IdempotencyClaim } from '../http/context';
import { ApiError } from '../http/errors';

/**
 * Records, inside the transaction that places an order, that this request placed it: from its
 * commit on, a retry with the key answers this order however the request ends. Refused (409, and
 * the transaction rolls back) when the key is no longer this run's: a retry took it over after the
 * lease, and places the order itself.
 */
export async function recordIdempotentOrder(tx: Db, claim: IdempotencyClaim, orderId: number): Promise<void> {
  const [linked] = await linkOrder(tx, { ...claim, orderId });
  if (!linked) throw new ApiError(409, 'api.idempotencyInProgress');
}

const linkOrder = builtOnce((db) =>
  db
    .update(idempotencyKeys)
    .set({ orderId: valueOf<number>('orderId') })
    .where(
      and(
        eq(idempotencyKeys.scope, sql.placeholder('scope')),
        eq(idempotencyKeys.key, sql.placeholder('key')),
        eq(idempotencyKeys.attempt, sql.placeholder('attempt')),
      ),
    )
    .returning({ key: idempotencyKeys.key }),
);
