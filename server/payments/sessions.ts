// Payment sessions: what a real payment provider integration needs from the API, whatever the
// provider. `openPaymentSession` is called when the customer presses "pay"; `completePaymentSession`
// is what the provider's notification (webhook) calls with the outcome — here the simulated hosted
// page (simulator.ts) calls it directly. Both are safe against double clicks and races: a session
// ends once, and an order is marked paid once, only for the amount the customer was shown.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { PAYMENT_SESSION_MINUTES, type PaymentOutcome } from '../../src/api/contract/payments';
import type { Locale } from '../../src/i18n/index';
import { orders, paymentSessions } from '../db/schema/index';
import { ApiError } from '../http/errors';
import { isUniqueViolation } from '../db/errors';
import type { AppDeps } from '../http/context';
import { publishOrder } from '../realtime/events';
import type { OrderRow } from '../orders/write';

export type PaymentSessionRow = typeof paymentSessions.$inferSelect;

/**
 * The payment session for the order's current total: the open one when there is one for that
 * amount (a second press, another tab, coming back from the provider's page), else a new one, which
 * expires any open session for an older total.
 */
export async function openPaymentSession(
  deps: Pick<AppDeps, 'database' | 'now'>,
  order: OrderRow,
  returnPath: string,
  locale: Locale,
): Promise<PaymentSessionRow> {
  if (order.status !== 'confirmed') throw new ApiError(410, 'api.orderNotPayable');
  if (order.paidAt) throw new ApiError(410, 'api.orderAlreadyPaid');
  if (order.totalAmount <= 0) throw new ApiError(410, 'api.nothingToPay');
  const now = deps.now();
  const { db } = deps.database;
  const current = async () => {
    const [open] = await db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, 'open'), gt(paymentSessions.expiresAt, now)));
    if (!open || open.amount !== order.totalAmount) return null;
    // The way back follows the latest page the customer paid from.
    const [updated] = await db.update(paymentSessions).set({ returnPath, locale }).where(eq(paymentSessions.id, open.id)).returning();
    return updated ?? open;
  };
  const reused = await current();
  if (reused) return reused;
  try {
    return await db.transaction(async (tx) => {
      await tx
        .update(paymentSessions)
        .set({ status: 'expired', completedAt: now })
        .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, 'open')));
      const [session] = await tx
        .insert(paymentSessions)
        .values({
          id: randomBytes(24).toString('base64url'),
          orderId: order.id,
          amount: order.totalAmount,
          returnPath,
          locale,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PAYMENT_SESSION_MINUTES * 60_000),
        })
        .returning();
      return session!;
    });
  } catch (err) {
    // Another request opened one at the same moment (one open session per order): continue it.
    const other = isUniqueViolation(err) ? await current() : null;
    if (other) return other;
    throw err;
  }
}

export async function findPaymentSession(deps: Pick<AppDeps, 'database'>, id: string): Promise<PaymentSessionRow | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(id)) return null;
  const [session] = await deps.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, id));
  return session ?? null;
}

/** The order a session pays, for the hosted page's summary. */
export async function sessionOrder(deps: Pick<AppDeps, 'database'>, session: PaymentSessionRow): Promise<OrderRow | null> {
  const [order] = await deps.database.db.select().from(orders).where(eq(orders.id, session.orderId));
  return order ?? null;
}

export interface Completion {
  outcome: PaymentOutcome;
  session: PaymentSessionRow;
}

/**
 * Ends an open session with what the provider reports (`paid`, `cancelled` or `failed`) and, when
 * paid, marks the order paid. A session that already ended keeps its outcome; one past its time is
 * `expired`. A payment for an order that changed meanwhile (edited total, cancelled, paid at the
 * cash desk) is recorded as `failed` and the order stays as it is: the provider must refund it.
 */
export async function completePaymentSession(
  deps: Pick<AppDeps, 'database' | 'now' | 'realtime'>,
  id: string,
  reported: Exclude<PaymentOutcome, 'expired'>,
): Promise<Completion | null> {
  const now = deps.now();
  const result = await deps.database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(paymentSessions)
      .set({ status: reported, completedAt: now })
      .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open'), gt(paymentSessions.expiresAt, now)))
      .returning();
    if (!claimed) return null;
    if (reported !== 'paid') return { outcome: reported, session: claimed, paidOrder: null };
    const [paidOrder] = await tx
      .update(orders)
      .set({
        paidAt: now,
        paymentLog: { method: 'online', date: now.toISOString(), session: claimed.id, amount: claimed.amount },
        updatedAt: now,
      })
      .where(
        and(
          eq(orders.id, claimed.orderId),
          eq(orders.status, 'confirmed'),
          isNull(orders.paidAt),
          eq(orders.totalAmount, claimed.amount),
        ),
      )
      .returning();
    if (paidOrder) return { outcome: 'paid' as const, session: claimed, paidOrder };
    const [failed] = await tx.update(paymentSessions).set({ status: 'failed' }).where(eq(paymentSessions.id, id)).returning();
    return { outcome: 'failed' as const, session: failed!, paidOrder: null };
  });
  if (result) {
    if (result.paidOrder) void publishOrder(deps, 'order.paid', result.paidOrder);
    return { outcome: result.outcome, session: result.session };
  }
  // Not open any more. A payment reported for it (a session replaced by one for a new total, or
  // past its time) took money the order will not get: recorded as `failed`, for the provider to
  // refund. Otherwise report how it ended, marking it expired if it simply ran out of time.
  const session = await findPaymentSession(deps, id);
  if (!session) return null;
  const ended = session.status === 'open' ? 'expired' : session.status;
  if (reported === 'paid' && ended === 'expired') {
    const [failed] = await deps.database.db
      .update(paymentSessions)
      .set({ status: 'failed', completedAt: session.completedAt ?? now })
      .where(and(eq(paymentSessions.id, id), inArray(paymentSessions.status, ['open', 'expired'])))
      .returning();
    if (failed) return { outcome: 'failed', session: failed };
  } else if (session.status === 'open') {
    await deps.database.db
      .update(paymentSessions)
      .set({ status: 'expired', completedAt: now })
      .where(and(eq(paymentSessions.id, id), eq(paymentSessions.status, 'open')));
  }
  // Re-read: a completion racing with this one may have ended it first.
  const final = (await findPaymentSession(deps, id))!;
  return { outcome: final.status === 'open' ? 'expired' : final.status, session: final };
}
