// Payment sessions: what a payment provider integration needs from the API, whatever the
// provider. `openPaymentSession` is called when the customer presses "pay"; `completePaymentSession`
// is what the provider's notification calls with the outcome: Stripe's webhook
// (server/payments/stripe-events.ts, through `completeInTransaction`, with the event recorded in
// the same transaction) or the demo's simulated page (server/routes/payments.ts). Both are safe against double clicks and
// races: a session ends once, and an order is marked paid once, only for the amount the customer
// was shown; money reported after that is recorded as to refund, never lost.
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { PAYMENT_SESSION_MINUTES, type PaymentOutcome } from '~/api/contract/payments';
import type { Locale } from '~/i18n/index';
import { orders, paymentSessions } from '../db/schema/index';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import type { AppDeps } from '../http/context';
import { publishOrder } from '../realtime/events';
import type { OrderRow } from '../orders/write';

export type PaymentSessionRow = typeof paymentSessions.$inferSelect;

export type PaymentProvider = PaymentSessionRow['provider'];

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
  return (await openSession(deps, order, returnPath, locale, 'simulator')).session;
}

/**
 * openPaymentSession for a provider, with the sessions the new one replaced (expired here): a
 * provider's page for them must be closed there too (Stripe: server/payments/stripe.ts), or an old
 * tab could still pay the old total.
 */
export async function openSession(
  deps: Pick<AppDeps, 'database' | 'now'>,
  order: OrderRow,
  returnPath: string,
  locale: Locale,
  provider: PaymentProvider,
  /** The session's life, when the provider's differs from PAYMENT_SESSION_MINUTES (Stripe's starts a minute later). */
  lifeMs = PAYMENT_SESSION_MINUTES * 60_000,
): Promise<{ session: PaymentSessionRow; replaced: PaymentSessionRow[] }> {
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
    // A session of another provider (the configuration changed) is replaced like an older total.
    if (open && open.amount === current.totalAmount && open.provider === provider) {
      // The way back follows the latest page the customer paid from.
      const [updated] = await tx.update(paymentSessions).set({ returnPath, locale }).where(eq(paymentSessions.id, open.id)).returning();
      return { session: updated!, replaced: [] };
    }
    const replaced = await tx
      .update(paymentSessions)
      .set({ status: 'expired', completedAt: now })
      .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.status, 'open')))
      .returning();
    const [session] = await tx
      .insert(paymentSessions)
      .values({
        id: randomBytes(24).toString('base64url'),
        orderId: order.id,
        amount: current.totalAmount,
        returnPath,
        locale,
        provider,
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifeMs),
      })
      .returning();
    return { session: session!, replaced };
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
  if (session.status === 'refund_due' || session.status === 'refunded') return 'refund';
  return session.status;
}

/** What a provider reports of a session: the customer's outcome, or (Stripe) that its page expired. */
export type Reported = Exclude<PaymentOutcome, 'refund'>;

/** The provider's payment the report is about (Stripe: the PaymentIntent), kept on the session and the order. */
export interface ProviderPayment {
  provider: PaymentProvider;
  paymentId: string | null;
  /** The provider charged what the session asked (amount and currency); false: the money is not the order's. */
  amountMatches: boolean;
}

interface TxCompletion {
  session: PaymentSessionRow;
  paidOrder: OrderRow | null;
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
  reported: Exclude<Reported, 'expired'>,
): Promise<Completion | null> {
  const now = deps.now();
  const result = await deps.database.db.transaction((tx) => completeInTransaction(tx, now, id, reported));
  return afterCompletion(deps, result);
}

/** After the commit: the kiosks hear of a paid order (and the metrics count it); the customer's outcome. */
export function afterCompletion(deps: Pick<AppDeps, 'now' | 'realtime' | 'metrics'>, result: TxCompletion | null): Completion | null {
  if (!result) return null;
  if (result.paidOrder) void publishOrder(deps, 'order.paid', result.paidOrder);
  return { outcome: sessionOutcome(result.session), session: result.session };
}

/** completePaymentSession's work inside the caller's transaction (the webhook records its event in the same one). */
export async function completeInTransaction(
  tx: Db,
  now: Date,
  id: string,
  reported: Reported,
  payment: ProviderPayment = { provider: 'simulator', paymentId: null, amountMatches: true },
): Promise<TxCompletion | null> {
  const [target] = await tx.select({ orderId: paymentSessions.orderId }).from(paymentSessions).where(eq(paymentSessions.id, id));
  if (!target) return null;
  // The order's row first, as openPaymentSession does: every write to the order's sessions then
  // happens under that lock, so what is read below stays true until commit, and the two cannot
  // deadlock (each would otherwise hold one of the two rows and wait for the other).
  const [order] = await tx.select().from(orders).where(eq(orders.id, target.orderId)).for('update');
  const [session] = await tx.select().from(paymentSessions).where(eq(paymentSessions.id, id));
  if (!order || !session) return null;
  // A report from another provider than the session's is nobody's money: the simulator's page never ends a Stripe session.
  if (session.provider !== payment.provider) return null;
  const paymentId = reported === 'paid' ? payment.paymentId : null;
  const end = async (status: PaymentSessionRow['status'], completedAt: Date) => {
    const [ended] = await tx
      .update(paymentSessions)
      .set({ status, completedAt, ...(paymentId ? { providerPaymentId: paymentId } : {}) })
      .where(eq(paymentSessions.id, id))
      .returning();
    return ended!;
  };
  if (session.status === 'open' && session.expiresAt > now) {
    if (reported !== 'paid') return { session: await end(reported, now), paidOrder: null };
    const payable = payment.amountMatches && order.status === 'confirmed' && !order.paidAt && order.totalAmount === session.amount;
    if (!payable) return { session: await end('refund_due', now), paidOrder: null };
    const [paidOrder] = await tx
      .update(orders)
      .set({
        paidAt: now,
        paymentLog: {
          method: 'online',
          date: now.toISOString(),
          session: id,
          amount: session.amount,
          ...(paymentId ? { provider: payment.provider, payment_id: paymentId } : {}),
        },
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    return { session: await end('paid', now), paidOrder: paidOrder! };
  }
  // Not open any more. A payment reported for it is money the order will not get; any other
  // report leaves the ending as it is, marking the session expired if it simply ran out of time.
  if (reported === 'paid' && session.status !== 'paid' && session.status !== 'refund_due' && session.status !== 'refunded') {
    return { session: await end('refund_due', session.completedAt ?? now), paidOrder: null };
  }
  if (session.status === 'open') return { session: await end('expired', now), paidOrder: null };
  return { session, paidOrder: null };
}
