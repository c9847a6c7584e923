// A kiosk's outbox belongs to the device: what it queued as BARD-02 it sends again after being
// re-paired as BARD-03 of the same shop. Keys are scoped per shop, so that replay gets the first
// answer instead of running again. And once the key is gone (deleted past its 24 h, or never
// stored), the confirmation's own moment (`date`, staff's Confirm) decides: a hand-out of a unit
// returned since, a return of a unit out again since, or the undoing of a return recorded since,
// is refused on the unit (422) — a returned unit is never put back out, a new hand-out never
// closed by an old return. On PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveryDetails, idempotencyKeys, specificProducts } from '../../server/db/schema/index';
import { IDEMPOTENCY_TTL_MS } from '../../server/http/idempotency';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../src/api/contract/idempotency';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { call, pairedKiosks, placeOrder, unit } from '../support/staff';

const MINUTE = 60_000;

describe.each(testDrivers)('confirmations replayed after a re-pair, on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let started: Date;
  afterEach(() => api.setNow(started));

  /** A confirmation as the outbox sends it: its key, its body, the token of the kiosk the device is now. */
  async function confirm(path: string, key: string, body: unknown, token: string) {
    const res = await api.request(`/api/v1/${path}`, { method: 'POST', token, json: body, headers: { [IDEMPOTENCY_HEADER]: key } });
    return { status: res.status, body: (await res.json()) as { errors?: Record<string, string[]> }, replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true' };
  }
  /** A moment `minutes` from the API's now, as the kiosk dates a confirmation. */
  const at = (minutes: number) => new Date(api.deps.now().getTime() + minutes * MINUTE).toISOString();
  const lineOf = (order: Awaited<ReturnType<typeof placeOrder>>) => order.order_detail_pools[0]!.order_details[0]!.id;
  const status = async (code: string) => (await call(api, 'GET', `/api/v1/specific_products/${code}`, k.admin)).body.data;
  async function handOuts(code: string): Promise<number> {
    const [row] = await api.deps.database.db
      .select({ n: count() })
      .from(deliveryDetails)
      .innerJoin(specificProducts, eq(specificProducts.id, deliveryDetails.specificProductId))
      .where(eq(specificProducts.internalCode, code));
    return row!.n;
  }
  /** The key's stored answer is gone, as the cleanup deletes it past IDEMPOTENCY_TTL_MS. */
  const forget = (key: string) => api.deps.database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));

  it('a delivery sent as BARD-02, picked up, then replayed as BARD-03 gets its first answer; once its key is gone it is refused', async () => {
    started = api.deps.now();
    const code = unit('CITYBIKE', 1);
    const order = await placeOrder(api, { from: day(0), to: day(2) });
    const key = randomUUID();
    const body = { order_id: order.id, date: at(-30), delivery_details: [{ internal_code: code, id_order_detail: lineOf(order) }] };
    const first = await confirm('delivery', key, body, k.admin);
    expect(first.status).toBe(200);
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: code }], date: at(-10) })).status).toBe(200);

    const replay = await confirm('delivery', key, body, k.cash);
    expect([replay.status, replay.replayed, replay.body]).toEqual([200, true, first.body]);
    expect((await status(code)).status).toBe('available');
    expect(await handOuts(code)).toBe(1);

    await forget(key);
    const late = await confirm('delivery', key, body, k.cash);
    expect([late.status, late.replayed]).toEqual([422, false]);
    expect(late.body.errors).toEqual({ 'delivery_details.0.internal_code': [expect.stringMatching(/^S06-CITYBIKE-01 è rientrato il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, dopo questa conferma/)] });
    expect((await status(code)).status).toBe('available');
    expect(await handOuts(code)).toBe(1);
    // The unit is not held back: a hand-out confirmed after its return goes out.
    expect((await confirm('delivery', randomUUID(), { ...body, date: at(-5) }, k.cash)).status).toBe(200);
    expect(await handOuts(code)).toBe(2);
  });

  it('a pickup replayed after the unit went out again leaves the new hand-out open, before and after its key expires', async () => {
    started = api.deps.now();
    const code = unit('CITYBIKE', 2);
    const [a, b] = [await placeOrder(api, { from: day(0), to: day(1) }), await placeOrder(api, { from: day(0), to: day(1) })];
    expect((await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: a.id, date: at(-60), delivery_details: [{ internal_code: code, id_order_detail: lineOf(a) }] })).status).toBe(200);
    const key = randomUUID();
    const body = { items: [{ internal_code: code }], date: at(-40) };
    const first = await confirm('pickup', key, body, k.admin);
    expect(first.status).toBe(200);
    expect((await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: b.id, date: at(-20), delivery_details: [{ internal_code: code, id_order_detail: lineOf(b) }] })).status).toBe(200);

    const replay = await confirm('pickup', key, body, k.cash);
    expect([replay.status, replay.replayed, replay.body]).toEqual([200, true, first.body]);
    expect(await status(code)).toMatchObject({ status: 'out', out: { order_number: b.number } });

    // A day later the key is cleaned up (any new key claimed deletes old ones), and the replay runs.
    api.setNow(new Date(started.getTime() + IDEMPOTENCY_TTL_MS + MINUTE));
    expect((await confirm('pickup', randomUUID(), { items: [{ internal_code: unit('CITYBIKE', 6) }] }, k.admin)).status).toBe(422);
    expect(await api.deps.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const late = await confirm('pickup', key, body, k.cash);
    expect([late.status, late.replayed]).toEqual([422, false]);
    expect(late.body.errors).toEqual({ 'items.0.internal_code': [expect.stringMatching(/^S06-CITYBIKE-02 è uscito il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, dopo questo ritiro/)] });
    expect(await status(code)).toMatchObject({ status: 'out', out: { order_number: b.number } });
  });

  it('an undone pickup replayed after a later return does not put the unit out again', async () => {
    started = api.deps.now();
    const code = unit('CITYBIKE', 3);
    const order = await placeOrder(api, { from: day(0), to: day(2) });
    const out = await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: order.id, date: at(-60), delivery_details: [{ internal_code: code, id_order_detail: lineOf(order) }] });
    const detailId = out.body.data.delivery.delivery_details[0]!.id;
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: code }], date: at(-50) })).status).toBe(200);
    const key = randomUUID();
    const body = { date: at(-40) };
    const first = await confirm(`delivery_details/${detailId}/reset_pickup`, key, body, k.admin);
    expect(first.status).toBe(200);
    expect((await status(code)).status).toBe('out');
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: code }], date: at(-20) })).status).toBe(200);

    const replay = await confirm(`delivery_details/${detailId}/reset_pickup`, key, body, k.cash);
    expect([replay.status, replay.replayed, replay.body]).toEqual([200, true, first.body]);
    expect((await status(code)).status).toBe('available');

    await forget(key);
    const late = await confirm(`delivery_details/${detailId}/reset_pickup`, key, body, k.cash);
    expect([late.status, late.replayed]).toEqual([422, false]);
    expect(late.body.errors).toEqual({ id: [expect.stringMatching(/^S06-CITYBIKE-03 è rientrato il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, dopo questa conferma/)] });
    expect((await status(code)).status).toBe('available');
  });
});
