// Two real API processes (`npm start`, A and B) on one PostgreSQL. What one commits, the
// other answers within 1 s (availabilities, the calendar, shop loads); a lost notification
// connection is recovered within its stated bound; the login limit is one limit; a realtime event
// crosses processes; a timer armed by a process that is killed still lands, once.
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALENESS_BOUND_MS } from '~server/cluster/bus';
import { SWEEP_INTERVAL_MS } from '~server/cluster/timers';
import { LATE_CONFIRMATION_MS } from '~server/routes/payments';
import type { TestApi } from '../support/app';
import { clusterDatabase, remote, startApiProcess, within, type ApiProcess, type ClusterDatabase } from '../support/cluster';
import { availability, day, loadShop, orderForm, postOrder, stockOf } from '../support/orders';
import { answer } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { AvailabilityDaysSchema } from '~/api/contract/availability';
import { call, pair, SHOP, totemOf } from '../support/staff';

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn('[tests] TEST_DATABASE_URL is not set: the two-process PostgreSQL tests are SKIPPED.');

/** What "within 1 s" means in the issue. */
const FRESH_MS = 1000;
const CODE = 'CITYBIKE';
const SECRET = 'cluster-test-secret';

describe.skipIf(!pgUrl)('two API processes on one PostgreSQL', () => {
  let database: ClusterDatabase;
  let a: ApiProcess;
  let b: ApiProcess;
  let apiA: TestApi;
  let apiB: TestApi;
  let emails = 0;

  beforeAll(async () => {
    database = await clusterDatabase(pgUrl!);
    const env = { PUSHER_SECRET: SECRET, PAYMENT_SIMULATOR: '1' };
    a = await startApiProcess(database.url, env);
    b = await startApiProcess(database.url, env);
    apiA = remote(a.url);
    apiB = remote(b.url);
  }, 180_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.dispose();
  }, 60_000);

  const productOf = async (api: TestApi, from: string) => {
    const load = await loadShop(api, SHOP, { from, to: from });
    return load.products.find((p) => p.code === CODE)!;
  };
  const book = async (api: TestApi, from: string, count: number) => {
    const product = await productOf(api, from);
    const cart = Array.from({ length: count }, () => ({ prices: [product.current_price!.id] }));
    return postOrder(api, SHOP, orderForm({ from, to: from, cart, email: `cluster${++emails}@example.com` }));
  };
  const free = async (api: TestApi, productId: number, from: string) => (await availability(api, SHOP, { from, to: from }))[productId];
  const freeByDay = async (api: TestApi, productId: number, from: string) => {
    const res = await api.request(`/api/v1/shops/${SHOP}/availabilities/days?product_id=${productId}&from=${from}&to=${from}`);
    return (await answer(res, AvailabilityDaysSchema)).data[0]!;
  };

  it("books the last units through A: B's availabilities and calendar follow within 1 s; a cancellation through B reaches A", async () => {
    const from = day(40);
    const product = await productOf(apiB, from);
    const stock = stockOf(CODE);
    // B has answered (and memoised) this day before the booking: the memo must not outlive it.
    expect(await free(apiB, product.id, from)).toBe(stock);
    expect(await freeByDay(apiB, product.id, from)).toMatchObject({ morning: stock, afternoon: stock });

    const placed = await book(apiA, from, stock);
    expect(placed.status).toBe(201);
    const seen = await within(FRESH_MS, async () => (await free(apiB, product.id, from)) === 0);
    expect(seen).toBeLessThan(FRESH_MS);
    expect(await freeByDay(apiB, product.id, from)).toMatchObject({ morning: 0, afternoon: 0 });
    // B refuses an order for the gone units, and says so with the fresh count.
    const refused = await book(apiB, from, 1);
    expect(refused.status).toBe(422);
    expect(await free(apiB, product.id, from)).toBe(0);

    const cancelled = await apiB.request(`/api/v1/orders/${placed.order.uuid}?date=${day(0)}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    await within(FRESH_MS, async () => (await free(apiA, product.id, from)) === stock);
    expect(await freeByDay(apiA, product.id, from)).toMatchObject({ morning: stock, afternoon: stock });
  }, 60_000);

  it("a catalogue change committed by anyone reaches both processes' shop loads within 1 s", async () => {
    const from = day(41);
    const before = await productOf(apiB, from);
    await productOf(apiA, from);
    await database.query(`update products set label = jsonb_set(label::jsonb, '{it}', '"Bici olandese"') where id = $1`, [before.id]);
    for (const api of [apiA, apiB]) {
      await within(FRESH_MS, async () => (await productOf(api, from)).label === 'Bici olandese');
    }
  }, 30_000);

  it('recovers from a lost notification connection within its stated bound, with what it missed', async () => {
    const from = day(42);
    const product = await productOf(apiB, from);
    expect(await free(apiB, product.id, from)).toBe(stockOf(CODE));
    const listener = `rentalp-listen-${b.child.pid}`;
    await database.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [listener]);
    await within(2000, async () => (await database.query('select 1 from pg_stat_activity where application_name = $1', [listener])).length === 0);
    // Committed while B listens to nothing: its notification never reaches B.
    expect((await book(apiA, from, 2)).status).toBe(201);
    const took = await within(STALENESS_BOUND_MS + FRESH_MS, async () => (await free(apiB, product.id, from)) === stockOf(CODE) - 2);
    expect(took).toBeLessThan(STALENESS_BOUND_MS + FRESH_MS);
    expect(b.output()).toContain('notification connection back');
    // And it listens again: the next commit arrives the usual way.
    expect((await book(apiA, from, 1)).status).toBe(201);
    await within(FRESH_MS, async () => (await free(apiB, product.id, from)) === stockOf(CODE) - 3);
  }, 30_000);

  it('eleven wrong logins spread over A and B meet one limit: the eleventh is refused like on one process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const api = i % 2 === 0 ? apiA : apiB;
      const res = await api.request('/api/v1/login', { method: 'POST', json: { username: 'mario.rossi@example.com', password: `wrong-${i}` } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The right password is refused too now, on either process: the window is shared.
    const right = await apiA.request('/api/v1/login', { method: 'POST', json: { username: 'mario.rossi@example.com', password: 'Demo-2026!' } });
    expect(right.status).toBe(429);
  }, 30_000);

  it("delivers to a pusher-js client on B an order event committed through A, within 1 s", async () => {
    const token = await pair(apiA, totemOf('BARD-02').pairingCode);
    const client = new Pusher('rentalp-local', {
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: b.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      // The subscription is signed by A (behind a load balancer any process may answer it).
      channelAuthorization: { endpoint: `${a.url}/api/v1/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
    });
    try {
      const channel = client.subscribe(`private-shop.${SHOP}`);
      await new Promise<void>((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve());
        channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
      });
      const received = new Promise<{ number: string; at: number }>((resolve) =>
        channel.bind('order.created', (data: { number: string }) => resolve({ number: data.number, at: performance.now() })),
      );
      const started = performance.now();
      const placed = await book(apiA, day(43), 1);
      expect(placed.status).toBe(201);
      const event = await Promise.race([received, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event on B')), 3000))]);
      expect(event.number).toBe(placed.order.number);
      expect(event.at - started).toBeLessThan(FRESH_MS);
    } finally {
      client.disconnect();
    }
  }, 30_000);

  // Last: it kills A.
  it('a late payment confirmation armed on a process that is then killed still lands, once', async () => {
    const placed = await book(apiA, day(44), 1);
    const opened = await call(apiA, 'POST', `/api/v1/orders/${placed.order.uuid}/payments`, undefined, { return_path: `/orders/${placed.order.uuid}` });
    expect(opened.status).toBe(201);
    const page = new URL(opened.body.data.payment_url).pathname;
    const pressed = await apiA.request(page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=paid-late' });
    expect(pressed.status).toBe(303);
    await a.stop('SIGKILL');
    expect((await database.query('select 1 from scheduled_tasks')).length).toBe(1);

    const paid = async () => (await answer(await apiB.request(`/api/v1/guest/orders/${placed.order.uuid}`), OrderEnvelopeSchema)).data.paid;
    expect(await paid()).toBe(false);
    await within(LATE_CONFIRMATION_MS + 2 * SWEEP_INTERVAL_MS + FRESH_MS, paid, 100);
    const sessions = await database.query<{ status: string }>('select status from payment_sessions where order_id = $1', [placed.order.id]);
    expect(sessions).toEqual([{ status: 'paid' }]);
    expect(await database.query('select 1 from scheduled_tasks')).toEqual([]);
  }, 30_000);
});
