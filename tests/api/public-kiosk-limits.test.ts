// What a public kiosk (type 10) may do with the shop's orders and logs. It pushes in the queue only
// an order placed on it within PUBLIC_PUSH_WINDOW_MS: order numbers are sequential, and a push
// answers (and shows on the board) first name, last initial, dates and paid — so any other order,
// older or placed elsewhere, is 404 as an unknown number, and is not queued. Admin kiosks push any
// order of the shop. POST pos_logs is limited per kiosk (POS_LOGS_PER_TOTEM, every request counted)
// and bounded (the terminal's answer at most POS_LOG_RESPONSE_MAX_BYTES serialized).
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders, posLogs } from '~server/db/schema/index';
import { PUBLIC_PUSH_WINDOW_MS } from '~server/routes/staff/queue';
import { POS_LOGS_PER_TOTEM } from '~server/routes/staff/pos-logs';
import { POS_LOG_RESPONSE_MAX_BYTES } from '~/api/contract/staff';
import { testDrivers } from '../support/databases';
import { day, login } from '../support/orders';
import { call, idDocument, pairedKiosks, placeOrder } from '../support/staff';

const MINUTE = 60_000;
const UNKNOWN = { message: 'Risorsa non trovata' };

describe.each(testDrivers)('a public kiosk on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  const started = new Date();
  afterEach(() => api.setNow(started));

  const push = (order: string | number, token = k.public) => call(api, 'POST', '/api/v1/totem/push_in_queue', token, { order });
  const queuedAt = async (id: number) => (await api.deps.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.queuedAt;
  // BARD-01 has data_security_user_optional off: its orders carry a document.
  const placedHere = (from: string) => placeOrder(api, { from, token: k.public, medias: [{ file: idDocument() }] });

  it('pushes an order placed on it a moment ago, by number, id or uuid', async () => {
    const order = await placedHere(day(20));
    for (const ref of [order.number, order.id, order.uuid]) {
      const res = await push(ref);
      expect([ref, res.status]).toEqual([ref, 200]);
      expect(res.body.data).toMatchObject({ id: order.id, number: order.number });
    }
  });

  it('finds no other order of the shop (404, as an unknown number): placed online or at another kiosk; an admin kiosk does', async () => {
    const online = await placeOrder(api, { from: day(21), token: await login(api) });
    const guest = await placeOrder(api, { from: day(21) });
    const atTheDesk = await placeOrder(api, { from: day(21), token: k.cash });
    for (const order of [online, guest, atTheDesk]) {
      for (const ref of [order.number, order.id, order.uuid]) {
        const res = await push(ref);
        expect([ref, res.status, res.body]).toEqual([ref, 404, UNKNOWN]);
      }
      expect(await queuedAt(order.id)).toBeNull();
      expect((await push(order.number, k.admin)).status).toBe(200);
    }
    expect((await push('06-9999999')).body).toEqual(UNKNOWN);
  });

  it(`pushes its own order for ${PUBLIC_PUSH_WINDOW_MS / 3_600_000} hours after placing it, then finds it no more`, async () => {
    const order = await placedHere(day(22));
    const placedAt = new Date(order.created_at).getTime();
    api.setNow(new Date(placedAt + PUBLIC_PUSH_WINDOW_MS - MINUTE));
    expect((await push(order.number)).status).toBe(200);
    const first = await queuedAt(order.id);
    api.setNow(new Date(placedAt + PUBLIC_PUSH_WINDOW_MS + MINUTE));
    expect(await push(order.number)).toMatchObject({ status: 404, body: UNKNOWN });
    expect(await queuedAt(order.id)).toEqual(first);
    // The shop's staff still can.
    expect((await push(order.number, k.admin)).status).toBe(200);
  });

  it("says its own cancelled order is cancelled (410), another kiosk's is unknown (404)", async () => {
    const mine = await placedHere(day(23));
    const theirs = await placeOrder(api, { from: day(23), token: k.cash });
    for (const order of [mine, theirs]) {
      expect((await call(api, 'DELETE', `/api/v1/orders/${order.id}?date=${day(0)}`, k.admin)).status).toBe(200);
    }
    expect((await push(mine.number)).status).toBe(410);
    expect(await push(theirs.number)).toMatchObject({ status: 404, body: UNKNOWN });
  });
});

describe.each(testDrivers)('pos_logs bounds on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  const log = (token: string, body: Record<string, unknown>) => call(api, 'POST', '/api/pos_logs', token, body);
  const DATE = '2026-11-21T10:00:00+01:00';
  /** A terminal answer of exactly `bytes` serialized (UTF-8), with a non-ASCII character in it. */
  const answerOf = (bytes: number) => {
    const frame = new TextEncoder().encode(JSON.stringify({ notes: 'è' })).length; // 'è': one character, two bytes
    return { notes: `è${'x'.repeat(bytes - frame)}` };
  };

  it(`keeps a terminal answer of up to ${POS_LOG_RESPONSE_MAX_BYTES} bytes, refuses a larger one (422 on response)`, async () => {
    const order = await placeOrder(api, { from: day(24) });
    const fits = answerOf(POS_LOG_RESPONSE_MAX_BYTES);
    expect(new TextEncoder().encode(JSON.stringify(fits)).length).toBe(POS_LOG_RESPONSE_MAX_BYTES);
    expect((await log(k.cash, { order_number: order.number, date: DATE, response: fits })).status).toBe(201);
    const over = await log(k.cash, { order_number: order.number, date: DATE, response: answerOf(POS_LOG_RESPONSE_MAX_BYTES + 1) });
    expect([over.status, over.body.errors]).toEqual([422, { response: ['La richiesta è troppo grande'] }]);
    const tooLong = await log(k.cash, { order_number: `${order.number}${'9'.repeat(64)}`, date: DATE, response: { ok: false } });
    expect([tooLong.status, Object.keys(tooLong.body.errors ?? {})]).toEqual([422, ['order_number']]);
    const longDate = await log(k.cash, { order_number: order.number, date: `${DATE}${' '.repeat(40)}x`, response: { ok: false } });
    expect([longDate.status, Object.keys(longDate.body.errors ?? {})]).toEqual([422, ['date']]);
    const kept = await api.deps.database.db.select().from(posLogs).where(eq(posLogs.orderNumber, order.number));
    expect(kept).toHaveLength(1);
  });

  it(`takes ${POS_LOGS_PER_TOTEM.limit} logs per kiosk per window, refusals counted, then 429; other kiosks unaffected`, async () => {
    const order = await placeOrder(api, { from: day(25) });
    const body = { order_number: order.number, date: DATE, response: { operation: 10, operation_completed: false } };
    const start = api.deps.now();
    // A refused log counts too: a script cannot flood by sending nonsense.
    expect((await log(k.public, { ...body, order_number: '06-9999999' })).status).toBe(422);
    for (let i = 1; i < POS_LOGS_PER_TOTEM.limit; i++) expect((await log(k.public, body)).status).toBe(201);
    const refused = await log(k.public, body);
    expect(refused.status).toBe(429);
    expect(typeof refused.body.message).toBe('string');
    expect((await log(k.cash, body)).status).toBe(201);
    const kept = await api.deps.database.db.select().from(posLogs).where(eq(posLogs.orderNumber, order.number));
    expect(kept).toHaveLength(POS_LOGS_PER_TOTEM.limit);
    // The next window starts afresh.
    api.setNow(new Date(start.getTime() + POS_LOGS_PER_TOTEM.windowMs + MINUTE));
    try {
      expect((await log(k.public, body)).status).toBe(201);
    } finally {
      api.setNow(start);
    }
  });
});
