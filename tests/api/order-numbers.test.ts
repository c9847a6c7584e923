// Order numbers past 10 million: `orders.number` was `lpad(id, 7)`, and lpad cuts a
// longer text, so order 10,000,001 got 01-1000000, order 1,000,000's number (a unique violation:
// the order could not be placed at all). Numbers below 10 million read as before; past it the
// width grows. The sequence is moved forward to get there, on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { numberParts } from '~/domain/board';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { day, orderForm, pick, postOrder } from '../support/orders';
import { SHOP, call, pairAll } from '../support/staff';

describe.each(testDrivers)('order numbers on $name', (driver) => {
  const api = seededApi(driver);
  let nextDay = 3;

  async function place() {
    const from = day(nextDay++);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const { status, order, body } = await postOrder(api, SHOP, orderForm({ from, cart: [{ prices: [bike.main.id] }] }));
    expect(status, JSON.stringify(body)).toBe(201);
    return order;
  }
  /** The next order gets `id`. */
  const nextIdIs = (id: number) => api.deps.database.db.execute(sql`select setval(pg_get_serial_sequence('orders', 'id'), ${id - 1})`);

  it('keeps the shop-and-seven-digits number below 10 million', async () => {
    const order = await place();
    expect(order.number).toBe(`0${SHOP}-${String(order.id).padStart(7, '0')}`);
    await nextIdIs(9_999_999);
    expect((await place()).number).toBe(`0${SHOP}-9999999`);
  });

  it('gives order 10,000,001 a number of its own, not order 1,000,000’s, and clients still read it', async () => {
    await nextIdIs(1_000_000);
    const million = await place();
    expect([million.id, million.number]).toEqual([1_000_000, `0${SHOP}-1000000`]);
    await nextIdIs(10_000_001);
    const past = await place(); // a unique violation (500) before the fix
    expect([past.id, past.number]).toEqual([10_000_001, `0${SHOP}-10000001`]);
    expect(past.number).not.toBe(million.number);

    // The order board splits it as it splits any number: padding apart, the tail people say.
    expect(numberParts(past.number)).toEqual({ lead: `0${SHOP}-`, tail: '10000001' });
    expect(numberParts(million.number)).toEqual({ lead: `0${SHOP}-`, tail: '1000000' });
    // Staff find each by its number (the kiosk's order lookup and search).
    const k = await pairAll(api);
    for (const order of [million, past]) {
      const found = await call(api, 'GET', `/api/v1/orders/${order.number}`, k.admin);
      expect([found.status, found.body.data.uuid]).toEqual([200, order.uuid]);
    }
    const search = await call(api, 'GET', `/api/v1/orders/search?q=${past.number}`, k.admin);
    expect(search.status).toBe(200);
    expect(search.body.data.map((o: { number: string }) => o.number)).toEqual([past.number]);
  });

  it('keeps numbers unique in the database', async () => {
    // Both drivers answer raw SQL with `{ rows }`.
    const { rows } = (await api.deps.database.db.execute(
      sql`select conname from pg_constraint where conrelid = 'orders'::regclass and contype = 'u' and conname = 'orders_number_unique'`,
    )) as unknown as { rows: { conname: string }[] };
    expect(rows.map((r) => r.conname)).toEqual(['orders_number_unique']);
  });
});
