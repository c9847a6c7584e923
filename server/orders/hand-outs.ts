// An edit or a cancellation racing a hand-out. Once a unit of an order is out, its
// lines and dates may not change and it may not be cancelled (access.ts says so before anything is
// read). That check alone is a read-then-write: a delivery committed between it and the write let a
// cancel succeed with units out, and an edit delete the lines a delivery points at (a foreign-key
// failure: 500). So the decision is taken again inside the write's transaction, under the order's
// row lock, which deliveries take too:
// - an edit or cancel locks the order row (FOR NO KEY UPDATE) first, then writes with a condition
//   "no unit of this order was ever handed out". In READ COMMITTED each statement reads the rows
//   committed before it started, so the conditional write, run after the lock was granted, sees
//   every delivery that held the lock before it (a NOT EXISTS inside the UPDATE alone would not:
//   PostgreSQL re-checks a waiting UPDATE against the new version of its own row only).
// - a delivery locks the same row (FOR SHARE: deliveries of one order do not wait for each other)
//   and only while the order is confirmed, before it reads the order's lines.
// On PGlite every transaction is exclusive, so the same statements are trivially serialised.
import { and, eq, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryDetails, orders } from '../db/schema/index';
import { ApiError } from '../http/errors';
import { refusal } from './payment-claims';

/** Status and message of "units of this order are out": it can no longer change (see access.ts). */
export const handedOutError = () => new ApiError(410, 'api.orderHandedOut');

/** True (in SQL, for a write on `orders`) while no unit was ever handed out for the order. */
export function noHandOut(): SQL {
  return notExists(
    sql`(select 1 from ${deliveryDetails} where ${deliveryDetails.orderId} = ${orders.id})`,
  );
}

/** Whether a unit of the order was ever handed out (read inside the caller's transaction). */
export async function hasHandOut(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: deliveryDetails.id }).from(deliveryDetails).where(eq(deliveryDetails.orderId, orderId)).limit(1);
  return !!row;
}

/** An edit or cancel: waits for any delivery of the order in progress; call first in the transaction. */
export async function lockOrderForChange(tx: Db, orderId: number): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('no key update');
}

/**
 * A delivery: holds the order while its units go out, and only if it is still confirmed (a
 * cancellation that committed meanwhile wins: 410). Call before reading the order's lines.
 */
export async function lockOrderForHandOut(tx: Db, orderId: number): Promise<void> {
  const [live] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'confirmed')))
    .for('share');
  if (!live) throw new ApiError(410, 'api.orderNotEditable');
}

/** Why a conditional edit or cancel wrote nothing: units out first, else the payment reasons. */
export async function changeRefusal(db: Db, orderId: number, now: Date): Promise<ApiError> {
  if (await hasHandOut(db, orderId)) return handedOutError();
  return refusal(db, orderId, now);
}
