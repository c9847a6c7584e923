// `edit_order_code` (the cart's orderCodeToReplace, spec §7) leaves the edited order's own bookings
// out of availability, only for whoever may edit that order: its logged-in owner, the
// holder of its uuid, the shop's admin kiosks. Anyone else sending someone's order number gets the
// same answer as for a code that does not exist, so availability is no oracle for orders.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { day, login, productId, query, signup, stockOf, type Params } from '../support/orders';
import { call, pairedKiosks, placeOrder, SHOP } from '../support/staff';

describe.each(testDrivers)('edit_order_code on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let mario: string;
  let stranger: string;
  beforeAll(async () => {
    mario = await login(api);
    stranger = await signup(api, 'curioso@example.com');
  });

  const bikes = () => String(productId(api, SHOP, 'CITYBIKE'));
  /** Free city bikes on `date` (GET …/availabilities), as `token` sees them. */
  const free = async (date: string, params: Params, token?: string) => {
    const res = await call(api, 'GET', `/api/v1/shops/${SHOP}/availabilities?${query({ from: date, to: date, ...params })}`, token);
    expect(res.status).toBe(200);
    return res.body.availabilities[bikes()];
  };
  /** Free city bikes per half-day (GET …/availabilities/days), as `token` sees them. */
  const perDay = async (date: string, params: Params, token?: string) => {
    const res = await call(api, 'GET', `/api/v1/shops/${SHOP}/availabilities/days?${query({ product_id: bikes(), from: date, to: date, ...params })}`, token);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it("someone else's order number is answered like an unknown code; its owner, its uuid and the shop's admin kiosks leave it out", async () => {
    const date = day(25);
    const order = await placeOrder(api, { from: date, token: mario, count: 2 });
    const stock = stockOf('CITYBIKE');
    const booked = stock - 2;
    expect(await free(date, {})).toBe(booked);
    expect(await free(date, { edit_order_code: 'no-such-order' })).toBe(booked);

    // Not the owner: anonymous, another customer, the shop's public kiosk.
    for (const token of [undefined, stranger, k.public]) {
      expect(await free(date, { edit_order_code: order.number }, token)).toBe(booked);
      expect(await free(date, { edit_order_code: String(order.id) }, token)).toBe(booked);
      expect(await perDay(date, { edit_order_code: order.number }, token)).toEqual(await perDay(date, { edit_order_code: 'no-such-order' }, token));
    }
    // Another shop's admin kiosk knows nothing of it either.
    expect(await free(date, { edit_order_code: order.number }, k.other)).toBe(booked);

    // Whoever may edit it.
    expect(await free(date, { edit_order_code: order.number }, mario)).toBe(stock);
    expect(await free(date, { edit_order_code: order.uuid })).toBe(stock);
    expect(await free(date, { edit_order_code: order.number }, k.admin)).toBe(stock);
    expect(await perDay(date, { edit_order_code: order.number }, mario)).toEqual([{ date, morning: stock, afternoon: stock }]);
  });
});
