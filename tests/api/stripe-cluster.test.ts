// Stripe behind `npm run start:cluster` (two workers on one port, one PostgreSQL): Stripe's webhook
// lands on one worker while the customer's order page reads the order through the other, which
// shows it paid within 1 s; the same event delivered again, to the other worker this time,
// changes nothing (one table of applied events). Each request goes on a connection of its own, so
// the cluster hands it to the next worker; which worker answered is read back from the request
// log (the X-Request-Id of the answer, the pid of its line).
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSessionEnvelopeSchema, StripeWebhookAnswerSchema } from '~/api/contract/payments';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import type { TestApi } from '../support/app';
import { clusterDatabase, remote, startClusterProcess, type ApiProcess, type ClusterDatabase } from '../support/cluster';
import { day, loadShop, orderForm, postOrder } from '../support/orders';
import { answer } from '../support/contract';
import { SHOP } from '../support/staff';
import { FakeStripe } from '../support/fake-stripe';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn('[tests] TEST_DATABASE_URL is not set: the two-process Stripe test is SKIPPED.');

const FRESH_MS = 1000;
const SECRET_KEY = 'sk_test_cluster0000000000';
const WEBHOOK_SECRET = 'whsec_cluster0000';

describe.skipIf(!pgUrl)('Stripe behind npm run start:cluster (two workers, one PostgreSQL)', () => {
  const fake = new FakeStripe(SECRET_KEY);
  let database: ClusterDatabase;
  let cluster: ApiProcess;
  let api: TestApi;

  beforeAll(async () => {
    await fake.start();
    database = await clusterDatabase(pgUrl!);
    cluster = await startClusterProcess(database.url, { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url }, 2);
    api = remote(cluster.url, { newConnection: true });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    await database?.dispose();
    await fake.stop();
  }, 60_000);

  /** The pid of the worker that answered `res` (its request line in the log, by X-Request-Id). */
  const workerOf = (res: Response) => {
    const id = res.headers.get('x-request-id');
    const line = cluster
      .output()
      .split('\n')
      .find((l) => id && l.includes(`"reqId":"${id}"`) && l.includes('"msg":"request"'));
    const pid = line ? (JSON.parse(line) as { pid?: number }).pid : undefined;
    if (!pid) throw new Error(`no request line for ${id}`);
    return pid;
  };
  /** The log line of a request is written once its answer is sent: wait for it. */
  const workerOfSoon = async (res: Response) => {
    for (let i = 0; i < 100; i++) {
      try {
        return workerOf(res);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    return workerOf(res);
  };
  const deliver = async (payload: string) => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await api.request('/api/v1/payments/stripe/webhook', { method: 'POST', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, body: payload });
    return { answer: (await answer(res, StripeWebhookAnswerSchema)).data, worker: await workerOfSoon(res) };
  };
  const read = async (uuid: string) => {
    const res = await api.request(`/api/v1/guest/orders/${uuid}`);
    return { order: (await answer(res, OrderEnvelopeSchema)).data, worker: await workerOfSoon(res) };
  };

  it("marks the order paid from one worker's webhook, and the other worker's order page shows it within 1 s", async () => {
    const from = day(45);
    const product = (await loadShop(api, SHOP, { from, to: from })).products.find((p) => p.code === 'CITYBIKE')!;
    const placed = await postOrder(api, SHOP, orderForm({ from, to: from, cart: [{ prices: [product.current_price!.id] }], email: 'stripe-cluster@example.com' }));
    expect(placed.status).toBe(201);
    const order = placed.order!;
    const press = await api.request(`/api/v1/orders/${order.uuid}/payments`, { method: 'POST', json: { return_path: `/orders/${order.uuid}` } });
    const session = (await answer(press, PaymentSessionEnvelopeSchema)).data;
    expect(session.payment_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\//);
    expect((await read(order.uuid)).order.paid).toBe(false);

    const event = fake.event('checkout.session.completed', fake.pay(fake.sessionFor(session.id).id));
    const webhook = await deliver(event);
    expect(webhook.answer).toEqual({ received: true, replay: false });
    // The customer's page re-reads; the first read the other worker answers must already say paid.
    const started = performance.now();
    let other: { order: { paid: boolean; online_payment_id?: string | null }; worker: number } | undefined;
    while (!other && performance.now() - started < FRESH_MS) {
      const seen = await read(order.uuid);
      if (seen.worker !== webhook.worker && seen.order.paid) other = seen;
    }
    expect(other, 'a read from the other worker saying paid within 1 s').toBeDefined();
    expect(other!.order.online_payment_id).toBe(fake.sessionFor(session.id).payment_intent);
    // Stripe retries: the same event, on whichever worker; applied once, whoever takes it.
    const retries = [await deliver(event), await deliver(event)];
    expect(retries.map((r) => r.answer)).toEqual([{ received: true, replay: true }, { received: true, replay: true }]);
    expect(new Set([webhook.worker, ...retries.map((r) => r.worker)]).size).toBe(2);
    expect(fake.refunds.size).toBe(0);
  });

  it('says at start that Stripe takes the payments in place of the simulator, and never logs the keys', () => {
    // Not production: the simulated page was on by default, and Stripe replaced it.
    expect(cluster.output()).toContain('online payments: Stripe Checkout (STRIPE_SECRET_KEY set), in place of the simulated payment page');
    expect(cluster.output()).not.toContain(SECRET_KEY);
    expect(cluster.output()).not.toContain(WEBHOOK_SECRET);
  });
});
