// Coupon usage limits: total uses, uses per customer (account or guest e-mail) and
// validity dates, checked and recorded in the order's transaction; GET v1/coupons/{code} limited.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayInRome } from '~/domain/dates';
import { COUPON_LOOKUP_RULE } from '~server/orders/coupons';
import { clientAddress } from '~server/http/client-address';
import { couponRedemptions, coupons } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { login, orderForm, pick, postOrder } from '../support/orders';
import { answer, refusal } from '../support/contract';
import { CouponResponseSchema } from '~/api/contract/coupons';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { inSeasonDay } from '../support/season';

const SHOP = 1;
/** Days counted from the first day the shop booked here is open (seasons are real). */
const day = (n: number) => inSeasonDay(SHOP, n);

describe.each(testDrivers)('coupon limits on $name', (driver) => {
  const api = seededApi(driver, { poolSize: 10 });
  let price: number;
  beforeAll(async () => {
    price = (await pick(api, SHOP, 'CIASPOLE', { from: day(60), to: day(60) })).main.id;
  }, 120_000);

  const db = () => api.deps.database.db;
  const order = (n: number, input: { coupons: string[]; email?: string; token?: string }) =>
    postOrder(api, SHOP, orderForm({ from: day(n), cart: [{ prices: [price] }], coupons: input.coupons, email: input.email }), { token: input.token });
  const coupon = async (code: string) => (await db().select().from(coupons).where(eq(coupons.code, code)))[0]!;
  const redemptions = async (code: string) =>
    db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, (await coupon(code)).id));

  it('limits GET v1/coupons/{code} like POST v1/coupons, on one count', async () => {
    const key = `coupon:ip:${clientAddress(undefined, undefined, 0)}`;
    await api.deps.limiter.reset(key);
    for (let i = 0; i < COUPON_LOOKUP_RULE.limit; i++) {
      const res = i % 2 ? await api.request(`/api/v1/coupons/GUESS${i}`) : await api.request('/api/v1/coupons', { method: 'POST', json: { code: `GUESS${i}` } });
      expect(res.status).not.toBe(429);
    }
    const get = await api.request('/api/v1/coupons/NEVE5');
    expect([get.status, (await refusal(get)).message]).toEqual([429, 'Troppi tentativi: riprova tra 60 secondi']);
    expect((await api.request('/api/v1/coupons', { method: 'POST', json: { code: 'NEVE5' } })).status).toBe(429);
    await api.deps.limiter.reset(key);
  });

  it('takes BENVENUTO10 once per account and once per guest e-mail', async () => {
    const mario = await login(api);
    const first = await order(61, { coupons: ['benvenuto10'], token: mario });
    expect(first.status).toBe(201);
    expect(first.order.coupon_codes).toEqual(['BENVENUTO10']);
    const again = await order(62, { coupons: ['NEVE5', 'BENVENUTO10'], token: mario });
    expect([again.status, again.body.errors]).toEqual([422, { 'coupon_codes.1': ['Hai già usato il codice sconto BENVENUTO10'] }]);
    // Another e-mail on the same account is still the same customer.
    expect((await order(62, { coupons: ['BENVENUTO10'], token: mario, email: 'mario.altro@example.com' })).status).toBe(422);
    // Nothing was recorded for the refused orders: NEVE5 was rolled back with them.
    expect(await redemptions('NEVE5')).toEqual([]);

    expect((await order(63, { coupons: ['BENVENUTO10'], email: 'ospite@example.com' })).status).toBe(201);
    const guestAgain = await order(64, { coupons: ['BENVENUTO10'], email: 'OSPITE@example.com' });
    expect(guestAgain.status).toBe(422);
    const english = await postOrder(api, SHOP, orderForm({ from: day(64), cart: [{ prices: [price] }], coupons: ['BENVENUTO10'], email: 'ospite@example.com' }), { lang: 'en_GB' });
    expect(english.body.errors).toEqual({ 'coupon_codes.0': ['You have already used the discount code BENVENUTO10'] });
    expect((await order(64, { coupons: ['BENVENUTO10'], email: 'altro.ospite@example.com' })).status).toBe(201);
    expect((await coupon('BENVENUTO10')).usesCount).toBe(3);
  });

  it('keeps a redeemed coupon through an edit without counting it twice; a cancel gives it back', async () => {
    const email = 'modifica@example.com';
    const placed = await order(65, { coupons: ['BENVENUTO10'], email });
    expect(placed.status).toBe(201);
    const uses = (await coupon('BENVENUTO10')).usesCount;
    const edit = (coupons: string[]) =>
      api.request(`/api/v1/orders/${placed.order.uuid}`, {
        method: 'POST',
        body: orderForm({ from: day(66), cart: [{ prices: [price] }], coupons, email, extra: { _method: 'PATCH', edit_order_code: placed.order.number } }),
      });
    const edited = await edit(['BENVENUTO10']);
    expect(edited.status).toBe(200);
    expect((await answer(edited, OrderEnvelopeSchema)).data).toMatchObject({ date_from: day(66), coupon_codes: ['BENVENUTO10'] });
    expect((await coupon('BENVENUTO10')).usesCount).toBe(uses);
    expect((await redemptions('BENVENUTO10')).filter((r) => r.orderId === placed.order.id)).toHaveLength(1);
    // Dropped by an edit: released; taken again by the next edit: counted once.
    expect((await edit([])).status).toBe(200);
    expect((await coupon('BENVENUTO10')).usesCount).toBe(uses - 1);
    expect((await edit(['BENVENUTO10'])).status).toBe(200);
    expect((await coupon('BENVENUTO10')).usesCount).toBe(uses);

    const cancelled = await api.request(`/api/v1/orders/${placed.order.uuid}?date=${day(0)}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect((await coupon('BENVENUTO10')).usesCount).toBe(uses - 1);
    expect((await redemptions('BENVENUTO10')).filter((r) => r.orderId === placed.order.id)).toEqual([]);
    // The customer may use it on the order that replaces the cancelled one.
    expect((await order(67, { coupons: ['BENVENUTO10'], email })).status).toBe(201);
  });

  it('lets concurrent orders take a limited coupon only as often as it allows', async () => {
    await db().insert(coupons).values({ code: 'ULTIMI2', amount: 1, maxUses: 2 });
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => order(70 + i, { coupons: ['ULTIMI2'], email: `corsa${i}@example.com` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 422, 422, 422]);
    for (const refused of results.filter((r) => r.status === 422)) {
      expect(refused.body.errors).toEqual({ 'coupon_codes.0': ['Il codice sconto ULTIMI2 è esaurito'] });
    }
    expect((await coupon('ULTIMI2')).usesCount).toBe(2);
    expect(await redemptions('ULTIMI2')).toHaveLength(2);
    // Shown as refused to the storefront too.
    expect(await answer(await api.request('/api/v1/coupons/ULTIMI2'), CouponResponseSchema)).toEqual({ data: { code: 'ULTIMI2', amount: 1, blocked: true } });
  });

  it('lets two orders of one customer racing for a once-per-customer coupon take it once', async () => {
    await db().insert(coupons).values({ code: 'UNAVOLTA', amount: 1, maxUsesPerCustomer: 1 });
    const results = await Promise.all([0, 1, 2].map((i) => order(75 + i, { coupons: ['UNAVOLTA'], email: 'stessa@example.com' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    expect(await redemptions('UNAVOLTA')).toHaveLength(1);
  });

  it('honours the validity dates (Rome day of the order)', async () => {
    const today = todayInRome(api.deps.now());
    await db().insert(coupons).values([
      { code: 'FINITO', amount: 1, validTo: addDays(today, -1) },
      { code: 'PRESTO', amount: 1, validFrom: addDays(today, 1) },
      { code: 'OGGI', amount: 1, validFrom: today, validTo: today },
    ]);
    const refused = await order(80, { coupons: ['FINITO', 'PRESTO'] });
    const [y, m, d] = addDays(today, 1).split('-');
    const tomorrow = `${d}/${m}/${y}`;
    expect([refused.status, refused.body.errors]).toEqual([
      422,
      { 'coupon_codes.0': ['Il codice sconto FINITO è scaduto'], 'coupon_codes.1': [`Il codice sconto PRESTO sarà valido dal ${tomorrow}`] },
    ]);
    expect((await order(80, { coupons: ['OGGI'] })).status).toBe(201);
    expect(await answer(await api.request('/api/v1/coupons/FINITO'), CouponResponseSchema)).toEqual({ data: { code: 'FINITO', amount: 1, blocked: true } });
    expect(await answer(await api.request('/api/v1/coupons/OGGI'), CouponResponseSchema)).toEqual({ data: { code: 'OGGI', amount: 1, blocked: false } });
  });
});
