// Seasons are real: a shop's season bounds what can be booked. The shops table holds the
// month-day window from seo-data/shops.json; the API presents its current or next occurrence as
// `season`, a season price covers exactly that occurrence, and an order or an edit with a day
// outside the season is 422 on `from`. The API's clock is fixed, so every date here is absolute.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { loadShop, orderForm, pick, postOrder } from '../support/orders';
import { answer, data, envelopeOf, listOf, refusal } from '../support/contract';
import { AvailabilitiesSchema, ShopLoadSchema, SiteSchema } from '~/api/contract/catalogue';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { pair, totemOf } from '../support/staff';
import { shopWindow } from '../support/season';
import { appMeta, shops } from '~server/db/schema/index';
import { seed, seededVersion, SEED_VERSION } from '~server/db/seed/index';
import { testSeedOptions } from '../support/config';

/** Sport Noleggio Sestriere: winter, 12-01..04-15. */
const WINTER_SHOP = 1;
/** Langhe E-Bike Alba: summer, 03-01..11-30. */
const SUMMER_SHOP = 11;
/** Bardonecchia Sport Rent: no season in the data, open all year. */
const ALL_YEAR_SHOP = 6;

/** Noon in Rome (UTC+1 in winter, +2 in summer: noon UTC is the same Rome day either way). */
const at = (day: string) => new Date(`${day}T12:00:00Z`);

/** Snowshoes need no customer details, so a cart is one price id. */
const CODE = 'CIASPOLE';
const BIKE = 'CITYBIKE';

describe.each(testDrivers)('shop seasons on $name', (driver) => {
  const api = seededApi(driver, { now: at('2026-11-23') });

  const shopSeason = async (shopId: number) => {
    const res = await api.request(`/api/v1/shops/${shopId}`);
    return (await data(res, ShopLoadSchema)).shop.season;
  };
  const order = async (shopId: number, from: string, to = from, code = CODE, lang?: string) => {
    const { main } = await pick(api, shopId, code, { from, to });
    return postOrder(api, shopId, orderForm({ from, to, cart: [{ prices: [main.id] }] }), { lang });
  };

  it('the data the seed stored: the committed windows, all year where there is none', () => {
    expect(shopWindow(WINTER_SHOP)).toEqual({ from: '12-01', to: '04-15' });
    expect(shopWindow(SUMMER_SHOP)).toEqual({ from: '03-01', to: '11-30' });
    expect(shopWindow(ALL_YEAR_SHOP)).toEqual({ from: '01-01', to: '12-31' });
    const row = (id: number) => api.deps.catalogue.shopById(id)!.row;
    expect([row(WINTER_SHOP).seasonFrom, row(WINTER_SHOP).seasonTo]).toEqual(['12-01', '04-15']);
    expect([row(ALL_YEAR_SHOP).seasonFrom, row(ALL_YEAR_SHOP).seasonTo]).toEqual(['01-01', '12-31']);
  });

  it('presents the next season on a day outside it and the current one on a day inside, in every shop list', async () => {
    try {
      expect(await shopSeason(WINTER_SHOP)).toEqual({ from: '2026-12-01', to: '2027-04-15' });
      expect(await shopSeason(SUMMER_SHOP)).toEqual({ from: '2026-03-01', to: '2026-11-30' });
      expect(await shopSeason(ALL_YEAR_SHOP)).toEqual({ from: '2026-01-01', to: '2026-12-31' });

      api.setNow(at('2027-02-10'));
      expect(await shopSeason(WINTER_SHOP)).toEqual({ from: '2026-12-01', to: '2027-04-15' });
      expect(await shopSeason(SUMMER_SHOP)).toEqual({ from: '2027-03-01', to: '2027-11-30' });

      api.setNow(at('2027-04-16'));
      expect(await shopSeason(WINTER_SHOP)).toEqual({ from: '2027-12-01', to: '2028-04-15' });
      const sites = await answer(await api.request('/api/v2/sites?with=shops.sports'), envelopeOf(listOf(SiteSchema)));
      const listed = sites.data.flatMap((s) => s.shops ?? []).find((s) => s.id === WINTER_SHOP);
      expect(listed?.season).toEqual({ from: '2027-12-01', to: '2028-04-15' });
    } finally {
      api.setNow(at('2026-11-23'));
    }
  });

  it('refuses an order with a day before the season opens: 422 on from, saying when it opens', async () => {
    const { status, body } = await order(WINTER_SHOP, '2026-11-28');
    expect(status).toBe(422);
    expect(body.errors).toEqual({ from: ['Il negozio è chiuso il 28/11/2026: la stagione apre il 01/12/2026'] });
    expect(body.message).toBe(body.errors.from![0]);
    const english = await order(WINTER_SHOP, '2026-11-28', '2026-11-28', CODE, 'en');
    expect(english.body.errors).toEqual({ from: ['The shop is closed on 28/11/2026: the season opens on 01/12/2026'] });
  });

  it('refuses a range that starts in season and runs past its end, naming the first closed day', async () => {
    const { status, body } = await order(WINTER_SHOP, '2027-04-13', '2027-04-17');
    expect([status, body.errors]).toEqual([422, { from: ['Il negozio è chiuso il 16/04/2027: la stagione apre il 01/12/2027'] }]);
    const summer = await order(SUMMER_SHOP, '2026-11-29', '2026-12-02', BIKE);
    expect([summer.status, summer.body.errors]).toEqual([422, { from: ['Il negozio è chiuso il 01/12/2026: la stagione apre il 01/03/2027'] }]);
  });

  it('places orders on days inside the season, over New Year and up to its last day', async () => {
    const opening = await order(WINTER_SHOP, '2026-12-01');
    expect([opening.status, opening.order.date_from]).toEqual([201, '2026-12-01']);
    const newYear = await order(WINTER_SHOP, '2026-12-30', '2027-01-02');
    expect([newYear.status, newYear.order.date_from, newYear.order.date_to]).toEqual([201, '2026-12-30', '2027-01-02']);
    const closing = await order(WINTER_SHOP, '2027-04-12', '2027-04-15');
    expect([closing.status, closing.order.date_to]).toEqual([201, '2027-04-15']);
  });

  it('refuses an edit that moves an order out of the season and leaves the order as it was', async () => {
    const placed = await order(WINTER_SHOP, '2027-01-20', '2027-01-22');
    expect(placed.status).toBe(201);
    const before = placed.order;
    const { main } = await pick(api, WINTER_SHOP, CODE, { from: '2027-04-14', to: '2027-04-18', edit_order_code: before.number });
    const form = orderForm({ from: '2027-04-14', to: '2027-04-18', cart: [{ prices: [main.id] }], extra: { _method: 'PATCH', edit_order_code: before.number } });
    const res = await api.request(`/api/v1/orders/${before.uuid}`, { method: 'POST', body: form });
    expect(res.status).toBe(422);
    expect((await refusal(res)).errors).toEqual({ from: ['Il negozio è chiuso il 16/04/2027: la stagione apre il 01/12/2027'] });

    const after = (await answer(await api.request(`/api/v1/orders/${before.uuid}`), OrderEnvelopeSchema)).data;
    expect(after).toMatchObject({ date_from: '2027-01-20', date_to: '2027-01-22', days: 3, total_amount: before.total_amount, status: 'confirmed' });
    expect(after.order_detail_pools).toEqual(before.order_detail_pools);
  });

  it("refuses a kiosk's order out of season like any other (the shop's own cash desk)", async () => {
    expect(totemOf('SEST-01').shopId).toBe(WINTER_SHOP);
    const token = await pair(api, totemOf('SEST-01').pairingCode);
    const { main } = await pick(api, WINTER_SHOP, CODE, { from: '2026-11-25' });
    const { status, body } = await postOrder(api, WINTER_SHOP, orderForm({ from: '2026-11-25', cart: [{ prices: [main.id] }] }), { token });
    expect([status, body.errors]).toEqual([422, { from: ['Il negozio è chiuso il 25/11/2026: la stagione apre il 01/12/2026'] }]);
  });

  it('a season price covers exactly the presented season: the next one before it opens, the current one inside', async () => {
    // The form's from is sent as the storefront does (the API's today); a season booking ignores it.
    const seasonOrder = async (shopId: number, code: string) => {
      const { main } = await pick(api, shopId, code, { season: '1' });
      expect(main.season).toBe(true);
      const today = api.deps.now().toISOString().slice(0, 10);
      return postOrder(api, shopId, orderForm({ from: today, season: true, cart: [{ prices: [main.id] }] }));
    };
    try {
      const before = await seasonOrder(WINTER_SHOP, CODE);
      expect(before.status).toBe(201);
      expect([before.order.multipleDates, before.order.date_from, before.order.date_to]).toEqual([20, '2026-12-01', '2027-04-15']);
      expect({ from: before.order.date_from, to: before.order.date_to }).toEqual(await shopSeason(WINTER_SHOP));

      api.setNow(at('2027-03-10'));
      const inside = await seasonOrder(WINTER_SHOP, CODE);
      expect([inside.status, inside.order.date_from, inside.order.date_to]).toEqual([201, '2026-12-01', '2027-04-15']);

      // A shop open all year: its season price covers the calendar year.
      const allYear = await seasonOrder(ALL_YEAR_SHOP, BIKE);
      expect([allYear.status, allYear.order.date_from, allYear.order.date_to]).toEqual([201, '2027-01-01', '2027-12-31']);
    } finally {
      api.setNow(at('2026-11-23'));
    }
  });

  it('a season booking takes a unit for every day of the presented season, no day around it', async () => {
    const units = async (from: string, to = from) => {
      const load = await loadShop(api, SUMMER_SHOP, { from, to });
      const id = load.products.find((p) => p.code === BIKE)!.id;
      const res = await api.request(`/api/v1/shops/${SUMMER_SHOP}/availabilities?from=${from}&to=${to}`);
      return (await answer(res, AvailabilitiesSchema)).availabilities[id]!;
    };
    api.setNow(at('2027-01-15'));
    try {
      const free = { before: await units('2027-03-01'), end: await units('2027-11-30') };
      const { main } = await pick(api, SUMMER_SHOP, BIKE, { season: '1' });
      const placed = await postOrder(api, SUMMER_SHOP, orderForm({ from: '2027-01-15', season: true, cart: [{ prices: [main.id] }] }));
      expect([placed.status, placed.order.date_from, placed.order.date_to]).toEqual([201, '2027-03-01', '2027-11-30']);
      expect(await units('2027-03-01')).toBe(free.before - 1);
      expect(await units('2027-11-30')).toBe(free.end - 1);
      expect(await units('2027-02-28')).toBe(free.before);
    } finally {
      api.setNow(at('2026-11-23'));
    }
  });

  it('a shop without a season takes any future day, across New Year and in midsummer', async () => {
    for (const [from, to] of [
      ['2026-11-23', '2026-11-23'],
      ['2026-12-30', '2027-01-02'],
      ['2027-07-15', '2027-07-20'],
    ] as const) {
      const { status, order: placed } = await order(ALL_YEAR_SHOP, from, to, BIKE);
      expect([status, placed.date_from, placed.date_to]).toEqual([201, from, to]);
    }
  });

  it('a database seeded before (version 3, guessed windows) gets the committed windows on its next start', async () => {
    const { db } = api.deps.database;
    await db.update(shops).set({ seasonFrom: '05-01', seasonTo: '10-31' });
    await db.update(appMeta).set({ value: '3' }).where(eq(appMeta.key, 'seed_version'));
    expect(await seed(db, at('2026-11-23'), testSeedOptions())).toBe(true);
    const rows = await db.select({ id: shops.id, from: shops.seasonFrom, to: shops.seasonTo }).from(shops);
    const windowOf = (id: number) => rows.find((r) => r.id === id);
    expect(windowOf(WINTER_SHOP)).toEqual({ id: WINTER_SHOP, from: '12-01', to: '04-15' });
    expect(windowOf(SUMMER_SHOP)).toEqual({ id: SUMMER_SHOP, from: '03-01', to: '11-30' });
    expect(windowOf(ALL_YEAR_SHOP)).toEqual({ id: ALL_YEAR_SHOP, from: '01-01', to: '12-31' });
    expect(await seededVersion(db)).toBe(SEED_VERSION);
  });
});
