// Price difference of an early or late return (GET v1/delivery_details/{id}/diff?to= and
// GET v1/order_details/{id}/diff), with amounts derived from the seeded price list (priceList):
// the booked days and the actual days are each priced by selectPrice + priceTotal.
import { describe, expect, it } from 'vitest';
import { roundMoney } from '~/domain/money';
import { withFidelityDiscount } from '~/domain/charges';
import { testDrivers } from '../support/databases';
import { day, orderForm, pick, postOrder, seededAmount } from '../support/orders';
import { call, pairedKiosks, placeOrder, SHOP, unit } from '../support/staff';

const bike = (tier: Parameters<typeof seededAmount>[1]) => seededAmount('CITYBIKE', tier);
const helmet = (tier: Parameters<typeof seededAmount>[1]) => seededAmount('CASCO', tier);

describe.each(testDrivers)('return price differences on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  const deliver = async (orderId: number, details: unknown[]) => {
    const res = await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: orderId, delivery_details: details });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    const list = res.body.data.delivery.delivery_details;
    return (code: string) => list.find((d) => d.delivery_detail_specific_product?.specific_product.internal_code === code)!.id;
  };
  const diff = async (detailId: number, to: string) => {
    const res = await call(api, 'GET', `/api/v1/delivery_details/${detailId}/diff?to=${to}`, k.admin);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const lineDiff = async (lineId: number) => (await call(api, 'GET', `/api/v1/order_details/${lineId}/diff`, k.admin)).body.data;

  it('prices an early or late return of a 4-day rental and of its add-on, and an extra unit', async () => {
    const order = await placeOrder(api, { from: day(5), to: day(8), addOns: ['CASCO'] });
    const [bikeLine, helmetLine] = order.order_detail_pools[0]!.order_details.map((d) => d.id);
    const detail = await deliver(order.id, [
      { internal_code: unit('CITYBIKE', 1), id_order_detail: bikeLine },
      { internal_code: unit('CASCO', 1), id_order_detail: helmetLine },
      { internal_code: unit('CIASPOLE', 1) },
    ]);
    const booked = roundMoney(4 * bike('days4to6')); // 4 × 11 = 44
    const early = await diff(detail(unit('CITYBIKE', 1)), day(6));
    expect(early).toEqual({
      id_order_detail: bikeLine,
      delivery_detail_id: detail(unit('CITYBIKE', 1)),
      product_label: 'Bici da città',
      status: 'out',
      booked: { from: day(5), to: day(8), days: 4, amount: booked },
      actual: { from: day(5), to: day(6), days: 2, amount: roundMoney(2 * bike('days2to3')) },
      diff: roundMoney(2 * bike('days2to3') - booked), // 25 − 44 = −19
    });
    expect(early.diff).toBe(-19);
    const late = await diff(detail(unit('CITYBIKE', 1)), day(11));
    expect([late.actual.days, late.actual.amount, late.diff]).toEqual([7, roundMoney(7 * bike('days7plus')), roundMoney(7 * bike('days7plus') - booked)]);
    expect(late.diff).toBe(26);
    expect((await diff(detail(unit('CITYBIKE', 1)), day(8))).diff).toBe(0);

    const helmetBooked = roundMoney(4 * helmet('days4to6')); // 4 × 2.5
    expect((await diff(detail(unit('CASCO', 1)), day(6))).diff).toBe(roundMoney(2 * helmet('days2to3') - helmetBooked));
    expect((await diff(detail(unit('CASCO', 1)), day(11))).diff).toBe(roundMoney(7 * helmet('days7plus') - helmetBooked));

    // An extra handed out today: nothing was booked, its days are charged.
    const extra = await diff(detail(unit('CIASPOLE', 1)), day(2));
    expect(extra).toMatchObject({ id_order_detail: null, booked: { days: 0, amount: 0 }, actual: { from: day(0), to: day(2), days: 3 } });
    expect(extra.diff).toBe(roundMoney(3 * seededAmount('CIASPOLE', 'days2to3')));

    // Per order line: still out and not overdue → as booked; once back → priced to the return day.
    expect(await lineDiff(bikeLine)).toMatchObject({ status: 'out', actual: { to: day(8) }, diff: 0 });
    const back = await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: unit('CITYBIKE', 1) }], date: `${day(6)}T16:00:00Z` });
    expect(back.status).toBe(200);
    expect(await lineDiff(bikeLine)).toMatchObject({ status: 'returned', actual: { to: day(6), days: 2 }, diff: -19 });
  });

  it('prices a half-day booking kept a second day, and a line not handed out as booked', async () => {
    const order = await placeOrder(api, { from: day(3), morning: true });
    const line = order.order_detail_pools[0]!.order_details[0]!.id;
    expect(await lineDiff(line)).toMatchObject({ status: 'not_delivered', booked: { days: 1, amount: bike('morning') }, diff: 0 });
    const detail = await deliver(order.id, [{ internal_code: unit('CITYBIKE', 2), id_order_detail: line }]);
    expect((await diff(detail(unit('CITYBIKE', 2)), day(3))).diff).toBe(0);
    const second = await diff(detail(unit('CITYBIKE', 2)), day(4));
    expect([second.actual.amount, second.diff]).toEqual([roundMoney(2 * bike('days2to3')), roundMoney(2 * bike('days2to3') - bike('morning'))]); // 25 − 8.5
  });

  it('keeps the fidelity discount of the line on both sides', async () => {
    const params = { from: day(30), to: day(33), fidelity_card_number: 'FID-0001' };
    const { main } = await pick(api, SHOP, 'CITYBIKE', params);
    const placed = await postOrder(api, SHOP, orderForm({ ...params, cart: [{ prices: [main.id] }] }));
    expect(placed.status).toBe(201);
    const line = placed.order.order_detail_pools[0]!.order_details[0] as unknown as { id: number };
    const detail = await deliver(placed.order.id, [{ internal_code: unit('CITYBIKE', 3), id_order_detail: line.id }]);
    const discounted = (tier: Parameters<typeof seededAmount>[1]) =>
      withFidelityDiscount({ amount: bike(tier), original_amount: bike(tier) }).amount;
    const result = await diff(detail(unit('CITYBIKE', 3)), day(31));
    expect(result.booked.amount).toBe(roundMoney(4 * discounted('days4to6')));
    expect(result.diff).toBe(roundMoney(2 * discounted('days2to3') - 4 * discounted('days4to6')));
  });

  it('prices days beyond a season booking as a rental of their own', async () => {
    const params = { from: day(1), season: '1' };
    const { main } = await pick(api, SHOP, 'CITYBIKE', params);
    const placed = await postOrder(api, SHOP, orderForm({ from: day(1), season: true, cart: [{ prices: [main.id] }] }));
    expect(placed.status).toBe(201);
    const { date_to: end } = placed.order;
    const line = (placed.order.order_detail_pools[0]!.order_details[0] as unknown as { id: number }).id;
    const detail = await deliver(placed.order.id, [{ internal_code: unit('CITYBIKE', 4), id_order_detail: line }]);
    const within = await diff(detail(unit('CITYBIKE', 4)), day(2));
    expect([within.booked.amount, within.diff]).toEqual([bike('season'), 0]);
    const after = new Date(Date.parse(`${end}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await diff(detail(unit('CITYBIKE', 4)), after)).diff).toBe(roundMoney(2 * bike('days2to3')));
  });

  it('refuses bad input with 422 and unknown or foreign ids with 404', async () => {
    const order = await placeOrder(api, { from: day(12), to: day(13) });
    const line = order.order_detail_pools[0]!.order_details[0]!.id;
    const detail = await deliver(order.id, [{ internal_code: unit('CITYBIKE', 5), id_order_detail: line }]);
    const id = detail(unit('CITYBIKE', 5));
    const bad = (query: string) => call(api, 'GET', `/api/v1/delivery_details/${id}/diff${query}`, k.admin);
    expect(await bad('')).toEqual({ status: 422, body: { message: 'Campo obbligatorio', errors: { to: ['Campo obbligatorio'] } } });
    expect((await bad('?to=13/12/2026')).body.errors).toEqual({ to: ['Data non valida'] });
    expect((await bad(`?to=${day(11)}`)).body.errors).toEqual({ to: ['La data di fine deve seguire quella di inizio'] });
    expect((await call(api, 'GET', `/api/v1/delivery_details/999999/diff?to=${day(13)}`, k.admin)).status).toBe(404);
    expect((await call(api, 'GET', `/api/v1/delivery_details/${id}/diff?to=${day(13)}`, k.other)).status).toBe(404);
    expect((await call(api, 'GET', '/api/v1/order_details/999999/diff', k.admin)).status).toBe(404);
    expect((await call(api, 'GET', `/api/v1/order_details/${line}/diff`, k.other)).status).toBe(404);
  });
});
