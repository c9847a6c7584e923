// Referrals: the `ref` an order is placed with is stored, kept by an edit and presented
// on the order; an admin kiosk reads its shop's orders and totals per referral for a period of Rome
// days (GET v1/totem/referrals) and the same as a CSV attachment (…/export). Every JSON answer is
// parsed with the contract.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { ReferralReportResponseSchema } from '~/api/contract/referrals';
import { orders } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { day, login, orderForm, pick, postOrder } from '../support/orders';
import { OTHER_SHOP, pairedKiosks, SHOP } from '../support/staff';
import { inSeasonDay } from '../support/season';

/** A period of its own, far from the orders other tests place today. */
const FROM = '2030-01-10';
const TO = '2030-01-12';
const report = (query: string) => `/api/v1/totem/referrals?${query}`;
const csv = (query: string) => `/api/v1/totem/referrals/export?${query}`;
const PERIOD = `from=${FROM}&to=${TO}`;

describe.each(testDrivers)('referrals on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let customer: string;
  let nextDay = 20;
  beforeAll(async () => {
    customer = await login(api);
  });

  /** A guest order of `code` at `shop` (on day `from`) for `count` people, with `ref` when given, placed at `placedAt` (an instant). */
  async function referred(ref: string | null, placedAt: string, options: { shop?: number; code?: string; count?: number; from?: string } = {}) {
    const shop = options.shop ?? SHOP;
    // A day of its own for each order: the shop's city bikes are few.
    const from = options.from ?? day(nextDay++);
    const { main } = await pick(api, shop, options.code ?? 'CITYBIKE', { from, to: from });
    const cart = Array.from({ length: options.count ?? 1 }, () => ({ prices: [main.id] }));
    const placed = await postOrder(api, shop, orderForm({ from, cart, extra: ref ? { ref } : {} }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.order!;
    // The moment of placing is the database's clock: set here so the period's edges can be tried.
    await api.deps.database.db.update(orders).set({ createdAt: new Date(placedAt) }).where(eq(orders.id, order.id));
    return order;
  }

  async function readReport(query = PERIOD, token = k.admin) {
    const res = await api.request(report(query), { token });
    expect(res.status).toBe(200);
    return ReferralReportResponseSchema.parse(await res.json()).data;
  }

  it('stores the ref an order is placed with and presents it to staff and the customer; an edit keeps it', async () => {
    // Placed before the report's period below.
    const order = await referred('HOTEL42', '2029-06-01T10:00:00Z', { from: day(25) });
    expect(order.ref).toBe('HOTEL42');
    const [row] = await api.deps.database.db.select({ ref: orders.ref }).from(orders).where(eq(orders.id, order.id));
    expect(row!.ref).toBe('HOTEL42');

    const asStaff = await api.request(`/api/v1/orders/${order.id}`, { token: k.admin });
    expect(OrderEnvelopeSchema.parse(await asStaff.json()).data.ref).toBe('HOTEL42');
    const asGuest = await api.request(`/api/v1/guest/orders/${order.uuid}`);
    expect(OrderEnvelopeSchema.parse(await asGuest.json()).data.ref).toBe('HOTEL42');

    // Changed later through another referrer's page: the order stays the first referrer's.
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(26), to: day(26), edit_order_code: order.uuid });
    const edited = await api.request(`/api/v1/orders/${order.uuid}`, {
      method: 'POST',
      body: orderForm({ from: day(26), cart: [{ prices: [main.id] }], extra: { _method: 'PATCH', ref: 'OTHER-HOTEL' } }),
    });
    expect(edited.status).toBe(200);
    const after = OrderEnvelopeSchema.parse(await edited.json()).data;
    expect(after).toMatchObject({ id: order.id, date_from: day(26), ref: 'HOTEL42' });

    // Without one: null.
    expect((await referred(null, '2029-06-01T10:00:00Z', { from: day(25) })).ref).toBeNull();
    // Longer than any code: refused under its field, nothing placed.
    const { main: bike } = await pick(api, SHOP, 'CITYBIKE', { from: day(25), to: day(25) });
    const long = await postOrder(api, SHOP, orderForm({ from: day(25), cart: [{ prices: [bike.id] }], extra: { ref: 'X'.repeat(65) } }));
    expect(long.status).toBe(422);
    expect(Object.keys((long.body as { errors: Record<string, string[]> }).errors)).toEqual(['ref']);
  });

  it('reports confirmed orders and totals per referral for a period of Rome days, summed in cents', async () => {
    // Inside: 00:30 in Rome on the first day (23:30 UTC the day before) and 23:59 on the last.
    const first = await referred('HOTEL42', '2030-01-09T23:30:00Z');
    const second = await referred('HOTEL42', '2030-01-12T22:59:00Z', { count: 3 });
    const agency = await referred('AGENZIA-NEVE', '2030-01-11T09:00:00Z', { count: 2 });
    // Outside: 23:59 in Rome the day before, and midnight after the last day.
    await referred('HOTEL42', '2030-01-09T22:59:00Z');
    await referred('HOTEL42', '2030-01-12T23:00:00Z');
    // No referral: not listed. Cancelled: earned nothing.
    await referred(null, '2030-01-11T09:00:00Z');
    const cancelled = await referred('HOTEL42', '2030-01-11T09:00:00Z');
    await api.deps.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id));
    // Another shop's, with the same referral: never in this shop's report.
    const elsewhere = await referred('HOTEL42', '2030-01-11T09:00:00Z', { shop: OTHER_SHOP, code: 'CIASPOLE', from: inSeasonDay(OTHER_SHOP, 5) });

    const hotel = Math.round(first.total_amount * 100 + second.total_amount * 100) / 100;
    expect(await readReport()).toEqual({
      from: FROM,
      to: TO,
      rows: [
        { ref: 'AGENZIA-NEVE', orders: 1, total_amount: agency.total_amount },
        { ref: 'HOTEL42', orders: 2, total_amount: hotel },
      ],
      orders: 3,
      total_amount: Math.round(hotel * 100 + agency.total_amount * 100) / 100,
    });
    // The cash desk is an admin kiosk too; the other shop's desk sees its own order only.
    expect((await readReport(PERIOD, k.cash)).rows).toHaveLength(2);
    expect((await readReport(PERIOD, k.other)).rows).toEqual([{ ref: 'HOTEL42', orders: 1, total_amount: elsewhere.total_amount }]);
    // One day: only what was placed on it.
    expect((await readReport(`from=${TO}&to=${TO}`)).rows).toEqual([{ ref: 'HOTEL42', orders: 1, total_amount: second.total_amount }]);
    expect(await readReport('from=2031-01-01&to=2031-01-31')).toEqual({ from: '2031-01-01', to: '2031-01-31', rows: [], orders: 0, total_amount: 0 });
  });

  it('exports the report as a CSV attachment, headings in the request language', async () => {
    const json = await readReport();
    const res = await api.request(csv(PERIOD), { token: k.admin, lang: 'en_GB' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="referrals-${FROM}-${TO}.csv"`);
    const lines = (await res.text()).split('\r\n');
    expect(lines).toEqual([
      '"Referral";"Orders";"Total"',
      ...json.rows.map((r) => `"${r.ref}";"${r.orders}";"${r.total_amount.toFixed(2)}"`),
      '',
    ]);
    expect(lines).toHaveLength(4);
    const italian = await api.request(csv(PERIOD), { token: k.admin });
    expect((await italian.text()).split('\r\n')[0]).toBe('"Partner";"Ordini";"Totale"');
  });

  it('is for admin kiosks only: no token 401, a customer and a public kiosk 403', async () => {
    for (const path of [report(PERIOD), csv(PERIOD)]) {
      expect((await api.request(path)).status).toBe(401);
      expect((await api.request(path, { token: customer })).status).toBe(403);
      expect((await api.request(path, { token: k.public })).status).toBe(403);
      expect((await api.request(path, { token: k.admin })).status).toBe(200);
    }
  });

  it('refuses a period that is not one: 422 under its field', async () => {
    const refused = async (query: string) => {
      const res = await api.request(report(query), { token: k.admin });
      expect(res.status).toBe(422);
      return Object.keys(((await res.json()) as { errors: Record<string, string[]> }).errors);
    };
    expect(await refused(`from=${TO}&to=${FROM}`)).toEqual(['to']);
    expect(await refused('from=2030-01-01&to=2031-06-01')).toEqual(['to']);
    expect(await refused('from=2030-02-30&to=2030-03-01')).toEqual(['from']);
    expect(await refused('to=2030-03-01')).toEqual(['from']);
    expect((await api.request(csv(`from=nope&to=${TO}`), { token: k.admin })).status).toBe(422);
  });
});
