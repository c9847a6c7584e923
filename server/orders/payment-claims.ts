// Payment claims (issue #13): a cash desk claims an order before its terminal charges the card, so
// that a second desk (or a second device paired as the same desk), an edit or a cancellation
// cannot land while the card is being charged. The claim lives in the order's row, not in a
// process: several API processes on one database agree on it.
import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { PAYMENT_CLAIM_TTL_MS } from '../../src/domain/constants';
import type { Db } from '../db/client';
import { orders, totems } from '../db/schema/index';
import { ApiError } from '../http/errors';

/** The moment before which a claim no longer holds (its desk died or gave up). */
export const claimStaleBefore = (now: Date) => new Date(now.getTime() - PAYMENT_CLAIM_TTL_MS);

/**
 * True (in SQL) when no payment attempt other than `attempt` holds a fresh claim on the order.
 * Without an attempt (an edit, a cancellation) every fresh claim holds the order.
 */
export function noOtherPaymentClaim(now: Date, attempt: string | null = null): SQL {
  return or(
    isNull(orders.paymentClaimAttempt),
    lt(orders.paymentClaimedAt, claimStaleBefore(now)),
    attempt == null ? undefined : eq(orders.paymentClaimAttempt, attempt),
  )!;
}

/**
 * The condition under which a payment attempt may claim the order: confirmed, unpaid, and no other
 * attempt's claim, however old. A claim is taken just before its terminal charges the card, and
 * its desk keeps the charge (stored before the terminal is asked) until it is recorded (the claim
 * goes with the payment) or staff say the terminal did not charge (released): a claim that lapsed
 * while the charge was still unresolved (an outage, staff not yet answering) let a second desk
 * charge the card again. The lifetime only lets edits and cancellations through a dead desk's claim.
 */
export function claimableBy(orderId: number, attempt: string): SQL {
  return and(
    eq(orders.id, orderId),
    eq(orders.status, 'confirmed'),
    isNull(orders.paidAt),
    or(isNull(orders.paymentClaimAttempt), eq(orders.paymentClaimAttempt, attempt)),
  )!;
}

/** The columns that clear a claim (a payment recorded, an attempt released). */
export const noClaim = { paymentClaimTotemId: null, paymentClaimAttempt: null, paymentClaimedAt: null } as const;

/**
 * Why an order cannot be claimed, changed or cancelled right now: paid or cancelled (410), or a
 * desk is charging the card (409, naming the desk so staff know whom to ask).
 */
export async function refusal(db: Db, orderId: number, now: Date, { staleClaimsHold = false } = {}): Promise<ApiError> {
  const [current] = await db
    .select({ status: orders.status, paidAt: orders.paidAt, claimedAt: orders.paymentClaimedAt, attempt: orders.paymentClaimAttempt, totem: totems.code })
    .from(orders)
    .leftJoin(totems, eq(totems.id, orders.paymentClaimTotemId))
    .where(eq(orders.id, orderId));
  if (current?.paidAt) return new ApiError(410, 'api.orderAlreadyPaid');
  if (!current || current.status !== 'confirmed') return new ApiError(410, 'api.orderNotEditable');
  if (current.attempt && current.claimedAt && (staleClaimsHold || current.claimedAt >= claimStaleBefore(now))) {
    return new ApiError(409, 'api.paymentInProgress', { totem: current.totem ?? '' });
  }
  return new ApiError(410, 'api.orderNotEditable');
}
