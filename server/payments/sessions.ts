// Payment sessions: what a real payment provider integration needs from the API, whatever the
// provider. `openPaymentSession` is called when the customer presses "pay"; `completePaymentSession`
// is what the provider's notification (webhook) calls with the outcome — here the simulated hosted
// page (server/routes/payments.ts) calls it directly. Both are safe against double clicks and
// races: a session ends once, and an order is marked paid once, only for the amount the customer
// was shown; money reported after that is recorded as to refund, never lost.
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { PAYMENT_SESSION_MINUTES, type PaymentOutcome } from '../../src/api/contract/payments';
import type { Locale } from '../../src/i18n/index';
import { orders, paymentSessions } from '../db/schema/index';
import { ApiError } from '../http/errors';
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
  const now = deps.now();
  // One transaction holding the order's row: two requests at the same moment (two tabs, a retry)
  // would otherwise both find no session, and the second would expire the session the first had
  // just handed out. The order is read again under the lock, as the caller's copy may be stale.
  return deps.database.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: orders.status, paidAt: orders.paidAt, totalAmount: orders.totalAmount })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for('update');
    if (!current || current.status !== 'confirmed') throw new ApiError(410, 'api.orderNotPayable');
    if (current.paidAt) throw new ApiError(410, 'api.orderAlreadyPaid');
    if (current.totalAmount <= 0) throw new ApiError(410, 'api.nothingToPay');
    const [open] = await tx
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, 'open'), gt(paymentSessions.expiresAt, now)));
    if (open && open.amount === current.totalAmount) {
      // The way back follows the latest page the customer paid from.
      const [updated] = await tx.update(paymentSessions).set({ returnPath, locale }).where(eq(paymentSessions.id, open.id)).returning();
      return updated!;
    }
    await tx
      .update(paymentSessions)
      .set({ status: 'expired', completedAt: now })
      .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, 'open')));
    const [session] = await tx
      .insert(paymentSessions)
      .values({
        id: randomBytes(24).toString('base64url'),
        orderId: order.id,
        amount: current.totalAmount,
        returnPath,
        locale,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PAYMENT_SESSION_MINUTES * 60_000),
      })
      .returning();
    return session!;
  });
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

/** What the customer is told of a session that ended, or that ran out of time while `open`. */
export function sessionOutcome(session: Pick<PaymentSessionRow, 'status'>): PaymentOutcome {
  if (session.status === 'open') return 'expired';
  if (session.status === 'refund_due') return 'refund';
  return session.status;
}

/**
 * Ends an open session with what the provider reports (`paid`, `cancelled` or `failed`) and, when
 * paid, marks the order paid. A session that already ended keeps its outcome; one past its time is
 * `expired`. Money reported taken that the order does not get — the order changed meanwhile (edited
 * total, cancelled, paid at the cash desk), or the session had already ended (replaced by one for a
 * new total, past its time, given up, card refused) — is recorded as `refund_due`, for the provider
 * to refund, and never overwrites a `paid` session.
 */
export async function completePaymentSession(
  deps: Pick<AppDeps, 'database' | 'now' | 'realtime' | 'metrics'>,
  id: string,
  reported: Exclude<PaymentOutcome, 'expired' | 'refund'>,
): Promise<Completion | null> {
  const now = deps.now();
  const result = await deps.database.db.transaction(async (tx) => {
    const [target] = await tx.select({ orderId: paymentSessions.orderId }).from(paymentSessions).where(eq(paymentSessions.id, id));
    if (!target) return null;
    // The order's row first, as openPaymentSession does: every write to the order's sessions then
    // happens under that lock, so what is read below stays true until commit, and the two cannot
    // deadlock (each would otherwise hold one of the two rows and wait for the other).
    const [order] = await tx.select().from(orders).where(eq(orders.id, target.orderId)).for('update');
    const [session] = await tx.select().from(paymentSessions).where(eq(paymentSessions.id, id));
    if (!order || !session) return null;
    const end = async (status: PaymentSessionRow['status'], completedAt: Date) => {
      const [ended] = await tx.update(paymentSessions).set({ status, completedAt }).where(eq(paymentSessions.id, id)).returning();
      return ended!;
    };
    if (session.status === 'open' && session.expiresAt > now) {
      if (reported !== 'paid') return { session: await end(reported, now), paidOrder: null };
      const payable = order.status === 'confirmed' && !order.paidAt && order.totalAmount === session.amount;
      if (!payable) return { session: await end('refund_due', now), paidOrder: null };
      const [paidOrder] = await tx
        .update(orders)
        .set({
          paidAt: now,
          paymentLog: { method: 'online', date: now.toISOString(), session: id, amount: session.amount },
          updatedAt: now,
        })
        .where(eq(orders.id, order.id))
        .returning();
      return { session: await end('paid', now), paidOrder: paidOrder! };
    }
    // Not open any more. A payment reported for it is money the order will not get; any other
    // report leaves the ending as it is, marking the session expired if it simply ran out of time.
    if (reported === 'paid' && session.status !== 'paid' && session.status !== 'refund_due') {
      return { session: await end('refund_due', session.completedAt ?? now), paidOrder: null };
    }
    if (session.status === 'open') return { session: await end('expired', now), paidOrder: null };
    return { session, paidOrder: null };
  });
  if (!result) return null;
  if (result.paidOrder) void publishOrder(deps, 'order.paid', result.paidOrder);
  return { outcome: sessionOutcome(result.session), session: result.session };
}
