// Booking days outside the years a rental can be about. `Date.UTC` reads years 0–99 as 1900–1999,
// so a day like 0050-01-01 once passed the field check and then broke the date arithmetic (500).
// Every request that takes a day answers such a day as an invalid date (422) under its field.
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { orderForm, pick, postOrder, productId, query } from '../support/orders';
import { outcomeByRoute } from '../support/contract';
import { inSeasonDay } from '../support/season';

const SHOP = 10;
/** Days counted from the first day the shop booked here is open (seasons are real). */
const day = (n: number) => inSeasonDay(SHOP, n);
const INVALID = 'Data non valida';
const BAD_DAYS = ['0050-01-01', '0000-01-01', '0099-12-31', '1999-12-31', '2101-01-01', '9999-12-31'];

describe.each(testDrivers)('days outside 2000–2100 on $name', (driver) => {
  const api = seededApi(driver);

  const get = async (path: string) => {
    const res = await api.request(path);
    return { path, ...(await outcomeByRoute('GET', path, res)) };
  };
  const refused = (path: string, fields: string[]) => ({
    path,
    status: 422,
    body: { message: INVALID, errors: Object.fromEntries(fields.map((f) => [f, [INVALID]])) },
  });

  it('per-day availability: 422 under from and/or to', async () => {
    const product_id = String(productId(api, SHOP, 'SCI-BASE'));
    const path = (from: string, to: string) => `/api/v1/shops/${SHOP}/availabilities/days?${query({ product_id, from, to })}`;
    for (const bad of BAD_DAYS) {
      expect(await get(path(bad, bad))).toEqual(refused(path(bad, bad), ['from', 'to']));
      expect(await get(path(bad, day(2)))).toEqual(refused(path(bad, day(2)), ['from']));
      expect(await get(path(day(2), bad))).toEqual(refused(path(day(2), bad), ['to']));
    }
    // The edges of the range are days like any other.
    for (const edge of ['2000-01-01', '2100-12-31']) expect((await get(path(edge, edge))).status).toBe(200);
  });

  it('availabilities and the shop load: 422 under from and/or to', async () => {
    for (const bad of BAD_DAYS) {
      for (const base of [`/api/v1/shops/${SHOP}/availabilities`, `/api/v1/shops/${SHOP}`]) {
        expect(await get(`${base}?from=${bad}&to=${bad}`)).toEqual(refused(`${base}?from=${bad}&to=${bad}`, ['from', 'to']));
        expect(await get(`${base}?from=${day(2)}&to=${bad}`)).toEqual(refused(`${base}?from=${day(2)}&to=${bad}`, ['to']));
      }
    }
  });

  it('order placement: 422 under from and/or to, nothing booked', async () => {
    const { main } = await pick(api, SHOP, 'SCI-BASE', { from: day(3), to: day(3) });
    for (const bad of BAD_DAYS) {
      const both = await postOrder(api, SHOP, orderForm({ from: bad, to: bad, cart: [{ prices: [main.id] }] }));
      expect([bad, both.status, both.body]).toEqual([bad, 422, { message: INVALID, errors: { from: [INVALID], to: [INVALID] } }]);
      const end = await postOrder(api, SHOP, orderForm({ from: day(3), to: bad, cart: [{ prices: [main.id] }] }));
      expect([bad, end.status, end.body.errors]).toEqual([bad, 422, { to: [INVALID] }]);
    }
  });
});
