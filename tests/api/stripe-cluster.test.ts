// Stripe with two real API processes (`npm start`, A and B) on one PostgreSQL: Stripe's webhook
// lands on A while the customer's order page reads the order through B, which shows it paid within
// 1 s; the same event delivered again, to B this time, changes nothing (one table of applied events).
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSessionEnvelopeSchema, StripeWebhookAnswerSchema } from '../../src/api/contract/payments';
import { OrderEnvelopeSchema } from '../../src/api/contract/orders';
import type { TestApi } from '../support/app';
import { clusterDatabase, remote, startApiProcess, within, type ApiProcess, type ClusterDatabase } from '../support/cluster';
import { day, loadShop, orderForm, postOrder } from '../support/orders';
import { answer } from '../support/contract';
import { SHOP } from '../support/staff';
import { FakeStripe } from '../support/fake-stripe';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn('[tests] TEST_DATABASE_URL is not set: the two-process Stripe test is SKIPPED.');

const FRESH_MS = 1000;
const SECRET_KEY = 'sk_test_cluster0000000000';
const WEBHOOK_SECRET = 'whsec_cluster0000';

describe.skipIf(!pgUrl)('Stripe with two API processes on one PostgreSQL', () => {
  const fake = new FakeStripe(SECRET_KEY);
  let database: ClusterDatabase;
  let a: ApiProcess;
  let b: ApiProcess;
  let apiA: TestApi;
  let apiB: TestApi;

  beforeAll(async () => {
    await fake.start();
    database = await clusterDatabase(pgUrl!);
    const env = { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url };
    a = await startApiProcess(database.url, env);
    b = await startApiProcess(database.url, env);
    apiA = remote(a.url);
    apiB = remote(b.url);
  }, 180_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.dispose();
    await fake.stop();
  }, 60_000);

  const deliver = async (api: TestApi, payload: string) => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await api.request('/api/v1/payments/stripe/webhook', { method: 'POST', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, body: payload });
    return (await answer(res, StripeWebhookAnswerSchema)).data;
  };
  const paidOn = async (api: TestApi, uuid: string) => (await answer(await api.request(`/api/v1/guest/orders/${uuid}`), OrderEnvelopeSchema)).data;

  it("marks the order paid from A's webhook, and B's order page shows it within 1 s", async () => {
    const from = day(45);
    const product = (await loadShop(apiB, SHOP, { from, to: from })).products.find((p) => p.code === 'CITYBIKE')!;
    const placed = await postOrder(apiB, SHOP, orderForm({ from, to: from, cart: [{ prices: [product.current_price!.id] }], email: 'stripe-cluster@example.com' }));
    expect(placed.status).toBe(201);
    const order = placed.order!;
    const press = await apiB.request(`/api/v1/orders/${order.uuid}/payments`, { method: 'POST', json: { return_path: `/orders/${order.uuid}` } });
    const session = (await answer(press, PaymentSessionEnvelopeSchema)).data;
    expect(session.payment_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\//);
    expect((await paidOn(apiB, order.uuid)).paid).toBe(false);

    const event = fake.event('checkout.session.completed', fake.pay(fake.sessionFor(session.id).id));
    expect(await deliver(apiA, event)).toEqual({ received: true, replay: false });
    const seen = await within(FRESH_MS, async () => (await paidOn(apiB, order.uuid)).paid);
    expect(seen).toBeLessThan(FRESH_MS);
    expect((await paidOn(apiB, order.uuid)).online_payment_id).toBe(fake.sessionFor(session.id).payment_intent);
    // Stripe retries to the other process: the same event, already applied.
    expect(await deliver(apiB, event)).toEqual({ received: true, replay: true });
    expect(fake.refunds.size).toBe(0);
  });

  it('says at start that Stripe takes the payments in place of the simulator, and never logs the keys', () => {
    // Not production: the simulated page was on by default, and Stripe replaced it.
    expect(a.output()).toContain('online payments: Stripe Checkout (STRIPE_SECRET_KEY set), in place of the simulated payment page');
    for (const server of [a, b]) {
      expect(server.output()).not.toContain(SECRET_KEY);
      expect(server.output()).not.toContain(WEBHOOK_SECRET);
    }
  });
});
