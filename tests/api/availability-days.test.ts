// Per-day availability of one product (the calendar): GET v1/shops/{id}/availabilities/days
// answers the free units of each half-day from the in-memory booking index, the same rule as
// GET v1/shops/{id}/availabilities asked for one half-day at a time.
import { describe, expect, it } from 'vitest';
import { AvailabilityDaysSchema, MAX_AVAILABILITY_DAYS, type DayAvailability } from '~/api/contract/availability';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { CUSTOMER, availability, day, orderForm, pick, postOrder, productId, query, stockOf, type Params } from '../support/orders';
import { answer, refusal, type Refusal } from '../support/contract';
import { inSeasonDay } from '../support/season';
import { call, pairAll, placeOrder, unit } from '../support/staff';

const NOT_FOUND = { message: 'Risorsa non trovata' };
// Shop 10 (from the seed, like the catalogue tests), its 2-unit junior kit and its 6-unit base kit.
const SHOP = 10;
/** Days counted from the first day SHOP is open (seasons are real); `day` counts from today. */
const seasonDay = (n: number) => inSeasonDay(SHOP, n);

describe.each(testDrivers)('per-day availability API on $name', (driver) => {
  const api = seededApi(driver);

  const request = (params: Params, shop = SHOP, lang?: string) => api.request(`/api/v1/shops/${shop}/availabilities/days?${query(params)}`, { lang });
  const days = async (code: string, from: string, to: string, extra: Params = {}): Promise<DayAvailability[]> => {
    const res = await request({ product_id: String(productId(api, SHOP, code)), from, to, ...extra });
    expect(res.status).toBe(200);
    return (await answer(res, AvailabilityDaysSchema)).data;
  };
  const asRows = (list: DayAvailability[]) => list.map((d) => [d.date, d.morning, d.afternoon]);
  const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => seasonDay(from + i));

  it('answers every day of the span with the stock in both halves when nothing is booked', async () => {
    const list = await days('SCI-BASE', seasonDay(30), seasonDay(36));
    expect(list.map((d) => d.date)).toEqual(span(30, 36));
    expect(list.every((d) => d.morning === stockOf('SCI-BASE') && d.afternoon === stockOf('SCI-BASE'))).toBe(true);
    expect(await days('SCI-BASE', seasonDay(30), seasonDay(30))).toHaveLength(1);
  });

  it('a morning order takes only that morning; an afternoon order only that afternoon', async () => {
    const junior = 'SCI-JUNIOR';
    const d = seasonDay(70);
    const stock = stockOf(junior);
    // Asked once before the orders: the memoised answer must not survive them.
    expect(asRows(await days(junior, seasonDay(69), seasonDay(71)))).toEqual([[seasonDay(69), stock, stock], [d, stock, stock], [seasonDay(71), stock, stock]]);

    const morning = await pick(api, SHOP, junior, { from: d, morning: '1' });
    expect((await postOrder(api, SHOP, orderForm({ from: d, morning: true, cart: [{ prices: [morning.main.id], customer: CUSTOMER }] }))).status).toBe(201);
    expect(asRows(await days(junior, seasonDay(69), seasonDay(71)))).toEqual([[seasonDay(69), stock, stock], [d, stock - 1, stock], [seasonDay(71), stock, stock]]);

    const afternoon = await pick(api, SHOP, junior, { from: seasonDay(71), afternoon: '1' });
    expect((await postOrder(api, SHOP, orderForm({ from: seasonDay(71), afternoon: true, cart: [{ prices: [afternoon.main.id], customer: CUSTOMER }] }))).status).toBe(201);
    expect(asRows(await days(junior, seasonDay(69), seasonDay(71)))).toEqual([[seasonDay(69), stock, stock], [d, stock - 1, stock], [seasonDay(71), stock, stock - 1]]);
  });

  it('a range order takes both halves of every one of its days, its add-on too; edit_order_code leaves it out', async () => {
    const from = seasonDay(80);
    const to = seasonDay(82);
    const { main, addOns } = await pick(api, SHOP, 'SCI-BASE', { from, to });
    const placed = await postOrder(api, SHOP, orderForm({ from, to, cart: [{ prices: [main.id, addOns.CASCO!.price.id], customer: CUSTOMER }] }));
    expect(placed.status).toBe(201);
    const stock = stockOf('SCI-BASE');
    const expected = (full: number) => [
      [seasonDay(79), full, full],
      [seasonDay(80), full - 1, full - 1],
      [seasonDay(81), full - 1, full - 1],
      [seasonDay(82), full - 1, full - 1],
      [seasonDay(83), full, full],
    ];
    expect(asRows(await days('SCI-BASE', seasonDay(79), seasonDay(83)))).toEqual(expected(stock));
    expect(asRows(await days('CASCO', seasonDay(79), seasonDay(83)))).toEqual(expected(10));
    const edited = await days('SCI-BASE', seasonDay(79), seasonDay(83), { edit_order_code: placed.order.uuid });
    expect(edited.every((d) => d.morning === stock && d.afternoon === stock)).toBe(true);
    // A guest order's number alone opens nothing (the holder of its uuid edits it), and
    // an unknown code leaves nothing out either.
    expect(asRows(await days('SCI-BASE', seasonDay(79), seasonDay(83), { edit_order_code: placed.order.number }))).toEqual(expected(stock));
    expect(asRows(await days('SCI-BASE', seasonDay(79), seasonDay(83), { edit_order_code: 'no-such-order' }))).toEqual(expected(stock));
  });

  it('says for each half-day what the availabilities call says for that half-day', async () => {
    const id = productId(api, SHOP, 'SCI-JUNIOR');
    for (const d of await days('SCI-JUNIOR', seasonDay(69), seasonDay(72))) {
      expect((await availability(api, SHOP, { from: d.date, morning: '1' }))[id]).toBe(d.morning);
      expect((await availability(api, SHOP, { from: d.date, afternoon: '1' }))[id]).toBe(d.afternoon);
      expect((await availability(api, SHOP, { from: d.date, to: d.date }))[id]).toBe(Math.min(d.morning, d.afternoon));
    }
  });

  it(`answers up to ${MAX_AVAILABILITY_DAYS} days; more, a reversed span or bad fields are 422`, async () => {
    const product_id = String(productId(api, SHOP, 'SCI-BASE'));
    expect(await days('SCI-BASE', seasonDay(1), seasonDay(MAX_AVAILABILITY_DAYS))).toHaveLength(MAX_AVAILABILITY_DAYS);

    const cases: [Params, string | undefined, Refusal][] = [
      [{ product_id, from: seasonDay(1), to: seasonDay(MAX_AVAILABILITY_DAYS + 1) }, undefined, { message: 'Si possono chiedere al massimo 62 giorni alla volta', errors: { to: ['Si possono chiedere al massimo 62 giorni alla volta'] } }],
      [{ product_id, from: seasonDay(1), to: seasonDay(MAX_AVAILABILITY_DAYS + 1) }, 'en_GB', { message: 'At most 62 days can be asked at a time', errors: { to: ['At most 62 days can be asked at a time'] } }],
      [{ product_id, from: seasonDay(5), to: seasonDay(4) }, undefined, { message: 'La data di fine deve seguire quella di inizio', errors: { to: ['La data di fine deve seguire quella di inizio'] } }],
      [{ product_id, from: '2027-02-30', to: seasonDay(4) }, undefined, { message: 'Data non valida', errors: { from: ['Data non valida'] } }],
      [{ product_id, from: seasonDay(1) }, undefined, { message: 'Campo obbligatorio', errors: { to: ['Campo obbligatorio'] } }],
      [{ from: seasonDay(1), to: seasonDay(2) }, undefined, { message: 'Campo obbligatorio', errors: { product_id: ['Campo obbligatorio'] } }],
      [{ product_id: 'abc', from: seasonDay(1), to: seasonDay(2) }, undefined, { message: 'Valore non valido', errors: { product_id: ['Valore non valido'] } }],
    ];
    for (const [params, lang, body] of cases) {
      const res = await request(params, SHOP, lang);
      expect([params, res.status, await refusal(res)]).toEqual([params, 422, body]);
    }
  });

  it('404 for an unknown shop, an unknown product and another shop’s product', async () => {
    const span2 = { from: day(1), to: day(2) };
    const own = String(productId(api, SHOP, 'SCI-BASE'));
    const otherShop = api.deps.catalogue.shops.find((s) => s.row.id !== SHOP)!;
    const foreign = String(otherShop.products[0]!.row.id);
    for (const [shop, product_id] of [[999, own], ['abc', own], [SHOP, '999999'], [SHOP, foreign]] as const) {
      const res = await api.request(`/api/v1/shops/${shop}/availabilities/days?${query({ product_id, ...span2 })}`);
      expect([shop, product_id, res.status, await refusal(res)]).toEqual([shop, product_id, 404, NOT_FOUND]);
    }
    // The other shop answers for its own product.
    const res = await api.request(`/api/v1/shops/${otherShop.row.id}/availabilities/days?${query({ product_id: foreign, ...span2 })}`);
    expect(res.status).toBe(200);
  });

  it('holds a unit out on delivery from its hand-out and past its booked end, like the availabilities call', async () => {
    // Shop 6 has the demo kiosks; its avalanche kit has one unit.
    const kiosks = await pairAll(api);
    const kit = productId(api, 6, 'AUTOSOCCORSO');
    const perDay = async (from: string, to: string, extra: Params = {}) => {
      const res = await request({ product_id: String(kit), from, to, ...extra }, 6);
      return asRows((await answer(res, AvailabilityDaysSchema)).data);
    };
    const order = await placeOrder(api, { from: day(1), to: day(2), code: 'AUTOSOCCORSO' });
    expect(await perDay(day(0), day(3))).toEqual([[day(0), 1, 1], [day(1), 0, 0], [day(2), 0, 0], [day(3), 1, 1]]);
    const line = order.order_detail_pools[0]!.order_details[0]!.id;
    const delivered = await call(api, 'POST', '/api/v1/delivery', kiosks.admin, { order_id: order.id, delivery_details: [{ internal_code: unit('AUTOSOCCORSO', 1), id_order_detail: line }] });
    expect(delivered.status).toBe(200);
    // Handed out today, a day early: held from today.
    expect(await perDay(day(0), day(3))).toEqual([[day(0), 0, 0], [day(1), 0, 0], [day(2), 0, 0], [day(3), 1, 1]]);
    api.setNow(new Date(`${day(4)}T09:00:00Z`));
    try {
      // Not back after its end: held from the day after it until picked up.
      expect(await perDay(day(2), day(6))).toEqual([day(2), day(3), day(4), day(5), day(6)].map((d) => [d, 0, 0]));
      // The order being edited does not count against itself, out unit included.
      expect(await perDay(day(2), day(4), { edit_order_code: order.uuid })).toEqual([day(2), day(3), day(4)].map((d) => [d, 1, 1]));
      expect((await call(api, 'POST', '/api/v1/pickup', kiosks.admin, { items: [{ internal_code: unit('AUTOSOCCORSO', 1) }] })).status).toBe(200);
      expect(await perDay(day(4), day(6))).toEqual([day(4), day(5), day(6)].map((d) => [d, 1, 1]));
    } finally {
      api.setNow(new Date());
    }
  });
});
