// Free stock holding: one order holds at most MAX_UNITS_PER_PRODUCT units of a product
// (add-ons counted), online orders are limited per e-mail and per client address, and confirmation
// e-mails per recipient (the order still succeeds). Run with the production defaults
// (DEFAULT_ORDER_LIMITS), on PGlite and PostgreSQL: the limiter's store is the database's business
// once it is shared, and the orders and their stock are.
import { afterEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MAX_UNITS_PER_PRODUCT } from '~/domain/cart';
import { orders } from '~server/db/schema/index';
import { DEFAULT_ORDER_LIMITS, assertUnitsPerProduct } from '~server/orders/limits';
import { loadConfig } from '~server/config';
import type { ApiError } from '~server/http/errors';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { CUSTOMER, orderForm, pick, postOrder, readMail } from '../support/orders';
import { data, outcome } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { ShopLoadSchema } from '~/api/contract/catalogue';
import { inSeasonDay } from '../support/season';
import { SHOP, idDocument, pairAll } from '../support/staff';

/** Days counted from the first day the shop booked here is open (seasons are real). */
const day = (n: number) => inSeasonDay(1, n);

describe('order limits: configuration', () => {
  it('has generous defaults, overridable from the environment', () => {
    expect(DEFAULT_ORDER_LIMITS.perEmail).toEqual({ limit: 10, windowMs: 24 * 3_600_000 });
    expect(DEFAULT_ORDER_LIMITS.perAddress).toEqual({ limit: 30, windowMs: 3_600_000 });
    expect(DEFAULT_ORDER_LIMITS.mailsPerRecipient).toEqual({ limit: 10, windowMs: 24 * 3_600_000 });
    const orderLimitsFromEnv = (env: NodeJS.ProcessEnv) => loadConfig(env).orderLimits;
    expect(orderLimitsFromEnv({})).toEqual(DEFAULT_ORDER_LIMITS);
    const env = orderLimitsFromEnv({ ORDERS_PER_EMAIL_PER_DAY: '3', ORDERS_PER_ADDRESS_PER_HOUR: '500', ORDER_MAILS_PER_RECIPIENT_PER_DAY: '7' });
    expect([env.perEmail.limit, env.perAddress.limit, env.mailsPerRecipient.limit]).toEqual([3, 500, 7]);
    expect(() => orderLimitsFromEnv({ ORDERS_PER_ADDRESS_PER_HOUR: 'lots' })).toThrow(/ORDERS_PER_ADDRESS_PER_HOUR/);
  });

  it('counts main items across lines too: the line past the cap is the one refused', () => {
    const line = (productId: number, label: string) => ({ productId, priceId: 1, isAddOn: false, label, size: null, unitPrice: 1, totalPrice: 1, originalTotalPrice: 1 });
    const pools = (n: number) => Array.from({ length: n }, (_, index) => ({ index, customer: null, lines: [line(7, 'Sci')] }));
    expect(() => assertUnitsPerProduct({ pools: pools(MAX_UNITS_PER_PRODUCT) })).not.toThrow();
    try {
      assertUnitsPerProduct({ pools: pools(MAX_UNITS_PER_PRODUCT + 2) });
      expect.unreachable();
    } catch (err) {
      expect((err as ApiError).status).toBe(422);
      expect((err as ApiError).fields).toEqual({ [`cart.${MAX_UNITS_PER_PRODUCT}.prices`]: [{ key: 'api.unitsPerOrder', params: { max: MAX_UNITS_PER_PRODUCT, product: 'Sci' } }] });
    }
  });
});

describe.each(testDrivers)('order limits on $name', (driver) => {
  const api = seededApi(driver, { orderLimits: DEFAULT_ORDER_LIMITS });
  let nextDay = 5;
  afterEach(() => {
    api.deps.trustProxy = 0;
  });

  const ordersOf = async (email: string) =>
    (await api.deps.database.db.select({ n: count() }).from(orders).where(eq(orders.email, email)))[0]!.n;

  /** A one-bike guest order on a day of its own (stock is never the reason of a refusal here). */
  async function guestOrder(email: string, headers: Record<string, string> = {}) {
    const from = day(nextDay++);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const res = await api.request(`/api/v1/shops/${SHOP}/orders`, { method: 'POST', body: orderForm({ from, email, cart: [{ prices: [bike.main.id] }] }), headers });
    return { status: res.status, body: await outcome(res, OrderEnvelopeSchema) };
  }

  it(`accepts ${MAX_UNITS_PER_PRODUCT} units of a product in one order and refuses one more on its line, add-ons counted`, async () => {
    // Lines of the shop's main products (as many as each has in stock), each with the breakage
    // cover add-on: the cover is the product that passes the cap.
    const from = day(nextDay++);
    const load = await api.request(`/api/v1/shops/1?from=${from}`);
    const products = (await data(load, ShopLoadSchema)).products;
    const lines: number[][] = [];
    for (const p of products) {
      if (!p.current_price) continue;
      const picked = await pick(api, 1, p.code!, { from });
      const cover = picked.addOns.COPERTURA;
      if (!cover) continue;
      const free = api.deps.catalogue.shopById(1)!.products.find((x) => x.row.code === p.code)!.row.stock;
      for (let i = 0; i < free && lines.length <= MAX_UNITS_PER_PRODUCT; i++) lines.push([picked.main.id, cover.price.id]);
    }
    expect(lines.length).toBe(MAX_UNITS_PER_PRODUCT + 1);
    const cart = (n: number) => lines.slice(0, n).map((prices) => ({ prices, customer: CUSTOMER }));

    const tooMany = await postOrder(api, 1, orderForm({ from, email: 'gruppo@example.com', cart: cart(MAX_UNITS_PER_PRODUCT + 1) }));
    expect(tooMany.status).toBe(422);
    const message = `Al massimo ${MAX_UNITS_PER_PRODUCT} unità di Copertura rottura e furto per ordine`;
    expect(tooMany.body.errors).toEqual({ [`cart.${MAX_UNITS_PER_PRODUCT}.prices`]: [message] });
    expect(tooMany.body.message).toBe(message);
    expect(await ordersOf('gruppo@example.com')).toBe(0);

    const enough = await postOrder(api, 1, orderForm({ from, email: 'gruppo@example.com', cart: cart(MAX_UNITS_PER_PRODUCT) }));
    expect(enough.status).toBe(201);
  });

  it(`refuses order ${DEFAULT_ORDER_LIMITS.perEmail.limit + 1} of one e-mail in a day (429), not another e-mail's, and counts kiosk orders not at all`, async () => {
    for (let i = 0; i < DEFAULT_ORDER_LIMITS.perEmail.limit; i++) expect((await guestOrder('famiglia@example.com')).status).toBe(201);
    const refused = await guestOrder('FAMIGLIA@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Troppi tentativi: riprova tra \d+ secondi$/);
    expect(await ordersOf('famiglia@example.com')).toBe(DEFAULT_ORDER_LIMITS.perEmail.limit);
    expect((await guestOrder('vicini@example.com')).status).toBe(201);

    // The shop's own kiosk places orders for walk-in customers whatever their e-mail.
    const kiosks = await pairAll(api);
    const from = day(nextDay++);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const form = orderForm({ from, email: 'famiglia@example.com', cart: [{ prices: [bike.main.id] }], medias: [{ file: idDocument() }] });
    expect((await postOrder(api, SHOP, form, { token: kiosks.public })).status).toBe(201);

    // A day later the family may order again.
    api.setNow(new Date(Date.now() + DEFAULT_ORDER_LIMITS.perEmail.windowMs + 60_000));
    try {
      expect((await guestOrder('famiglia@example.com')).status).toBe(201);
    } finally {
      api.setNow(new Date());
    }
  });

  it(`refuses order ${DEFAULT_ORDER_LIMITS.perAddress.limit + 1} from one address in an hour, whatever the e-mails; another address goes on`, async () => {
    // Behind one trusted proxy the address is the one it appended (server/http/client-address.ts).
    api.deps.trustProxy = 1;
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < DEFAULT_ORDER_LIMITS.perAddress.limit; i++) {
      expect((await guestOrder(`cliente${i}@example.com`, from('203.0.113.7'))).status).toBe(201);
    }
    const refused = await guestOrder('ultimo@example.com', from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(await ordersOf('ultimo@example.com')).toBe(0);
    expect((await guestOrder('ultimo@example.com', from('198.51.100.9'))).status).toBe(201);
  }, 120_000);

  it(`sends at most ${DEFAULT_ORDER_LIMITS.mailsPerRecipient.limit} confirmations a day to one recipient; past it the order or edit still succeeds`, async () => {
    const mailsTo = (email: string) => api.outbox().map(readMail).filter((m) => m.to.includes(email)).length;
    // Each order from its own address: only the recipient's limit is at play.
    api.deps.trustProxy = 1;
    const placed: string[] = [];
    for (let i = 0; i < DEFAULT_ORDER_LIMITS.mailsPerRecipient.limit; i++) {
      const { status, body } = await guestOrder('bersaglio@example.com', { 'x-forwarded-for': `192.0.2.${i}` });
      expect(status).toBe(201);
      placed.push(body.data.uuid);
    }
    expect(mailsTo('bersaglio@example.com')).toBe(DEFAULT_ORDER_LIMITS.mailsPerRecipient.limit);
    // An edit by the guest-link holder would send one more: the edit succeeds, the mail is skipped.
    const from = day(nextDay++);
    const bike = await pick(api, SHOP, 'CITYBIKE', { from });
    const edit = orderForm({ from, email: 'bersaglio@example.com', cart: [{ prices: [bike.main.id] }], extra: { _method: 'PATCH' } });
    const res = await api.request(`/api/v1/orders/${placed[0]}`, { method: 'POST', body: edit });
    expect(res.status).toBe(200);
    expect(mailsTo('bersaglio@example.com')).toBe(DEFAULT_ORDER_LIMITS.mailsPerRecipient.limit);
    // Another recipient is not affected.
    expect((await guestOrder('altro@example.com', { 'x-forwarded-for': '192.0.2.200' })).status).toBe(201);
    expect(mailsTo('altro@example.com')).toBe(1);
  });
});
