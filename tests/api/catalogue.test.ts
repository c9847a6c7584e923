// Catalogue (spec §7): sites, sports, shop loads with prices for the asked dates, availabilities.
import { describe, expect, it } from 'vitest';
import { roundMoney } from '~/domain/money';
import { offeredAddOns } from '~/domain/pricing';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { CUSTOMER, availability, loadShop, orderForm, pick, postOrder, productId, seededAmount, stockOf } from '../support/orders';
import { envelopeOf, listOf, outcome, refusal } from '../support/contract';
import { strictObject } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { AvailabilitiesSchema, ShopLoadSchema, ShopSchema, SiteSchema, SportSchema, type ShopLoad } from '~/api/contract/catalogue';
import { inSeasonDay } from '../support/season';

/** Days counted from the first day the shops booked here are open (seasons are real). */
const day = (n: number) => inSeasonDay([1, 10], n);

const NOT_FOUND = { message: 'Risorsa non trovata' };
const { shops: _shops, ...siteFields } = SiteSchema.shape;
/** A site as answered without `with=shops…`: strict, so a site that carried shops would fail to parse. */
const SITE_WITHOUT_SHOPS = strictObject(siteFields);

describe.each(testDrivers)('catalogue API on $name', (driver) => {
  const api = seededApi(driver);

  const get = async <S extends $ZodType>(path: string, schema: S, lang?: string) => {
    const res = await api.request(path, { lang });
    return { status: res.status, body: await outcome(res, schema) };
  };
  // Without `with=shops…` a site carries no shops: strict, so the test below proves it.

  it('lists the 20 sites with their shops and sports (GET v2/sites?with=shops.sports)', async () => {
    const { status, body } = await get('/api/v2/sites?with=shops.sports', envelopeOf(listOf(SiteSchema)));
    expect(status).toBe(200);
    expect(body.data).toHaveLength(20);
    expect(body.data.flatMap((s) => s.shops!)).toHaveLength(12);
    const sestriere = body.data.find((s) => s.slug === 'sestriere')!;
    expect(sestriere.shops!.map((s) => s.id).sort()).toEqual([1, 2]);
    expect(sestriere.shops!.find((s) => s.id === 1)!.sports.map((s) => s.slug)).toEqual(['sci', 'snowboard', 'ciaspole']);
    const plain = await get('/api/v2/sites', envelopeOf(listOf(SITE_WITHOUT_SHOPS)));
    expect(plain.body.data.every((s) => !('shops' in s))).toBe(true);
  });

  it('serves sites, one site and its shops (v1), 404 for unknown or non-numeric ids', async () => {
    const list = await get('/api/v1/sites', envelopeOf(listOf(SITE_WITHOUT_SHOPS)));
    expect(list.body.data).toHaveLength(20);
    const sestriere = list.body.data.find((s) => s.slug === 'sestriere')!;
    const one = await get(`/api/v1/sites/${sestriere.id}`, envelopeOf(SITE_WITHOUT_SHOPS));
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(sestriere);
    const shops = await get(`/api/v1/sites/${sestriere.id}/shops`, envelopeOf(listOf(ShopSchema)));
    expect(shops.body.data.map((s) => s.slug).sort()).toEqual(['alpin-tour-sestriere', 'sport-noleggio-sestriere']);
    expect(shops.body.data.every((s) => s.site_id === sestriere.id)).toBe(true);
    for (const path of ['/api/v1/sites/999', '/api/v1/sites/abc', '/api/v1/sites/999/shops', '/api/v1/sites/-1/shops']) {
      const res = await get(path, envelopeOf(SiteSchema));
      expect([path, res.status, res.body]).toEqual([path, 404, NOT_FOUND]);
    }
  });

  it('serves sports in the request language, 404 for unknown ids', async () => {
    const it = await get('/api/v1/sports', envelopeOf(listOf(SportSchema)));
    expect(it.body.data.map((s) => s.slug)).toEqual(['sci', 'snowboard', 'sci-alpinismo', 'ciaspole', 'biciclette', 'arrampicata']);
    expect(it.body.data[0]).toEqual({ id: 1, slug: 'sci', name: 'Sci' });
    const en = await get('/api/v1/sports/1', envelopeOf(SportSchema), 'en_GB');
    expect(en.body.data).toEqual({ id: 1, slug: 'sci', name: 'Skiing' });
    expect((await get('/api/v1/sports/4', envelopeOf(SportSchema), 'fr_FR')).body).toEqual({ data: { id: 4, slug: 'ciaspole', name: 'Raquettes' } });
    expect(await get('/api/v1/sports/99', envelopeOf(SportSchema))).toEqual({ status: 404, body: NOT_FOUND });
    expect(await get('/api/v1/sports/sci', envelopeOf(SportSchema))).toEqual({ status: 404, body: NOT_FOUND });
  });

  it('loads a shop: categories tree and products with every price', async () => {
    const load = await loadShop(api, 1, {});
    expect(load.shop).toMatchObject({ id: 1, slug: 'sport-noleggio-sestriere' });
    expect(load.categories.map((c) => [c.slug, c.children.map((ch) => [ch.slug, ch.require_customer_info])])).toEqual([
      ['sci', [['sci-adulto', true], ['sci-junior', true]]],
      ['snowboard', [['snowboard-adulto', true]]],
      ['ciaspole', [['ciaspole', false]]],
    ]);
    expect(load.products.map((p) => p.code)).toEqual(['SCI-PREMIUM', 'SCI-BASE', 'SCI-JUNIOR', 'SNOWBOARD', 'CIASPOLE', 'AUTOSOCCORSO']);
    const base = load.products.find((p) => p.code === 'SCI-BASE')!;
    expect(base.require_customer_info).toBe(true);
    expect(load.products.find((p) => p.code === 'CIASPOLE')!.require_customer_info).toBe(false);
    expect(base.current_price).toBeNull();
    expect(base.prices.map((p) => p.amount)).toEqual([25, 22.5, 20, 17.5, 15, 12.5, 300]);
    expect(base.prices.every((p) => p.main_price && p.original_amount === p.amount)).toBe(true);
    // Every add-on price is linked to one of the product's prices.
    const ids = new Set(base.prices.map((p) => p.id));
    expect(base.related).toHaveLength(14);
    expect(base.related.every((r) => ids.has(r.price.id_main_price!))).toBe(true);
  });

  const current = async (params: Record<string, string>, code = 'SCI-BASE', shop = 1) => (await pick(api, shop, code, params)).main;

  it('picks the current price per date mode with its total for the rent days', async () => {
    const from = day(40);
    const range3 = await current({ from, to: day(42) });
    expect(range3).toMatchObject({ rent_days_from: 2, rent_days_to: 3, amount: seededAmount('SCI-BASE', 'days2to3') });
    expect(range3.total_price).toBe(roundMoney(seededAmount('SCI-BASE', 'days2to3') * 3));
    expect(range3.total_price).toBe(67.5);

    const single = await current({ from, to: from });
    expect(single).toMatchObject({ rent_days_from: 1, rent_days_to: 1, amount: 25, total_price: 25 });
    expect(await current({ from, to: from, morning: '1', afternoon: '0' })).toMatchObject({ morning: true, amount: 15, total_price: 15 });
    expect(await current({ from, afternoon: '1' })).toMatchObject({ afternoon: true, amount: 12.5, total_price: 12.5 });
    expect(await current({ season: '1' })).toMatchObject({ season: true, amount: 300, total_price: 300 });
    const week = await current({ from, to: day(46) });
    expect(week).toMatchObject({ rent_days_from: 7, rent_days_to: null, amount: 17.5, total_price: roundMoney(17.5 * 7) });
    // A reversed range is the same range.
    expect((await current({ from: day(42), to: from })).id).toBe(range3.id);
  });

  it('offers the add-ons linked to the current price, recommended first', async () => {
    const { main, product } = await pick(api, 1, 'SCI-PREMIUM', { from: day(40), to: day(42) });
    const offered = offeredAddOns(product.related, main.id);
    expect(offered.map((r) => [r.label, r.recommended, r.price.id_main_price])).toEqual([
      ['Casco', true, main.id],
      ['Copertura rottura e furto', false, main.id],
    ]);
    expect(offered.map((r) => r.id)).toEqual([productId(api, 1, 'CASCO'), productId(api, 1, 'COPERTURA')]);
    expect(offered[0]!.price).toMatchObject({ amount: seededAmount('CASCO', 'days2to3'), total_price: roundMoney(seededAmount('CASCO', 'days2to3') * 3) });
    expect(offered[0]).toMatchObject({ used: false, hasDelivery: true, hasPickup: true });
    expect(offered[1]).toMatchObject({ hasDelivery: false, hasPickup: false });
  });

  it('applies the fidelity card discount (10%) and keeps the list price as original_amount', async () => {
    const params = { from: day(40), to: day(42) };
    const list = seededAmount('SCI-BASE', 'days2to3');
    const card = await current({ ...params, fidelity_card_number: 'FID-0001' });
    expect(card).toMatchObject({ amount: roundMoney(list * 0.9), original_amount: list, total_price: roundMoney(roundMoney(list * 0.9) * 3) });
    expect(card.amount).toBe(20.25);
    expect(await current({ ...params, fidelity_card_number: 'FID-9999' })).toMatchObject({ amount: list, original_amount: list });
  });

  it('refuses invalid booking params with 422 in the request language', async () => {
    const bad = await api.request('/api/v1/shops/1?from=2026-13-45&to=2026-13-45');
    expect(bad.status).toBe(422);
    expect(await refusal(bad)).toEqual({ message: 'Data non valida', errors: { from: ['Data non valida'], to: ['Data non valida'] } });
    const half = await api.request(`/api/v1/shops/1?from=${day(40)}&to=${day(41)}&morning=1`, { lang: 'en_GB' });
    expect(half.status).toBe(422);
    expect((await refusal(half)).errors).toEqual({ to: ['Morning and afternoon apply to a single day'] });
    const avail = await api.request('/api/v1/shops/1/availabilities?from=2026-02-30');
    expect(avail.status).toBe(422);
    expect((await refusal(avail)).errors).toEqual({ from: ['Data non valida'] });
  });

  it('loads a shop by slug like by id; unknown shop → 404', async () => {
    const params = { from: day(40), to: day(42) };
    expect(await loadShop(api, 1, params)).toEqual(
      (await get(`/api/v1/shops/slug/sport-noleggio-sestriere?from=${params.from}&to=${params.to}`, envelopeOf(ShopLoadSchema))).body.data,
    );
    expect(await get('/api/v1/shops/slug/no-such-shop', envelopeOf(ShopLoadSchema))).toEqual({ status: 404, body: NOT_FOUND });
    expect(await get('/api/v1/shops/999', envelopeOf(ShopLoadSchema))).toEqual({ status: 404, body: NOT_FOUND });
    expect(await get('/api/v1/shops/abc', envelopeOf(ShopLoadSchema))).toEqual({ status: 404, body: NOT_FOUND });
    expect(await get('/api/v1/shops/999/availabilities', AvailabilitiesSchema)).toEqual({ status: 404, body: NOT_FOUND });
  });

  it('labels products and categories in the request language', async () => {
    const label = (load: ShopLoad) => load.products.find((p) => p.code === 'SCI-BASE')!.label;
    expect(label(await loadShop(api, 1, {}))).toBe('Kit sci Base');
    const en = await loadShop(api, 1, {}, 'en_GB');
    expect(label(en)).toBe('Standard ski kit');
    expect(en.categories[0]!.label).toBe('Skiing');
    expect(en.categories[0]!.children[0]!.label).toBe('Adult skis');
    expect(label(await loadShop(api, 1, {}, 'fr_FR'))).toBe('Pack ski Essentiel');
  });

  it('reports availability = stock for free dates, none without dates', async () => {
    const a = await availability(api, 10, { from: day(50), to: day(52) });
    expect(a[productId(api, 10, 'SCI-BASE')]).toBe(stockOf('SCI-BASE'));
    expect(a[productId(api, 10, 'SCI-PREMIUM')]).toBe(3);
    expect(a[productId(api, 10, 'AUTOSOCCORSO')]).toBe(1);
    expect(a[productId(api, 10, 'CASCO')]).toBe(10);
    expect(a[productId(api, 10, 'COPERTURA')]).toBe(999);
    expect(Object.keys(a)).toHaveLength(8);
    expect(await get('/api/v1/shops/10/availabilities', AvailabilitiesSchema)).toEqual({ status: 200, body: { availabilities: {} } });
  });

  it('counts an order only on overlapping dates, and not for an edited order', async () => {
    const base = productId(api, 10, 'SCI-BASE');
    const casco = productId(api, 10, 'CASCO');
    const { main, addOns } = await pick(api, 10, 'SCI-BASE', { from: day(60), to: day(62) });
    const placed = await postOrder(api, 10, orderForm({ from: day(60), to: day(62), cart: [{ prices: [main.id, addOns.CASCO!.price.id], customer: CUSTOMER }] }));
    expect(placed.status).toBe(201);
    const stock = stockOf('SCI-BASE');
    for (const [from, to, count] of [[day(60), day(62), stock - 1], [day(61), day(61), stock - 1], [day(62), day(66), stock - 1], [day(57), day(59), stock], [day(63), day(63), stock]] as const) {
      const a = await availability(api, 10, { from, to });
      expect([from, to, a[base], a[casco]]).toEqual([from, to, count, count === stock ? 10 : 9]);
    }
    expect((await availability(api, 10, { from: day(60), to: day(62), edit_order_code: placed.order.uuid }))[base]).toBe(stock);
    // The guest order's number alone is no edit right: ignored like an unknown code.
    expect((await availability(api, 10, { from: day(60), to: day(62), edit_order_code: placed.order.number }))[base]).toBe(stock - 1);
  });

  it('keeps the afternoon free when only the morning is booked', async () => {
    const junior = productId(api, 10, 'SCI-JUNIOR');
    const d = day(70);
    const { main } = await pick(api, 10, 'SCI-JUNIOR', { from: d, morning: '1' });
    const form = () => orderForm({ from: d, morning: true, cart: [{ prices: [main.id], customer: CUSTOMER }] });
    expect((await postOrder(api, 10, form())).status).toBe(201);
    expect((await postOrder(api, 10, form())).status).toBe(201);
    expect((await availability(api, 10, { from: d, morning: '1' }))[junior]).toBe(0);
    expect((await availability(api, 10, { from: d, afternoon: '1' }))[junior]).toBe(2);
    expect((await availability(api, 10, { from: d, to: d }))[junior]).toBe(0);
  });
});
