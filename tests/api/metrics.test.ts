// GET /api/metrics: Prometheus text for a loopback client or the METRICS_TOKEN holder, a 404 for
// anyone else (also a public request relayed by a proxy on this machine); request counts labelled by
// route pattern, never a raw path; business counters that move by exactly one per event (an order's
// and a kiosk confirmation's replays by their route). On PGlite and PostgreSQL (each has its own
// database figures). The mail outbox's gauges move in fault-smtp.test.ts, where mails wait and fail.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '~server/app';
import type { AppEnv } from '~server/http/context';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '~/api/contract/idempotency';
import { PaymentSessionEnvelopeSchema } from '~/api/contract/payments';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { orderForm, pick, postOrder } from '../support/orders';
import { outcome } from '../support/contract';
import { SHOP, idDocument, pairAll, payAtDesk, placeOrder, unit, type Kiosks } from '../support/staff';
import { inSeasonDay } from '../support/season';

const TOKEN = 'x'.repeat(24) + randomUUID();
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** One sample of the text format: `name{a="b",…} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus's text format (0.0.4); a line that is neither a comment nor a sample fails the test. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    // prom-client writes NaN as `Nan` (an event-loop figure before its first sample); Prometheus reads it in any case.
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|nan|[+-]inf)$/i.exec(line);
    expect(m, `not a sample: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const l of (m![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m![1]!, labels, value: /^nan$/i.test(m![3]!) ? NaN : Number(m![3]!.replace(/inf$/i, 'Infinity')) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe.each(testDrivers)('metrics on $name', (driver) => {
  let api: TestApi;
  /** The same API, reached as a node server request would be: with the connection's address. */
  let app: Hono<AppEnv>;
  let nextDay = 3;
  let paired: Kiosks | undefined;
  /** The demo kiosks, paired once for the tests that need them. */
  const kiosks = async () => (paired ??= await pairAll(api));
  beforeAll(async () => {
    api = await createTestApi(driver);
    app = createApp(api.deps);
  }, 120_000);
  afterAll(() => api.dispose());
  afterEach(() => {
    api.deps.trustProxy = 0;
    api.deps.metricsToken = null;
  });

  const scrapeFrom = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
    Promise.resolve(app.request('/api/metrics', { headers }, remoteAddress === undefined ? {} : { incoming: { socket: { remoteAddress } } }));

  async function scrape(): Promise<Sample[]> {
    const res = await scrapeFrom('127.0.0.1');
    expect(res.status).toBe(200);
    return parse(await res.text());
  }

  it('serves Prometheus text to a loopback client, with the process, HTTP, database and business metrics', async () => {
    await api.request('/api/v2/sites');
    // One that reads the database (an unknown order: 404), for its pool or queue figures.
    expect((await api.request(`/api/v1/guest/orders/${randomUUID()}`)).status).toBe(404);
    const res = await scrapeFrom('127.0.0.1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(await res.text());
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'rentalp_orders_placed_total',
      'rentalp_payments_recorded_total',
      'rentalp_mail_outbox_waiting',
      'rentalp_mail_outbox_failed',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(total(samples, 'http_requests_total', { route: '/api/v2/sites', method: 'GET', status: '200' })).toBe(1);
    if (driver.name === 'pglite') {
      expect(names).toContain('rentalp_pglite_queue_waiting');
      expect(total(samples, 'rentalp_pglite_queue_wait_seconds_count')).toBeGreaterThan(0);
    } else {
      expect(total(samples, 'rentalp_pg_pool_total')).toBeGreaterThan(0);
      expect(names).toContain('rentalp_pg_pool_idle');
      expect(names).toContain('rentalp_pg_pool_waiting');
    }
  });

  it('counts an order placed and one refused for stock by exactly one each, a replay as a replay, payments by method', async () => {
    const from = inSeasonDay(SHOP, nextDay++);
    const shop = api.deps.catalogue.shopById(SHOP)!;
    const scarce = shop.products.filter((p) => p.row.stock > 0 && p.row.stock <= 3).sort((a, b) => a.row.stock - b.row.stock)[0]!;
    const picked = await pick(api, SHOP, scarce.row.code!, { from });
    const form = (units: number) => orderForm({ from, email: 'metrics@example.com', cart: Array.from({ length: units }, () => ({ prices: [picked.main.id] })) });
    const before = await scrape();

    const key = randomUUID();
    const all = form(scarce.row.stock);
    const placed = await api.request(`/api/v1/shops/${SHOP}/orders`, { method: 'POST', body: all, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(placed.status).toBe(201);
    const refused = await postOrder(api, SHOP, form(1));
    expect(refused.status).toBe(422);
    // The first answer again (a lost answer retried): no second order, no second count.
    const again = await api.request(`/api/v1/shops/${SHOP}/orders`, { method: 'POST', body: form(scarce.row.stock), headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    expect(moved('rentalp_orders_placed_total', { channel: 'online' })).toBe(1);
    expect(moved('rentalp_orders_placed_total')).toBe(1);
    expect(moved('rentalp_orders_refused_total', { channel: 'online', reason: 'out_of_stock' })).toBe(1);
    expect(moved('rentalp_orders_refused_total')).toBe(1);
    expect(moved('rentalp_idempotent_replays_total', { route: '/api/v1/shops/:id/orders' })).toBe(1);

    // Paid online (the simulated provider's page), then another order paid at the cash desk.
    const order = (await placed.clone().json()) as { data: { uuid: string; id: number } };
    const opened = await api.request(`/api/v1/orders/${order.data.uuid}/payments`, { method: 'POST', json: { return_path: '/' } });
    expect(opened.status).toBe(201);
    const session = (await outcome(opened, PaymentSessionEnvelopeSchema)).data!;
    const press = await api.request(new URL(session.payment_url).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid',
    });
    expect(press.status).toBe(303);
    const { cash } = await kiosks();
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const kioskOrder = await postOrder(api, SHOP, orderForm({ from, cart: [{ prices: [bike.main.id] }], medias: [{ file: idDocument() }] }), { token: cash });
    expect(kioskOrder.status).toBe(201);
    expect((await payAtDesk(api, kioskOrder.order!.id, cash)).status).toBe(200);
    const paid = await scrape();
    expect(total(paid, 'rentalp_payments_recorded_total', { method: 'online' }) - total(after, 'rentalp_payments_recorded_total', { method: 'online' })).toBe(1);
    expect(total(paid, 'rentalp_payments_recorded_total', { method: 'kiosk' }) - total(after, 'rentalp_payments_recorded_total', { method: 'kiosk' })).toBe(1);
    expect(total(paid, 'rentalp_orders_placed_total', { channel: 'kiosk' }) - total(after, 'rentalp_orders_placed_total', { channel: 'kiosk' })).toBe(1);
  });

  it("counts a kiosk's hand-out and return sent again with their keys as replays of their routes, once each", async () => {
    const { admin, cash } = await kiosks();
    const order = await placeOrder(api, { from: inSeasonDay(SHOP, nextDay++) });
    const code = unit('CITYBIKE', 1);
    const confirm = (path: 'delivery' | 'pickup', key: string, json: unknown, token: string) =>
      api.request(`/api/v1/${path}`, { method: 'POST', token, json, headers: { [IDEMPOTENCY_HEADER]: key } });
    const delivery = { order_id: order.id, delivery_details: [{ internal_code: code, id_order_detail: order.order_detail_pools[0]!.order_details[0]!.id }] };
    const pickup = { items: [{ internal_code: code }] };
    const [deliveryKey, pickupKey] = [randomUUID(), randomUUID()];
    const before = await scrape();

    expect((await confirm('delivery', deliveryKey, delivery, admin)).status).toBe(200);
    // The kiosk's outbox sends it again (its answer was lost), from the same device re-paired.
    const again = await confirm('delivery', deliveryKey, delivery, cash);
    expect([again.status, again.headers.get(IDEMPOTENT_REPLAYED_HEADER)]).toEqual([200, 'true']);
    const delivered = await scrape();
    const moved = (from: Sample[], to: Sample[], route: string) =>
      total(to, 'rentalp_idempotent_replays_total', { route }) - total(from, 'rentalp_idempotent_replays_total', { route });
    expect(moved(before, delivered, '/api/v1/delivery')).toBe(1);
    expect(moved(before, delivered, '/api/v1/pickup')).toBe(0);

    expect((await confirm('pickup', pickupKey, pickup, admin)).status).toBe(200);
    const back = await confirm('pickup', pickupKey, pickup, admin);
    expect([back.status, back.headers.get(IDEMPOTENT_REPLAYED_HEADER)]).toEqual([200, 'true']);
    const returned = await scrape();
    expect(moved(delivered, returned, '/api/v1/pickup')).toBe(1);
    expect(moved(delivered, returned, '/api/v1/delivery')).toBe(0);
    expect(total(returned, 'rentalp_idempotent_replays_total') - total(before, 'rentalp_idempotent_replays_total')).toBe(2);
  });

  it('labels requests by route pattern: no order id or uuid in a label, unknown paths together', async () => {
    const from = inSeasonDay(SHOP, nextDay++);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const { order } = await postOrder(api, SHOP, orderForm({ from, cart: [{ prices: [bike.main.id] }] }));
    expect((await api.request(`/api/v1/guest/orders/${order!.uuid}`)).status).toBe(200);
    expect((await api.request(`/api/v1/guest/orders/${randomUUID()}`)).status).toBe(404);
    expect((await api.request(`/api/no/such/${randomUUID()}`)).status).toBe(404);
    const samples = await scrape();
    const routes = new Set(samples.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route!));
    expect(routes).toContain('/api/v1/guest/orders/:uuid');
    expect(routes).toContain('unmatched');
    for (const route of routes) {
      expect(route).not.toMatch(UUID);
      expect(route).not.toContain(order!.uuid);
      expect(route).not.toMatch(/\/\d+(\/|$)/);
    }
    expect(total(samples, 'http_requests_total', { route: '/api/v1/guest/orders/:uuid', status: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('refuses everyone else with a 404, also a public request relayed by a proxy on this machine; the token opens it', async () => {
    const notFound = async (res: Response) => {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('http_requests_total');
    };
    await notFound(await scrapeFrom('203.0.113.7'));
    // An in-process request (no connection) is nobody's loopback.
    await notFound(await api.request('/api/metrics'));
    expect((await scrapeFrom('::1')).status).toBe(200);
    expect((await scrapeFrom('::ffff:127.0.0.1')).status).toBe(200);

    // nginx on this machine: the socket is loopback, the client is what nginx appended.
    api.deps.trustProxy = 1;
    await notFound(await scrapeFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }));
    await notFound(await scrapeFrom('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' }));
    await notFound(await scrapeFrom('127.0.0.1'));
    expect((await scrapeFrom('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);

    // Without a token configured, none is accepted; with one, only that one.
    await notFound(await scrapeFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` }));
    api.deps.metricsToken = TOKEN;
    await notFound(await scrapeFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}x` }));
    await notFound(await scrapeFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.7', authorization: TOKEN }));
    const served = await scrapeFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` });
    expect(served.status).toBe(200);
    expect(parse(await served.text()).some((s) => s.name === 'http_requests_total')).toBe(true);
    expect((await scrapeFrom('203.0.113.7', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});
