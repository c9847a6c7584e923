// Payment claims: a cash desk claims an order before its terminal charges the card, so
// that a second desk (or a second device paired as the same desk), an edit or a cancellation
// cannot land while the card is being charged. The claim lives in the order's row, not in a
// process: several API processes on one database agree on it. A payment is recorded only under its
// own claim; the claim of a desk that is gone is released by staff with a kiosk's password.
import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { PAYMENT_CLAIM_TTL_MS } from '~/domain/desk-payments';
import { roundMoney } from '~/domain/money';
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
 * The condition under which `attempt` may record its payment: confirmed, unpaid, and claimed by this
 * very attempt. A desk that charged without the claim, or whose claim staff released (its desk
 * was gone) and another desk took, cannot record: its charge is money to give back.
 */
export function claimedBy(orderId: number, attempt: string): SQL {
  return and(eq(orders.id, orderId), eq(orders.status, 'confirmed'), isNull(orders.paidAt), eq(orders.paymentClaimAttempt, attempt))!;
}

/** What the order's row says about its payment now, with the code of the desk holding its claim. */
async function paymentState(db: Db, orderId: number) {
  const [current] = await db
    .select({
      status: orders.status,
      paidAt: orders.paidAt,
      totalAmount: orders.totalAmount,
      claimedAt: orders.paymentClaimedAt,
      attempt: orders.paymentClaimAttempt,
      totem: totems.code,
    })
    .from(orders)
    .leftJoin(totems, eq(totems.id, orders.paymentClaimTotemId))
    .where(eq(orders.id, orderId));
  return current;
}

export interface ClaimHolder {
  totem: string;
  attempt: string;
  claimedAt: Date;
}

/** The desk holding the order's payment claim, or null when none does (however old the claim). */
export async function claimHolder(db: Db, orderId: number): Promise<ClaimHolder | null> {
  const current = await paymentState(db, orderId);
  if (!current?.attempt || !current.claimedAt) return null;
  return { totem: current.totem ?? '', attempt: current.attempt, claimedAt: current.claimedAt };
}

/** How many times a release reads the claim again when it changed between its read and its write. */
const RELEASE_TRIES = 3;

/**
 * Frees the order from the claim of desk `totem` (staff release a gone desk's claim): the claim
 * released, or null when no desk held one. 409 naming the holder when another desk holds it: staff
 * were asked about `totem`, not about a charge that started since.
 */
export async function releaseClaimOf(db: Db, orderId: number, totem: string): Promise<ClaimHolder | null> {
  for (let tries = 0; tries < RELEASE_TRIES; tries++) {
    const holder = await claimHolder(db, orderId);
    if (!holder) return null;
    if (holder.totem !== totem) throw new ApiError(409, 'api.paymentInProgress', { totem: holder.totem });
    const [row] = await db
      .update(orders)
      .set(noClaim)
      .where(and(eq(orders.id, orderId), eq(orders.paymentClaimAttempt, holder.attempt)))
      .returning({ id: orders.id });
    if (row) return holder;
  }
  // The claim kept changing under the release: a desk is busy with the order right now.
  const holder = await claimHolder(db, orderId);
  throw new ApiError(409, 'api.paymentInProgress', { totem: holder?.totem ?? totem });
}

/**
 * Why `attempt` could not record its payment of `amount`: paid (410), cancelled (410), a total that
 * changed since the charge (409), or the claim held by another desk (409 naming it) or by nobody
 * (409): in every case the terminal's charge is not this order's payment.
 */
export async function paymentRefusal(db: Db, orderId: number, amount: number): Promise<ApiError> {
  const current = await paymentState(db, orderId);
  if (current?.paidAt) return new ApiError(410, 'api.orderAlreadyPaid');
  if (!current || current.status !== 'confirmed') return new ApiError(410, 'api.orderNotEditable');
  const total = roundMoney(current.totalAmount);
  if (total !== amount) return new ApiError(409, 'api.paymentAmountMismatch', { amount, total });
  if (current.attempt) return new ApiError(409, 'api.paymentInProgress', { totem: current.totem ?? '' });
  return new ApiError(409, 'api.paymentNotClaimed');
}

/**
 * Why an order cannot be claimed, changed or cancelled right now: paid or cancelled (410), or a
 * desk is charging the card (409, naming the desk so staff know whom to ask).
 */
export async function refusal(db: Db, orderId: number, now: Date, { staleClaimsHold = false } = {}): Promise<ApiError> {
  const current = await paymentState(db, orderId);
  if (current?.paidAt) return new ApiError(410, 'api.orderAlreadyPaid');
  if (!current || current.status !== 'confirmed') return new ApiError(410, 'api.orderNotEditable');
  if (current.attempt && current.claimedAt && (staleClaimsHold || current.claimedAt >= claimStaleBefore(now))) {
    return new ApiError(409, 'api.paymentInProgress', { totem: current.totem ?? '' });
  }
  return new ApiError(410, 'api.orderNotEditable');
}
