// The counter's lists: GET v1/totem/counter_orders answers the shop's orders to hand out on a day
// (starting then, something not handed out yet) and the returns of a day (ending then, units still
// out), confirmed only, in rows the cash desk, delivery and pickup open on. Parsed with the contract.
import { beforeAll, describe, expect, it } from 'vitest';
import { CounterOrdersEnvelopeSchema, type CounterOrder } from '~/api/contract/counter';
import { parseRomeDateTime } from '~/domain/dates';
import { testDrivers } from '../support/databases';
import { day, login } from '../support/orders';
import { call, pairedKiosks, placeOrder, unit } from '../support/staff';

/** Noon in Rome today: far from either midnight, so "today" cannot change during the run. */
const NOON = () => parseRomeDateTime(`${day(0)} 12:00`);

describe.each(testDrivers)('the counter lists on $name', (driver) => {
  const { api, k } = pairedKiosks(driver, { now: NOON() });
  let customer: string;
  beforeAll(async () => {
    customer = await login(api);
  });

  async function list(query: string, token = k.admin) {
    const res = await call(api, 'GET', `/api/v1/totem/counter_orders?${query}`, token);
    expect(res.status).toBe(200);
    return CounterOrdersEnvelopeSchema.parse(res.body).data;
  }
  const find = (orders: CounterOrder[], id: number) => orders.find((o) => o.id === id);

  it("lists today's orders to hand out by default, with what a row shows; tomorrow's by date", async () => {
    const online = await placeOrder(api, { from: day(0), count: 2, addOns: ['CASCO'], token: customer });
    const kiosk = await placeOrder(api, { from: day(0), token: k.admin });
    const tomorrow = await placeOrder(api, { from: day(1), to: day(2) });
    const today = await list('list=hand_out');
    expect(today).toMatchObject({ list: 'hand_out', date: day(0), truncated: false });
    expect(find(today.orders, online.id)).toEqual({
      id: online.id,
      uuid: online.uuid,
      number: online.number,
      first_name: online.first_name,
      last_name: online.last_name,
      date_from: day(0),
      date_to: day(0),
      // Two bikes, each with a helmet: the helmets are add-ons, not items.
      items: 2,
      units_out: 0,
      paid: false,
      total_amount: online.total_amount,
      totem_code: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(find(today.orders, kiosk.id)?.totem_code).toBe('BARD-02');
    expect(find(today.orders, tomorrow.id)).toBeUndefined();

    const next = await list(`list=hand_out&date=${day(1)}`);
    expect(next.date).toBe(day(1));
    expect(next.orders.map((o) => o.id)).toContain(tomorrow.id);
    expect(find(next.orders, online.id)).toBeUndefined();
  });

  it('an order leaves the hand-out list once every item is out and joins the returns of its last day', async () => {
    const order = await placeOrder(api, { from: day(0), to: day(2), count: 2 });
    const [first, second] = order.order_detail_pools.map((p) => p.order_details[0]!.id);
    const handOut = (n: number, line: number) =>
      call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: order.id, delivery_details: [{ internal_code: unit('CITYBIKE', n), id_order_detail: line }] });
    expect((await handOut(5, first!)).status).toBe(200);
    // Half handed out: still to hand out.
    expect(find((await list('list=hand_out')).orders, order.id)).toMatchObject({ units_out: 1 });
    expect((await handOut(6, second!)).status).toBe(200);
    expect(find((await list('list=hand_out')).orders, order.id)).toBeUndefined();

    // Not due back today; due back on its last day, with both units out.
    expect(find((await list('list=returns')).orders, order.id)).toBeUndefined();
    const returns = await list(`list=returns&date=${day(2)}`);
    expect(find(returns.orders, order.id)).toMatchObject({ units_out: 2, items: 2 });

    // Everything back: the return is done.
    expect(
      (await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: unit('CITYBIKE', 5) }, { internal_code: unit('CITYBIKE', 6) }] })).status,
    ).toBe(200);
    expect(find((await list(`list=returns&date=${day(2)}`)).orders, order.id)).toBeUndefined();
  });

  it('leaves cancelled orders out', async () => {
    const cancelled = await placeOrder(api, { from: day(0) });
    expect((await call(api, 'DELETE', `/api/v1/orders/${cancelled.id}?date=${day(0)}`, k.admin)).status).toBe(200);
    expect(find((await list('list=hand_out')).orders, cancelled.id)).toBeUndefined();
  });

  it("never lists another shop's orders, and refuses a list or day it does not know", async () => {
    const ours = await placeOrder(api, { from: day(0) });
    expect(find((await list('list=hand_out', k.other)).orders, ours.id)).toBeUndefined();
    expect((await call(api, 'GET', '/api/v1/totem/counter_orders?list=everything', k.admin)).status).toBe(422);
    expect((await call(api, 'GET', '/api/v1/totem/counter_orders?list=hand_out&date=2026-13-40', k.admin)).status).toBe(422);
    expect((await call(api, 'GET', '/api/v1/totem/counter_orders', k.admin)).status).toBe(422);
  });
});
