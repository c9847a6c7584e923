// Paying online with Stripe Checkout, end to end: a product server of its own with STRIPE_* set and
// Stripe's API played by tests/support/fake-stripe.ts (the real `stripe` library talks to it). The
// browser is sent to Stripe's hosted page address as Stripe answers it (https://checkout.stripe.com/…,
// the site's default PUBLIC_PAYMENT_HOSTS); that page is served here by the test, which plays the
// customer paying on it. Back on the order page the customer is told the payment is being
// confirmed, and "paid" only once Stripe's signed event reached the webhook.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import Stripe from 'stripe';
import { hydrated } from './hydration';
import { acceptTerms, checkoutWithSnowshoes, fillContact } from './checkout-helpers';
import { CHECKOUT_PAGE_ORIGIN, FakeStripe } from '../support/fake-stripe';
import { freePort } from '../support/free-port';
import { startProduct } from '../support/process';

const SECRET_KEY = 'sk_test_e2e000000000000';
const WEBHOOK_SECRET = 'whsec_e2e0000000';
const CONFIRMED = /\/orders\/confirmed\/\?order=([0-9a-f-]{36})$/;

const test = base.extend<object, { stripeShop: { url: string; fake: FakeStripe } }>({
  stripeShop: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const fake = await new FakeStripe(SECRET_KEY).start();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-stripe-'));
      const port = await freePort();
      const server = await startProduct(dataDir, port, {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: fake.url,
        PUBLIC_SITE_URL: `http://localhost:${port}`,
        POS_PORT: '0',
      });
      await use({ url: server.url, fake });
      server.child.kill('SIGTERM');
      await server.exited;
      await fake.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ stripeShop }, use) => use(stripeShop.url),
});

test('checkout, "pay", Stripe\'s page, back: "confirming", then paid once the signed event lands', async ({ page, request, stripeShop }) => {
  const { fake } = stripeShop;
  const main = await checkoutWithSnowshoes(page, request, 92);
  await fillContact(main);
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page).toHaveURL(CONFIRMED);
  const uuid = CONFIRMED.exec(page.url())![1]!;
  await page.goto(`/orders/${uuid}`);
  await hydrated(page);

  // Stripe's hosted page, as the customer's browser reaches it: paying there sends them to success_url.
  await page.route(`${CHECKOUT_PAGE_ORIGIN}/**`, (route) => {
    const checkoutId = new URL(route.request().url()).pathname.split('/').pop()!;
    const session = fake.sessions.get(checkoutId)!;
    const body = `<!doctype html><html lang="it"><title>Checkout</title><h1>Stripe Checkout (test)</h1>
<p data-testid="amount">${session.amount_total}</p><a href="${session.success_url}">Paga</a>`;
    return route.fulfill({ status: 200, contentType: 'text/html', body });
  });
  await page.getByRole('button', { name: /Paga ora/ }).click();
  await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  const checkoutId = new URL(page.url()).pathname.split('/').pop()!;
  const order = (await (await request.get(`/api/v1/guest/orders/${uuid}`)).json()).data as { total_amount: number; paid: boolean };
  await expect(page.getByTestId('amount')).toHaveText(String(Math.round(order.total_amount * 100)));

  // Paid at Stripe; the customer is back before Stripe's webhook.
  const paid = fake.pay(checkoutId);
  await page.getByRole('link', { name: 'Paga' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${uuid}$`));
  await expect(page.getByText('Stiamo confermando il pagamento…').first()).toBeVisible();
  expect((await (await request.get(`/api/v1/guest/orders/${uuid}`)).json()).data.paid).toBe(false);

  const payload = fake.event('checkout.session.completed', paid);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const delivered = await request.post('/api/v1/payments/stripe/webhook', { headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, data: payload });
  expect(delivered.status()).toBe(200);

  await expect(page.getByRole('status')).toContainText('Pagamento ricevuto: grazie!', { timeout: 15_000 });
  await expect(page.getByText('Confermato · Pagato')).toBeVisible();
  await expect(page.getByRole('button', { name: /Paga ora/ })).toHaveCount(0);
  // No Stripe script on any page: the site never loads js.stripe.com.
  expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
});
