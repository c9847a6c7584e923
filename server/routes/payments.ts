// Online payment by the customer ("pay"): the API route that opens a payment session — a Stripe
// Checkout Session when Stripe is configured (server/payments/stripe.ts; its webhook:
// ./stripe-webhook.ts) — and the demo's stand-in for a provider's hosted page, served by the API
// itself, which calls `completePaymentSession` directly, so the whole flow runs on one machine
// without an account anywhere. No card data ever reaches the storefront or the API.
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { PaymentRequestSchema, type PaymentSessionEnvelopeSchema } from '~/api/contract/payments';
import { formatCurrency } from '~/domain/format';
import { toLocale } from '~/i18n/index';
import { ApiError, forbidden, notFound } from '../http/errors';
import { publicOrigin, type AppEnv } from '../http/context';
import { translator } from '../http/locale';
import { jsonBody } from '../http/validation';
import { accessibleOrder } from '../orders/access';
import { scheduleTask } from '../cluster/timers';
import { returnUrl } from '../payments/return-url';
import { openCheckout } from '../payments/stripe';
import { completePaymentSession, findPaymentSession, openPaymentSession, sessionOrder, sessionOutcome } from '../payments/sessions';

export const SIMULATOR_PATH = '/payments/simulator';
/** How late the simulated provider confirms a "pay, confirmed late" payment. */
export const LATE_CONFIRMATION_MS = 2500;

const STYLE = `body{font-family:system-ui,sans-serif;background:#eef2f7;color:#1d2733;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin-top:0}.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
.note{font-size:.9rem;color:#4a5663}form{display:grid;gap:.75rem}
button,a.button{font:inherit;padding:.8rem 1rem;border-radius:8px;border:1px solid #1f5fa8;background:#fff;color:#1f5fa8;cursor:pointer;text-align:center;text-decoration:none}
button[value=paid]{background:#1f5fa8;color:#fff}button:focus-visible,a:focus-visible{outline:3px solid #f2b705;outline-offset:2px}`;

function page(t: TFunction, lang: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${t('paymentPage.title')}</title><style>${raw(STYLE)}</style></head>
<body><main>${body}</main></body></html>`;
}

export const paymentRoutes = new Hono<AppEnv>()
  .post('/v1/orders/:id/payments', async (c) => {
    // A kiosk takes payments with its terminal at the cash desk (POST v1/orders/{id}/pay).
    if (c.get('auth')?.totem) throw forbidden();
    const deps = c.get('deps');
    const { stripe } = deps;
    // No provider: neither Stripe nor the demo's simulated page (off in production).
    if (!stripe && !deps.paymentSimulator) throw new ApiError(503, 'api.paymentsUnavailable');
    const order = await accessibleOrder(c, c.req.param('id'));
    const body = await jsonBody(c, PaymentRequestSchema);
    const session = stripe
      ? await openCheckout({ ...deps, stripe }, order, body.return_path, c.get('locale'))
      : await openPaymentSession(deps, order, body.return_path, c.get('locale'));
    const answer: z.input<typeof PaymentSessionEnvelopeSchema> = {
      data: {
        id: session.id,
        payment_url: session.providerUrl ?? `${publicOrigin(c)}/api${SIMULATOR_PATH}/${session.id}`,
        amount: session.amount,
        expires_at: session.expiresAt.toISOString(),
      },
    };
    return c.json(answer, 201);
  })
  .get(`${SIMULATOR_PATH}/:session`, async (c) => {
    const deps = c.get('deps');
    if (!deps.paymentSimulator) throw notFound();
    const found = await findPaymentSession(deps, c.req.param('session'));
    const session = found?.provider === 'simulator' ? found : null;
    const t = translator(toLocale(session?.locale));
    const lang = toLocale(session?.locale);
    if (!session) return c.html(page(t, lang, html`<h1>${t('paymentPage.closed')}</h1>`), 404);
    if (session.status !== 'open' || session.expiresAt <= deps.now()) {
      return c.html(
        page(t, lang, html`<h1>${t('paymentPage.closed')}</h1><a class="button" href="${returnUrl(session.returnPath, sessionOutcome(session))}">${t('paymentPage.back')}</a>`),
        410,
      );
    }
    const order = await sessionOrder(deps, session);
    const shop = order ? deps.catalogue.shopById(order.shopId)?.row.label : undefined;
    return c.html(
      page(
        t,
        lang,
        html`<h1>${t('paymentPage.title')}</h1>
<p class="note">${t('paymentPage.note')}</p>
<p>${t('paymentPage.order', { number: order?.number ?? '', shop: shop ?? '' })}</p>
<p class="amount" data-testid="payment-amount">${formatCurrency(session.amount)}</p>
<form method="post">
<button type="submit" name="outcome" value="paid">${t('paymentPage.pay', { amount: formatCurrency(session.amount) })}</button>
<button type="submit" name="outcome" value="paid-late">${t('paymentPage.payLate')}</button>
<button type="submit" name="outcome" value="failed">${t('paymentPage.decline')}</button>
<button type="submit" name="outcome" value="cancelled">${t('paymentPage.cancel')}</button>
</form>`,
      ),
    );
  })
  .post(`${SIMULATOR_PATH}/:session`, async (c) => {
    const deps = c.get('deps');
    if (!deps.paymentSimulator) throw notFound();
    const id = c.req.param('session');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form.outcome === 'paid-late') {
      // Like a provider whose notification reaches the API after the customer is back: the order
      // page must wait for it (src/domain/payments.ts PAYMENT_CONFIRM_POLL). Only for a session
      // that can still be paid: one past its time goes the usual way, which records the payment to
      // refund and says so at once, instead of having the customer wait for a payment that never lands.
      const session = await findPaymentSession(deps, id);
      if (session?.status === 'open' && session.expiresAt > deps.now()) {
        // A timer in the database, not in this process: it fires once, in whichever API process
        // claims it, also if this one stops meanwhile.
        await scheduleTask(deps, 'payment.late-confirmation', id, new Date(deps.now().getTime() + LATE_CONFIRMATION_MS));
        return c.redirect(returnUrl(session.returnPath, 'paid'), 303);
      }
    }
    const reported = form.outcome === 'paid' || form.outcome === 'paid-late' ? 'paid' : form.outcome === 'failed' ? 'failed' : 'cancelled';
    const completion = await completePaymentSession(deps, id, reported);
    if (!completion) {
      const t = translator('it');
      return c.html(page(t, 'it', html`<h1>${t('paymentPage.closed')}</h1>`), 404);
    }
    return c.redirect(returnUrl(completion.session.returnPath, completion.outcome), 303);
  });
