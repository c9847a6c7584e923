// Orders, staff side: search of the shop's orders, changes by shop staff, payment at the cash desk
// (once), pools, cancelling, the queue board, the cashier close and terminal failure logs.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { roundMoney } from '~/domain/money';
import { orders, posLogs } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { day, login, seededAmount } from '../support/orders';
import { call, idDocument, OTHER_SHOP, pairedKiosks, payAtDesk, placeOrder } from '../support/staff';
import { inSeasonDay } from '../support/season';

describe.each(testDrivers)('staff orders on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let customer: string;
  beforeAll(async () => {
    customer = await login(api);
  });

  const pay = (id: number | string, body: unknown, token = k.cash) => call(api, 'POST', `/api/v1/orders/${id}/pay`, token, body);
  /** What a desk records besides the date: its claim's attempt and the total it charged. */
  const charged = (amount: number) => ({ attempt: randomUUID(), amount });

  it("searches the shop's orders by number, name, phone digits and a day they cover", async () => {
    const order = await placeOrder(api, { from: day(10), to: day(12) });
    const elsewhere = await placeOrder(api, { from: inSeasonDay(OTHER_SHOP, 10), to: inSeasonDay(OTHER_SHOP, 12), shop: OTHER_SHOP, code: 'CIASPOLE' });
    const search = async (query: string, token = k.admin) => {
      const res = await call(api, 'GET', `/api/v1/orders/search?${query}`, token);
      expect(res.status).toBe(200);
      return res.body.data.map((o) => o.number);
    };
    expect(await search(`q=${order.number}`)).toEqual([order.number]);
    expect(await search('q=verdi')).toContain(order.number);
    expect(await search('q=Giulia%20Verdi')).toContain(order.number);
    expect(await search('q=3337654321')).toContain(order.number); // phone typed as '+39 333 765 4321'
    expect(await search(`date=${day(11)}`)).toContain(order.number);
    expect(await search(`date=${day(13)}`)).not.toContain(order.number);
    expect(await search(`q=${elsewhere.number}`)).toEqual([]);
    expect(await search(`q=${elsewhere.number}`, k.other)).toEqual([elsewhere.number]);
    expect(await search(`q=${order.number}&paid=1`)).toEqual([]);
    expect(await search(`q=${order.number}&status=confirmed&paid=0`)).toEqual([order.number]);
    const bad = await call(api, 'GET', '/api/v1/orders/search?date=2026-13-01&status=lost', k.admin);
    expect([bad.status, bad.body.errors]).toEqual([422, { date: ['Data non valida'], status: ['Valore non valido'] }]);
    // The customer search is unchanged: only their own orders.
    expect((await call(api, 'GET', `/api/v1/orders/search?q=${order.number}`, customer)).body.data).toEqual([]);
  });

  it('lets shop staff change contact data of a started order (customers get 410)', async () => {
    const order = await placeOrder(api, { from: day(1), to: day(3), token: customer });
    api.setNow(new Date(`${day(2)}T09:00:00Z`));
    try {
      const change = (token: string) => call(api, 'PATCH', `/api/v1/orders/${order.id}`, token, { phone: '+39 347 000 1234' });
      expect((await change(customer)).status).toBe(410);
      const staff = await change(k.admin);
      expect([staff.status, staff.body.data.phone]).toEqual([200, '+39 347 000 1234']);
      const bad = await call(api, 'PATCH', `/api/v1/orders/${order.id}`, k.admin, { email: 'nope' });
      expect([bad.status, bad.body.errors]).toEqual([422, { email: ['Indirizzo email non valido'] }]);
    } finally {
      api.setNow(new Date());
    }
  });

  it('takes a payment once at the cash desk: paid, logged, a second payment refused (410)', async () => {
    const order = await placeOrder(api, { from: day(5), to: day(6) });
    const first = await payAtDesk(api, order.id, k.cash, { date: '2026-11-21 10:30:00', pos_log: { transaction_id: 'abc' } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: order.id, paid: true, status: 'confirmed' });
    expect(first.body.data.paid_at).toBe(first.body.data.paid_at && new Date(first.body.data.paid_at).toISOString());
    const [row] = await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentLog).toEqual({ date: '2026-11-21 10:30:00', pos_log: { transaction_id: 'abc' }, totem: 'BARD-03', attempt: expect.any(String), amount: order.total_amount });
    const again = await pay(order.id, { date: day(0), ...charged(order.total_amount) });
    expect(again.status).toBe(410);
    expect(typeof again.body.message).toBe('string');
    expect((await pay(order.number, { date: day(0), ...charged(order.total_amount) })).status).toBe(410);
    // A paid order can no longer be cancelled, even by staff.
    expect((await call(api, 'DELETE', `/api/v1/orders/${order.id}?date=${day(0)}`, k.admin)).status).toBe(410);
  });

  it('refuses bad payment input with 422 and cancelled or unknown orders', async () => {
    const order = await placeOrder(api, { from: day(7) });
    const required = ['Campo obbligatorio'];
    expect(await pay(order.id, {})).toEqual({ status: 422, body: { message: 'Campo obbligatorio', errors: { date: required, attempt: required, amount: required } } });
    const valid = charged(order.total_amount);
    expect((await pay(order.id, { date: '2026-02-30', ...valid })).body.errors).toEqual({ date: ['Data non valida'] });
    expect((await pay(order.id, { date: 'yesterday', ...valid })).body.errors).toEqual({ date: ['Data non valida'] });
    expect((await pay(order.id, { date: day(0), pos_log: { blob: 'x'.repeat(25_000) }, ...valid })).body.errors).toEqual({ pos_log: ['Valore non valido'] });
    expect((await pay(999_999, { date: day(0), ...valid })).status).toBe(404);
    expect((await call(api, 'DELETE', `/api/v1/orders/${order.id}?date=${day(0)}`, k.admin)).status).toBe(200);
    expect((await pay(order.id, { date: day(0), ...valid })).status).toBe(410);
  });

  it('staff cancel an unpaid order even once it started', async () => {
    const order = await placeOrder(api, { from: day(1), to: day(2) });
    api.setNow(new Date(`${day(1)}T15:00:00Z`));
    try {
      const res = await call(api, 'DELETE', `/api/v1/orders/${order.id}?date=${day(1)}`, k.cash);
      expect([res.status, res.body.data.status]).toEqual([200, 'cancelled']);
    } finally {
      api.setNow(new Date());
    }
  });

  it('changes who a pool is for (PATCH v1/order_detail_pools/{id})', async () => {
    const order = await placeOrder(api, { from: day(8) });
    const pool = order.order_detail_pools[0]!;
    const patch = (body: unknown, id: number = pool.id) => call(api, 'PATCH', `/api/v1/order_detail_pools/${id}`, k.admin, body);
    const res = await patch({ customer: { first_name: 'Marta', height: '165', level: 'principiante' }, index: 3 });
    expect(res.status).toBe(200);
    expect(res.body.data.order_detail_pools[0]).toMatchObject({ id: pool.id, index: 3, customer: { first_name: 'Marta', height: '165', level: 'principiante' } });
    const cleared = await patch({ customer: { level: '' } });
    expect(cleared.body.data.order_detail_pools[0].customer).toEqual({ first_name: 'Marta', height: '165' });
    expect(await patch({ customer: { height: '1'.repeat(11) } })).toEqual({
      status: 422,
      body: { message: 'Inserisci al massimo 10 caratteri', errors: { 'customer.height': ['Inserisci al massimo 10 caratteri'] } },
    });
    expect((await patch({})).status).toBe(422);
    expect((await patch({ customer: { shoe: '43' } })).status).toBe(422);
    expect((await patch({ index: -1 })).status).toBe(422);
    expect((await patch({ index: 1 }, 999_999)).status).toBe(404);
    expect((await call(api, 'PATCH', `/api/v1/order_detail_pools/${pool.id}`, k.other, { index: 1 })).status).toBe(404);
  });

  it('closes the cash desk: the day\'s payments of this desk, recorded', async () => {
    const [a, b] = [await placeOrder(api, { from: day(9) }), await placeOrder(api, { from: day(9), to: day(10) })];
    await payAtDesk(api, a.id, k.cash);
    await payAtDesk(api, b.id, k.cash);
    const res = await call(api, 'POST', '/api/v1/totem/close_cashier', k.cash, { date: day(0), pos_log: { closed: true } });
    expect(res.status).toBe(201);
    // Every payment the desk took today in this file, these two included.
    expect(res.body.data).toMatchObject({ date: day(0), totem: 'BARD-03' });
    expect(res.body.data.orders_count).toBeGreaterThanOrEqual(2);
    expect(res.body.data.total).toBeGreaterThanOrEqual(roundMoney(seededAmount('CITYBIKE', 'day') + 2 * seededAmount('CITYBIKE', 'days2to3')));
    const elsewhere = await call(api, 'POST', '/api/v1/totem/close_cashier', k.other, { date: day(0) });
    expect(elsewhere.body.data).toMatchObject({ orders_count: 0, total: 0, totem: 'SEST-01' });
    expect((await call(api, 'POST', '/api/v1/totem/close_cashier', k.cash, { date: 'oggi' })).body.errors).toEqual({ date: ['Data non valida'] });
  });

  // A public kiosk pushes only its own fresh orders: tests/api/public-kiosk-limits.test.ts.
  it('pushes an order to the queue board (any admin kiosk of the shop)', async () => {
    const order = await placeOrder(api, { from: day(11), token: customer });
    const res = await call(api, 'POST', '/api/v1/totem/push_in_queue', k.admin, { order: order.number });
    expect(res).toMatchObject({ status: 200, body: { data: { id: order.id, number: order.number, status: 'confirmed', paid: false } } });
    expect((await call(api, 'POST', '/api/v1/totem/push_in_queue', k.cash, { order: order.id })).status).toBe(200);
    expect((await call(api, 'POST', '/api/v1/totem/push_in_queue', k.public, {})).body.errors).toEqual({ order: ['Campo obbligatorio'] });
    expect((await call(api, 'POST', '/api/v1/totem/push_in_queue', k.public, { order: 'XX-1' })).status).toBe(404);
  });

  it('logs payment-terminal failures (POST /api/pos_logs)', async () => {
    const order = await placeOrder(api, { from: day(12) });
    const response = { operation: 10, operation_completed: false, notes: 'Carta rifiutata' };
    const res = await call(api, 'POST', '/api/pos_logs', k.cash, { order_number: order.number, date: '2026-11-21T10:00:00+01:00', response });
    expect(res).toMatchObject({ status: 201, body: { data: { order_number: order.number, response, totem: 'BARD-03' } } });
    const [row] = await api.deps.database.db.select().from(posLogs).where(eq(posLogs.id, res.body.data.id));
    expect(row).toMatchObject({ orderNumber: order.number, response });
    const missing = await call(api, 'POST', '/api/pos_logs', k.cash, { order_number: order.number, date: day(0) });
    expect([missing.status, missing.body.errors]).toEqual([422, { response: ['Campo obbligatorio'] }]);
    const foreign = await call(api, 'POST', '/api/pos_logs', k.other, { order_number: order.number, date: day(0), response });
    expect([foreign.status, foreign.body.errors]).toEqual([422, { order_number: ['Risorsa non trovata'] }]);
  });

  it('a public kiosk places orders for its own shop only', async () => {
    // BARD-01 has data_security_user_optional off: its orders carry a document (kiosk-orders.test.ts).
    const mine = await placeOrder(api, { from: day(14), token: k.public, medias: [{ file: idDocument() }] });
    expect(mine.status).toBe('confirmed');
    await expect(placeOrder(api, { from: day(14), shop: OTHER_SHOP, code: 'CIASPOLE', token: k.public })).rejects.toThrow(/order 403/);
    // …and cannot open the shop's orders list or an order by id.
    expect((await call(api, 'GET', '/api/v1/orders/search', k.public)).status).toBe(403);
    expect((await call(api, 'GET', `/api/v1/orders/${mine.id}`, k.public)).status).toBe(403);
  });
});
