// Stripe's webhook events about Checkout Sessions, applied once each. The event only says which
// Checkout Session changed: its state is read back from Stripe (as Stripe's fulfilment guide does),
// then the event's id is written in the same transaction as what it changed, so a delivery
// repeated by Stripe is answered 200 and changes nothing. Money the order did not get (paid after
// the session ended, for an order paid or cancelled meanwhile, or not the amount the customer was
// shown) is refunded through Stripe at once; a refund that fails stays `refund_due` for an operator.
import { and, eq, isNull, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { paymentEvents, paymentSessions } from '../db/schema/index';
import { ApiError } from '../http/errors';
import type { AppDeps } from '../http/context';
import { log } from '../log';
import { afterCompletion, completeInTransaction, type PaymentSessionRow, type Reported } from './sessions';
import { cents, stripeFailure, type StripeProvider } from './stripe-client';

type EventDeps = Pick<AppDeps, 'database' | 'now' | 'realtime' | 'metrics'> & { stripe: StripeProvider };

/** The events the webhook endpoint is subscribed to (OPERATING.md "Taking payments online"). */
export const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
type CheckoutEvent = (typeof CHECKOUT_EVENTS)[number];

/** What an event means for our session, given the Checkout Session as Stripe has it now; null: nothing yet. */
function reportOf(type: CheckoutEvent, checkout: Stripe.Checkout.Session): Reported | null {
  if (type === 'checkout.session.expired') return 'expired';
  if (type === 'checkout.session.async_payment_failed') return 'failed';
  // `completed` with `unpaid`: a delayed method (SEPA debit…) whose outcome comes as an async event.
  return checkout.payment_status === 'paid' ? 'paid' : null;
}

export type EventResult = 'applied' | 'replay' | 'ignored';

/**
 * Applies one verified event. Stripe unreachable while reading the session back: 503 and nothing
 * written, so Stripe's retry of the same event is applied in full.
 */
export async function applyStripeEvent(deps: EventDeps, event: Stripe.Event): Promise<EventResult> {
  if (!(CHECKOUT_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
  const type = event.type as CheckoutEvent;
  const sent = event.data.object as Stripe.Checkout.Session;
  let checkout: Stripe.Checkout.Session;
  try {
    checkout = await deps.stripe.client.checkout.sessions.retrieve(sent.id);
  } catch (err) {
    log().error({ stripe: stripeFailure(err), event: event.id }, 'stripe: checkout session not read back, webhook answered 503');
    throw new ApiError(503, 'api.paymentProviderUnavailable');
  }
  const paymentId = typeof checkout.payment_intent === 'string' ? checkout.payment_intent : (checkout.payment_intent?.id ?? null);
  const now = deps.now();
  const result = await deps.database.db.transaction(async (tx) => {
    // Ours only if the session it names was opened for this very Checkout Session (or is still waiting for its id).
    const ref = checkout.client_reference_id ?? '';
    const [session] = await tx
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.id, ref), eq(paymentSessions.provider, 'stripe'), or(isNull(paymentSessions.providerSessionId), eq(paymentSessions.providerSessionId, checkout.id))));
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type, sessionId: session?.id ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'replay' as const;
    if (!session) {
      log().warn({ event: event.id, checkout: checkout.id }, 'stripe: event for a checkout session that is not ours, ignored');
      return null;
    }
    const report = reportOf(type, checkout);
    if (!report) return null;
    const amountMatches = checkout.amount_total === cents(session.amount) && checkout.currency === 'eur';
    if (report === 'paid' && !amountMatches) {
      log().error({ event: event.id, session: session.id, charged: checkout.amount_total, currency: checkout.currency, asked: cents(session.amount) }, 'stripe: amount differs from the one shown, to refund');
    }
    return completeInTransaction(tx, now, session.id, report, { provider: 'stripe', paymentId, amountMatches });
  });
  if (result === 'replay') return 'replay';
  const completion = afterCompletion(deps, result);
  if (completion?.session.status === 'refund_due') await refundSession(deps, completion.session);
  return 'applied';
}

/**
 * Gives back through Stripe the money a session took that its order did not get. Idempotent: the
 * key names the session, so a second run (another event, an operator's retry) is the same refund.
 */
export async function refundSession(deps: EventDeps, session: PaymentSessionRow): Promise<void> {
  const fields = { session: session.id, order: session.orderId, payment: session.providerPaymentId, amount: session.amount };
  if (!session.providerPaymentId) {
    log().error(fields, 'stripe: money to refund without a payment id, left to refund by hand');
    deps.metrics.paymentRefunds.inc({ outcome: 'failed' });
    return;
  }
  try {
    const refund = await deps.stripe.client.refunds.create(
      { payment_intent: session.providerPaymentId, metadata: { payment_session: session.id } },
      { idempotencyKey: `refund-${session.id}` },
    );
    await deps.database.db
      .update(paymentSessions)
      .set({ status: 'refunded', refundId: refund.id, refundedAt: deps.now() })
      .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, 'refund_due')));
    log().info({ ...fields, refund: refund.id }, 'stripe: payment the order did not get refunded');
    deps.metrics.paymentRefunds.inc({ outcome: 'refunded' });
  } catch (err) {
    log().error({ ...fields, stripe: stripeFailure(err) }, 'stripe: refund failed, left to refund by hand');
    deps.metrics.paymentRefunds.inc({ outcome: 'failed' });
  }
}
