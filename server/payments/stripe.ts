// Stripe Checkout, through Stripe's own library, as its documentation tells merchants to take a
// one-off payment: the server creates a Checkout Session for the order's total and sends the
// customer to the page Stripe hosts (https://checkout.stripe.com/…); what was paid is learnt only
// from Stripe's signed webhook (./stripe-events.ts), never from the customer coming back. The
// secret key lives in this module's client: it is never logged, answered or put in a page.
import type Stripe from 'stripe';
import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '~/i18n/index';
import { paymentSessions } from '../db/schema/index';
import { ApiError } from '../http/errors';
import type { AppDeps } from '../http/context';
import { translator } from '../http/locale';
import { log } from '../log';
import type { OrderRow } from '../orders/write';
import { PAYMENT_SESSION_MINUTES } from '~/api/contract/payments';
import { returnUrl } from './return-url';
import { openSession, type PaymentSessionRow } from './sessions';
import { cents, stripeFailure, type StripeProvider } from './stripe-client';

/**
 * A Checkout Session lives at least 30 minutes by Stripe's rule, counted when Stripe receives the
 * request: asking for exactly 30 from our clock would be refused for the time the request took. A
 * minute more, and our session ends when Stripe's does.
 */
export const STRIPE_SESSION_LIFE_MS = (PAYMENT_SESSION_MINUTES + 1) * 60_000;
/** Stripe's shortest life, and a margin for the request's way there. */
const STRIPE_MIN_LIFE_MS = PAYMENT_SESSION_MINUTES * 60_000 + 10_000;

/**
 * The customer's press of "pay" with Stripe: the order's payment session (reused while open for the
 * same total, as with any provider) and its Checkout Session, created once. The idempotency key
 * names the order, the total and our session, so a retry (ours after a lost answer, the library's
 * own, two presses at once) gets the same Checkout Session back from Stripe instead of a second page
 * to pay on. Stripe unreachable: 503, and the session waits for the next press with the same key.
 */
export async function openCheckout(
  deps: Pick<AppDeps, 'database' | 'now' | 'siteUrl'> & { stripe: StripeProvider },
  order: OrderRow,
  returnPath: string,
  locale: Locale,
): Promise<PaymentSessionRow> {
  let { session, replaced } = await openSession(deps, order, returnPath, locale, 'stripe', STRIPE_SESSION_LIFE_MS);
  if (!session.providerUrl && session.expiresAt.getTime() - deps.now().getTime() < STRIPE_MIN_LIFE_MS) {
    // Stripe could not be reached when this session opened, and its end is now too close for
    // Stripe to accept: start a new one (nobody was given a page to pay the old one on).
    await deps.database.db
      .update(paymentSessions)
      .set({ status: 'expired', completedAt: deps.now() })
      .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, 'open'), isNull(paymentSessions.providerUrl)));
    ({ session, replaced } = await openSession(deps, order, returnPath, locale, 'stripe', STRIPE_SESSION_LIFE_MS));
  }
  // An older total's page must not take money any more: closed at Stripe too (a payment landing
  // there anyway is refunded by the webhook).
  for (const old of replaced) if (old.providerSessionId) void expireCheckout(deps.stripe, old.providerSessionId);
  if (session.providerUrl) return session;
  const t = translator(locale);
  const amount = cents(session.amount);
  const metadata = { order_number: order.number, order_uuid: order.uuid, payment_session: session.id };
  let checkout: Stripe.Checkout.Session;
  try {
    checkout = await deps.stripe.client.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: amount, product_data: { name: t('paymentPage.checkoutItem', { number: order.number }) } } }],
        locale,
        client_reference_id: session.id,
        metadata,
        payment_intent_data: { metadata },
        // The customer's way back; whether they paid is the webhook's to say.
        success_url: `${deps.siteUrl}${returnUrl(session.returnPath, 'paid')}`,
        cancel_url: `${deps.siteUrl}${returnUrl(session.returnPath, 'cancelled')}`,
        expires_at: Math.floor(session.expiresAt.getTime() / 1000),
      },
      { idempotencyKey: `checkout-${order.uuid}-${amount}-${session.id}` },
    );
  } catch (err) {
    log().error({ stripe: stripeFailure(err), order: order.number }, 'stripe: checkout session not created, answered 503');
    throw new ApiError(503, 'api.paymentProviderUnavailable');
  }
  if (!checkout.url) {
    log().error({ checkout: checkout.id }, 'stripe: checkout session without a url, answered 503');
    throw new ApiError(503, 'api.paymentProviderUnavailable');
  }
  const [stored] = await deps.database.db
    .update(paymentSessions)
    .set({ providerSessionId: checkout.id, providerUrl: checkout.url })
    .where(eq(paymentSessions.id, session.id))
    .returning();
  return stored!;
}

/** Closes a Checkout Session at Stripe; a failure is only logged (a payment still made there is refunded). */
async function expireCheckout(stripe: StripeProvider, checkoutId: string): Promise<void> {
  try {
    await stripe.client.checkout.sessions.expire(checkoutId, {}, { idempotencyKey: `expire-${checkoutId}` });
  } catch (err) {
    log().warn({ stripe: stripeFailure(err), checkout: checkoutId }, 'stripe: replaced checkout session not expired');
  }
}
