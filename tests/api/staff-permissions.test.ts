// The permission matrix of the staff API: every staff endpoint called by a guest (no
// token), a customer, and each kiosk type of the shop (10 public, 20 admin, 30 admin + cash desk)
// plus a cash desk of another shop. Denials come before any state change, so denied roles share
// one fixture; allowed roles get a fresh one where the call changes it (pay, cancel, delivery…).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { day, login, orderForm, pick, productId } from '../support/orders';
import { call, idDocument, pairedKiosks, placeOrder, SHOP, totemOf, unit } from '../support/staff';

const ROLES = ['guest', 'customer', 'public', 'admin', 'cash', 'other'] as const;
type Role = (typeof ROLES)[number];
type Expect = Record<Role, number>;
const A = (guest: number, customer: number, pub: number, admin: number, cash: number, other: number): Expect => ({
  guest,
  customer,
  public: pub,
  admin,
  cash,
  other,
});

interface Fixture {
  orderId: number;
  number: string;
  uuid: string;
  poolId: number;
  lineId: number;
  detailId: number;
  code: string;
  /** A 'claimed' fixture: the cash desk's claim attempt, and the total the claim answered. */
  attempt?: string;
  total?: number;
}

interface Row {
  name: string;
  method: string;
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** Allowed roles get a new fixture: an order, one claimed by the cash desk, one with a unit out, or one whose unit is back. */
  fresh?: 'order' | 'claimed' | 'out' | 'returned';
  expect: Expect;
}

const STAFF = A(401, 403, 403, 200, 200, 404);
const rows: Row[] = [
  { name: 'GET v1/totem', method: 'GET', path: () => '/api/v1/totem', expect: A(401, 403, 200, 200, 200, 200) },
  { name: 'POST v1/totem/password', method: 'POST', path: () => '/api/v1/totem/password', body: () => ({ password: 'wrong' }), expect: A(401, 403, 422, 422, 422, 422) },
  // The shop's kiosks (revoking is in kiosk-pairing-codes.test.ts: it would end the public kiosk's token here).
  { name: 'GET v1/totems', method: 'GET', path: () => '/api/v1/totems', expect: A(401, 403, 403, 200, 200, 200) },
  { name: 'POST v1/totems/{code}/pairing_code', method: 'POST', path: () => '/api/v1/totems/BARD-01/pairing_code', body: () => ({ password: 'wrong' }), expect: A(401, 403, 403, 422, 422, 404) },
  { name: 'DELETE v1/totems/{code}/pairing_code', method: 'DELETE', path: () => '/api/v1/totems/BARD-01/pairing_code', expect: A(401, 403, 403, 200, 200, 404) },
  { name: 'POST v1/totems/{code}/password', method: 'POST', path: () => '/api/v1/totems/BARD-01/password', body: () => ({ password: 'wrong' }), expect: A(401, 403, 403, 422, 422, 404) },
  { name: 'POST v1/totems/{code}/unlock', method: 'POST', path: () => '/api/v1/totems/BARD-01/unlock', body: () => ({ password: 'wrong' }), expect: A(401, 403, 403, 422, 422, 404) },
  // The fixture was not placed on the public kiosk: unknown to it (tests/api/public-kiosk-limits.test.ts).
  { name: 'POST v1/totem/push_in_queue', method: 'POST', path: () => '/api/v1/totem/push_in_queue', body: (f) => ({ order: f.uuid }), expect: A(401, 403, 404, 200, 200, 404) },
  // The shop's orders per referral: admin kiosks; another shop's desk reads its own shop's.
  // The counter's lists carry full names and the uuid: admin kiosks only; another shop's desk reads its own shop's.
  { name: 'GET v1/totem/counter_orders', method: 'GET', path: () => '/api/v1/totem/counter_orders?list=hand_out', expect: A(401, 403, 403, 200, 200, 200) },
  { name: 'GET v1/totem/referrals', method: 'GET', path: () => '/api/v1/totem/referrals?from=2026-01-01&to=2026-01-31', expect: A(401, 403, 403, 200, 200, 200) },
  { name: 'GET v1/totem/referrals/export', method: 'GET', path: () => '/api/v1/totem/referrals/export?from=2026-01-01&to=2026-01-31', expect: A(401, 403, 403, 200, 200, 200) },
  { name: 'POST v1/totem/close_cashier', method: 'POST', path: () => '/api/v1/totem/close_cashier', body: () => ({ date: day(0) }), expect: A(401, 403, 403, 403, 201, 201) },
  { name: 'GET v1/orders/search', method: 'GET', path: () => '/api/v1/orders/search?q=Verdi', expect: A(401, 200, 403, 200, 200, 200) },
  { name: 'GET v1/orders/{id}', method: 'GET', path: (f) => `/api/v1/orders/${f.orderId}`, expect: A(404, 404, 403, 200, 200, 404) },
  { name: 'PATCH v1/orders/{id}', method: 'PATCH', path: (f) => `/api/v1/orders/${f.orderId}`, body: () => ({ phone: '+39 333 000 1111' }), expect: A(404, 404, 403, 200, 200, 404) },
  { name: 'GET v1/orders/{code}/export', method: 'GET', path: (f) => `/api/v1/orders/${f.number}/export`, expect: A(404, 404, 403, 200, 200, 404) },
  { name: 'DELETE v1/orders/{id}', method: 'DELETE', path: (f) => `/api/v1/orders/${f.orderId}?date=${day(0)}`, fresh: 'order', expect: A(404, 404, 403, 200, 200, 404) },
  {
    name: 'POST v1/orders/{id}/pay',
    method: 'POST',
    path: (f) => `/api/v1/orders/${f.orderId}/pay`,
    body: (f) => ({ date: new Date().toISOString(), pos_log: { ok: true }, attempt: f.attempt, amount: f.total }),
    fresh: 'claimed',
    expect: A(401, 403, 403, 403, 200, 404),
  },
  { name: 'GET v1/orders/{id}/payment_claim', method: 'GET', path: (f) => `/api/v1/orders/${f.orderId}/payment_claim`, expect: STAFF },
  {
    name: 'POST v1/orders/{id}/payment_claim/release',
    method: 'POST',
    path: (f) => `/api/v1/orders/${f.orderId}/payment_claim/release`,
    body: () => ({ password: 'wrong', totem: 'BARD-03' }),
    expect: A(401, 403, 403, 422, 422, 404),
  },
  { name: 'PATCH v1/order_detail_pools/{id}', method: 'PATCH', path: (f) => `/api/v1/order_detail_pools/${f.poolId}`, body: () => ({ customer: { level: 'esperto' } }), expect: STAFF },
  {
    name: 'POST v1/delivery',
    method: 'POST',
    path: () => '/api/v1/delivery',
    body: (f) => ({ order_id: f.orderId, delivery_details: [{ internal_code: f.code, id_order_detail: f.lineId }] }),
    fresh: 'order',
    expect: STAFF,
  },
  { name: 'POST v1/pickup', method: 'POST', path: () => '/api/v1/pickup', body: (f) => ({ items: [{ internal_code: f.code }] }), fresh: 'out', expect: A(401, 403, 403, 200, 200, 422) },
  { name: 'POST v1/delivery_details/{id}/reset_delivery', method: 'POST', path: (f) => `/api/v1/delivery_details/${f.detailId}/reset_delivery`, fresh: 'out', expect: STAFF },
  { name: 'POST v1/delivery_details/{id}/reset_pickup', method: 'POST', path: (f) => `/api/v1/delivery_details/${f.detailId}/reset_pickup`, fresh: 'returned', expect: STAFF },
  { name: 'GET v1/delivery_details/{id}/diff', method: 'GET', path: (f) => `/api/v1/delivery_details/${f.detailId}/diff?to=${day(70)}`, expect: STAFF },
  { name: 'GET v1/order_details/{id}/diff', method: 'GET', path: (f) => `/api/v1/order_details/${f.lineId}/diff`, expect: STAFF },
  { name: 'GET v1/specific_products', method: 'GET', path: () => '/api/v1/specific_products', expect: A(401, 403, 403, 200, 200, 200) },
  { name: 'GET v1/specific_products?extra=1', method: 'GET', path: () => '/api/v1/specific_products?extra=1', expect: A(401, 403, 403, 200, 200, 200) },
  { name: 'GET v1/specific_products/{code}', method: 'GET', path: () => `/api/v1/specific_products/${unit('CLIMB', 1)}`, expect: STAFF },
  { name: 'POST v1/specific_products/{code}/unlock', method: 'POST', path: () => `/api/v1/specific_products/${unit('CLIMB', 1)}/unlock`, expect: STAFF },
  { name: 'GET v1/specific_products/{id}/specific_product_problems', method: 'GET', path: () => `/api/v1/specific_products/${climbId}/specific_product_problems`, expect: STAFF },
  {
    name: 'POST v1/specific_products/{id}/specific_product_problems',
    method: 'POST',
    path: () => `/api/v1/specific_products/${climbId}/specific_product_problems`,
    body: () => ({ description: 'Fibbia rotta' }),
    expect: A(401, 403, 403, 201, 201, 404),
  },
  { name: 'POST pos_logs', method: 'POST', path: () => '/api/pos_logs', body: (f) => ({ order_number: f.number, date: new Date().toISOString(), response: { error: 'x' } }), expect: A(401, 403, 201, 201, 201, 422) },
  {
    name: 'POST v1/broadcasting/auth',
    method: 'POST',
    path: () => '/api/v1/broadcasting/auth',
    body: () => ({ socket_id: '123.456', channel_name: `private-shop.${SHOP}` }),
    expect: A(401, 403, 200, 200, 200, 403),
  },
];
let climbId = 0;

describe.each(testDrivers)('staff permission matrix on $name', (driver) => {
  const { api, k: kiosks } = pairedKiosks(driver);
  let tokens: Record<Role, string | undefined>;
  let shared: Fixture;
  let nextDay = 30;

  const order = async (): Promise<Omit<Fixture, 'detailId' | 'code'>> => {
    const placed = await placeOrder(api, { from: day(nextDay), to: day(nextDay + 1) });
    nextDay += 2;
    const pool = placed.order_detail_pools[0]!;
    return { orderId: placed.id, number: placed.number, uuid: placed.uuid, poolId: pool.id, lineId: pool.order_details[0]!.id };
  };
  /** A city bike of the shop that is neither out nor locked. */
  const freeBike = async () => {
    const list = await call(api, 'GET', `/api/v1/specific_products?status=available&product_id=${productId(api, SHOP, 'CITYBIKE')}`, kiosks.admin);
    return list.body.data[0]!.internal_code;
  };
  const fixture = async (kind: NonNullable<Row['fresh']>): Promise<Fixture> => {
    const o = await order();
    const code = await freeBike();
    if (kind === 'order') return { ...o, detailId: 0, code };
    if (kind === 'claimed') {
      const attempt = randomUUID();
      const claim = await call(api, 'POST', `/api/v1/orders/${o.orderId}/payment_claim`, kiosks.cash, { attempt });
      if (claim.status !== 200) throw new Error(JSON.stringify(claim.body));
      return { ...o, detailId: 0, code, attempt, total: claim.body.data.total_amount };
    }
    const out = await call(api, 'POST', '/api/v1/delivery', kiosks.admin, { order_id: o.orderId, delivery_details: [{ internal_code: code, id_order_detail: o.lineId }] });
    if (out.status !== 200) throw new Error(JSON.stringify(out.body));
    const detailId = out.body.data.delivery!.delivery_details[0]!.id;
    if (kind === 'returned') await call(api, 'POST', '/api/v1/pickup', kiosks.admin, { items: [{ internal_code: code }] });
    return { ...o, detailId, code };
  };

  beforeAll(async () => {
    tokens = { guest: undefined, customer: await login(api), public: kiosks.public, admin: kiosks.admin, cash: kiosks.cash, other: kiosks.other };
    shared = await fixture('out');
    climbId = (await call(api, 'GET', `/api/v1/specific_products/${unit('CLIMB', 1)}`, kiosks.admin)).body.data.id;
  }, 120_000);

  it.each(rows)('$name', async (row) => {
    const seen: Partial<Expect> = {};
    for (const role of ROLES) {
      const allowed = row.expect[role] < 300;
      const f = allowed && row.fresh ? await fixture(row.fresh) : shared;
      const res = await call(api, row.method, row.path(f), tokens[role], row.body?.(f));
      seen[role] = res.status;
    }
    expect(seen).toEqual(row.expect);
  });

  it('POST v1/shops/{id}/orders: guests, customers and kiosks of the shop place orders; another shop\'s kiosk gets 403', async () => {
    const seen: Partial<Expect> = {};
    for (const role of ROLES) {
      const { main } = await pick(api, SHOP, 'CIASPOLE', { from: day(45) });
      // With an identity document, which the public kiosk needs (kiosk-orders.test.ts).
      const form = orderForm({ from: day(45), cart: [{ prices: [main.id] }], medias: [{ file: idDocument() }] });
      const res = await api.request(`/api/v1/shops/${SHOP}/orders`, { method: 'POST', body: form, token: tokens[role] });
      seen[role] = res.status;
    }
    expect(seen).toEqual(A(201, 201, 201, 201, 201, 403));
  });

  it('a kiosk never sees another shop: its orders by uuid, its units, its order lines', async () => {
    const other = tokens.other;
    expect((await call(api, 'GET', `/api/v1/orders/${shared.uuid}`, other)).status).toBe(404);
    expect((await call(api, 'GET', `/api/v1/guest/orders/${shared.uuid}`, other)).status).toBe(404);
    // A public kiosk is held to its type even with the uuid (kiosk-capabilities.test.ts).
    expect((await call(api, 'GET', `/api/v1/orders/${shared.uuid}`, kiosks.public)).status).toBe(403);
    expect((await call(api, 'GET', `/api/v1/orders/${shared.uuid}`, kiosks.admin)).status).toBe(200);
    const list = await call(api, 'GET', '/api/v1/specific_products', other);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((u) => u.internal_code.startsWith(`S0${totemOf('SEST-01').shopId}-`))).toBe(true);
    const search = await call(api, 'GET', `/api/v1/orders/search?q=${shared.number}`, other);
    expect(search.body.data).toEqual([]);
  });
});
