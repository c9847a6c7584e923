// A kiosk's outbox belongs to the device: what it queued as BARD-02 it sends again after being
// re-paired as BARD-03 of the same shop. Keys are scoped per shop, so that replay gets the first
// answer instead of running again. And once the key is gone (deleted past its 24 h, or never
// stored), the confirmation's own moment (`date`, staff's Confirm) decides: a hand-out of a unit
// returned since, a return of a unit out again since, or the undoing of a return recorded since,
// is refused on the unit (422) — a returned unit is never put back out, a new hand-out never
// closed by an old return. A return counts by when it was recorded, not by its return day: one
// dated on a later day does not hold the unit back, one dated the day before but recorded after a
// hand-out's Confirm still makes that hand-out stale. The API's clock moves with the kiosks': each
// confirmation lands at (or after) its moment, at midday so none crosses a day. On PGlite and
// PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '~server/db/schema/index';
import { IDEMPOTENCY_TTL_MS } from '~server/http/idempotency';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '~/api/contract/idempotency';
import { dayToDisplay, parseRomeDateTime } from '~/domain/dates';
import { pickupDate } from '~/domain/pickup';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { call, handOutsOf, pairedKiosks, placeOrder, unit } from '../support/staff';

const MINUTE = 60_000;

describe.each(testDrivers)('confirmations replayed after a re-pair, on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let started: Date;
  beforeEach(() => {
    started = parseRomeDateTime(`${day(0)} 12:00`);
    land(-120);
  });

  /** A confirmation as the outbox sends it: its key, its body, the token of the kiosk the device is now. */
  async function confirm(path: string, key: string, body: unknown, token: string) {
    const res = await api.request(`/api/v1/${path}`, { method: 'POST', token, json: body, headers: { [IDEMPOTENCY_HEADER]: key } });
    return { status: res.status, body: (await res.json()) as { errors?: Record<string, string[]> }, replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true' };
  }
  const moment = (minutes: number) => new Date(started.getTime() + minutes * MINUTE);
  /** A moment `minutes` from the test's start, as the kiosk dates a confirmation. */
  const at = (minutes: number) => moment(minutes).toISOString();
  /** The API's clock `minutes` from the test's start: what it writes now is recorded then. */
  const land = (minutes: number) => api.setNow(moment(minutes));
  const lineOf = (order: Awaited<ReturnType<typeof placeOrder>>) => order.order_detail_pools[0]!.order_details[0]!.id;
  const status = async (code: string) => (await call(api, 'GET', `/api/v1/specific_products/${code}`, k.admin)).body.data;
  /** The key's stored answer is gone, as the cleanup deletes it past IDEMPOTENCY_TTL_MS. */
  const forget = (key: string) => api.deps.database.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));

  it('a delivery sent as BARD-02, picked up, then replayed as BARD-03 gets its first answer; once its key is gone it is refused', async () => {
    const code = unit('CITYBIKE', 1);
    const order = await placeOrder(api, { from: day(0), to: day(2) });
    const key = randomUUID();
    const body = { order_id: order.id, date: at(-30), delivery_details: [{ internal_code: code, id_order_detail: lineOf(order) }] };
    land(-30);
    const first = await confirm('delivery', key, body, k.admin);
    expect(first.status).toBe(200);
    land(-10);
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: code }], date: at(-10) })).status).toBe(200);

    const replay = await confirm('delivery', key, body, k.cash);
    expect([replay.status, replay.replayed, replay.body]).toEqual([200, true, first.body]);
    expect((await status(code)).status).toBe('available');
    expect(await handOutsOf(api, code)).toBe(1);

    await forget(key);
    land(0);
    const late = await confirm('delivery', key, body, k.cash);
    expect([late.status, late.replayed]).toEqual([422, false]);
    expect(late.body.errors).toEqual({ 'delivery_details.0.internal_code': [expect.stringMatching(/^Il rientro di S06-CITYBIKE-01 del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} è stato registrato dopo questa conferma/)] });
    expect((await status(code)).status).toBe('available');
    expect(await handOutsOf(api, code)).toBe(1);
    // The unit is not held back: a hand-out confirmed after its return goes out.
    expect((await confirm('delivery', randomUUID(), { ...body, date: at(-5) }, k.cash)).status).toBe(200);
    expect(await handOutsOf(api, code)).toBe(2);
  });

  it('a pickup replayed after the unit went out again leaves the new hand-out open, before and after its key expires', async () => {
    const code = unit('CITYBIKE', 2);
    const [a, b] = [await placeOrder(api, { from: day(0), to: day(1) }), await placeOrder(api, { from: day(0), to: day(1) })];
    land(-60);
    expect((await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: a.id, date: at(-60), delivery_details: [{ internal_code: code, id_order_detail: lineOf(a) }] })).status).toBe(200);
    const key = randomUUID();
    const body = { items: [{ internal_code: code }], date: at(-40) };
    land(-40);
    const first = await confirm('pickup', key, body, k.admin);
    expect(first.status).toBe(200);
    land(-20);
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
    const code = unit('CITYBIKE', 3);
    const order = await placeOrder(api, { from: day(0), to: day(2) });
    land(-60);
    const out = await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: order.id, date: at(-60), delivery_details: [{ internal_code: code, id_order_detail: lineOf(order) }] });
    const detailId = out.body.data.delivery.delivery_details[0]!.id;
    land(-50);
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: code }], date: at(-50) })).status).toBe(200);
    const key = randomUUID();
    const body = { date: at(-40) };
    land(-40);
    const first = await confirm(`delivery_details/${detailId}/reset_pickup`, key, body, k.admin);
    expect(first.status).toBe(200);
    expect((await status(code)).status).toBe('out');
    land(-20);
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: code }], date: at(-20) })).status).toBe(200);

    const replay = await confirm(`delivery_details/${detailId}/reset_pickup`, key, body, k.cash);
    expect([replay.status, replay.replayed, replay.body]).toEqual([200, true, first.body]);
    expect((await status(code)).status).toBe('available');

    await forget(key);
    land(0);
    const late = await confirm(`delivery_details/${detailId}/reset_pickup`, key, body, k.cash);
    expect([late.status, late.replayed]).toEqual([422, false]);
    expect(late.body.errors).toEqual({ id: [expect.stringMatching(/^Il rientro di S06-CITYBIKE-03 del \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} è stato registrato dopo questa conferma/)] });
    expect((await status(code)).status).toBe('available');
  });
  it('a return dated on a later day holds back neither a hand-out nor an undo confirmed after it was recorded', async () => {
    const [first, second] = [unit('CIASPOLE', 3), unit('CIASPOLE', 4)];
    const [a, b, c] = [await placeOrder(api, { from: day(0), to: day(1), code: 'CIASPOLE' }), await placeOrder(api, { from: day(0), to: day(2), code: 'CIASPOLE' }), await placeOrder(api, { from: day(0), to: day(1), code: 'CIASPOLE' })];
    land(-60);
    expect((await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: a.id, date: at(-60), delivery_details: [{ internal_code: first, id_order_detail: lineOf(a) }] })).status).toBe(200);
    const out = await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: c.id, date: at(-60), delivery_details: [{ internal_code: second, id_order_detail: lineOf(c) }] });
    const detailId = out.body.data.delivery.delivery_details[0]!.id;
    // Both back late: staff record now that they came back on day 3 (priced to it).
    land(-30);
    const late = `${day(3)} 10:00`;
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: first }, { internal_code: second }], date: late })).status).toBe(200);

    land(-10);
    const again = await confirm('delivery', randomUUID(), { order_id: b.id, date: at(-10), delivery_details: [{ internal_code: first, id_order_detail: lineOf(b) }] }, k.admin);
    expect([again.status, again.body.errors]).toEqual([200, undefined]);
    expect(await status(first)).toMatchObject({ status: 'out', out: { order_number: b.number } });
    const undone = await confirm(`delivery_details/${detailId}/reset_pickup`, randomUUID(), { date: at(-10) }, k.admin);
    expect([undone.status, undone.body.errors]).toEqual([200, undefined]);
    expect(await status(second)).toMatchObject({ status: 'out', out: { order_number: c.number } });
  });

  it('a return dated the day before, recorded after a queued hand-out was confirmed, makes that hand-out stale when it lands', async () => {
    const code = unit('CIASPOLE', 5);
    const [a, b] = [await placeOrder(api, { from: day(0), to: day(1), code: 'CIASPOLE' }), await placeOrder(api, { from: day(0), to: day(1), code: 'CIASPOLE' })];
    const twoDaysAgo = -2 * 24 * 60;
    land(twoDaysAgo);
    expect((await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: a.id, date: at(twoDaysAgo), delivery_details: [{ internal_code: code, id_order_detail: lineOf(a) }] })).status).toBe(200);
    // Confirmed at -30 on a kiosk that cannot reach the API: it waits in the outbox.
    const key = randomUUID();
    const queued = { order_id: b.id, date: at(-30), delivery_details: [{ internal_code: code, id_order_detail: lineOf(b) }] };
    // At -10 staff record the first hand-out's return, dated the day before (the pickup's return day).
    land(-10);
    const yesterday = pickupDate(day(-1), moment(-10));
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: code }], date: yesterday })).status).toBe(200);

    land(0);
    const landed = await confirm('delivery', key, queued, k.admin);
    expect(landed.status).toBe(422);
    expect(landed.body.errors).toEqual({
      'delivery_details.0.internal_code': [`Il rientro di ${code} del ${dayToDisplay(day(-1))} ${yesterday.slice(11)} è stato registrato dopo questa conferma: non torna fuori`],
    });
    expect((await status(code)).status).toBe('available');
    expect(await handOutsOf(api, code)).toBe(1);
    // Confirmed again now, after the return was recorded, it goes out.
    expect((await confirm('delivery', randomUUID(), { ...queued, date: at(0) }, k.admin)).status).toBe(200);
  });

  it('a return and the next hand-out or undo of its unit, queued in one outage, land in order and go through', async () => {
    const [first, second] = [unit('CIASPOLE', 1), unit('CIASPOLE', 2)];
    const [a, b, c] = [
      await placeOrder(api, { from: day(0), to: day(1), code: 'CIASPOLE' }),
      await placeOrder(api, { from: day(0), to: day(1), code: 'CIASPOLE' }),
      await placeOrder(api, { from: day(0), to: day(1), code: 'CIASPOLE' }),
    ];
    expect((await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: a.id, date: at(-120), delivery_details: [{ internal_code: first, id_order_detail: lineOf(a) }] })).status).toBe(200);
    const out = await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: c.id, date: at(-120), delivery_details: [{ internal_code: second, id_order_detail: lineOf(c) }] });
    const secondDetail = out.body.data.delivery.delivery_details[0]!.id;
    // From -60 to -10 the API is away: the outbox keeps, in order, both returns (-60), the first
    // unit handed out again (-50) and the second unit's return undone (-55), all sent at -10.
    land(-10);
    expect((await confirm('pickup', randomUUID(), { items: [{ internal_code: first }, { internal_code: second }], date: at(-60) }, k.admin)).status).toBe(200);
    const undone = await confirm(`delivery_details/${secondDetail}/reset_pickup`, randomUUID(), { date: at(-55) }, k.admin);
    expect([undone.status, undone.body.errors]).toEqual([200, undefined]);
    const again = await confirm('delivery', randomUUID(), { order_id: b.id, date: at(-50), delivery_details: [{ internal_code: first, id_order_detail: lineOf(b) }] }, k.admin);
    expect([again.status, again.body.errors]).toEqual([200, undefined]);
    expect(await status(first)).toMatchObject({ status: 'out', out: { order_number: b.number } });
    expect(await status(second)).toMatchObject({ status: 'out', out: { order_number: c.number } });
  });
});
