// Staff hardening: dates of every staff schema within 2000–2100 (422 on the field, never
// a 500 or year 50000), and hand-outs (extras, forced units, reset pickup) that cannot take units the
// website sold to other orders for the same day.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { availability, day, productId, stockOf } from '../support/orders';
import { call, pairedKiosks, placeOrder, unit, SHOP } from '../support/staff';

const DATE_REFUSED = { date: ['Data non valida'] };

describe.each(testDrivers)('staff dates and hand-outs on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  const deliver = (orderId: number, details: unknown[], extra: Record<string, unknown> = {}) =>
    call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: orderId, delivery_details: details, ...extra });
  const lines = (order: Awaited<ReturnType<typeof placeOrder>>) => order.order_detail_pools.flatMap((p) => p.order_details.map((d) => d.id));

  it('refuses staff dates outside 2000–2100 with 422 on the field', async () => {
    const order = await placeOrder(api, { from: day(30) });
    const item = { internal_code: unit('CITYBIKE', 4), id_order_detail: lines(order)[0] };
    for (const date of ['1999-12-31 10:00', '0050-06-01T10:00:00Z', '2101-01-01', '9999-12-31 23:59:59']) {
      const res = await deliver(order.id, [item], { date });
      expect([date, res.status, res.body.errors]).toEqual([date, 422, DATE_REFUSED]);
      const pickup = await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: item.internal_code }], date });
      expect([date, pickup.status, pickup.body.errors]).toEqual([date, 422, DATE_REFUSED]);
      const pay = await call(api, 'POST', `/api/v1/orders/${order.id}/pay`, k.cash, { date, attempt: randomUUID(), amount: order.total_amount });
      expect([date, pay.status, pay.body.errors]).toEqual([date, 422, DATE_REFUSED]);
      const log = await call(api, 'POST', '/api/pos_logs', k.cash, { order_number: order.number, date, response: { ok: false } });
      expect([date, log.status, log.body.errors]).toEqual([date, 422, DATE_REFUSED]);
    }
    for (const date of ['1999-12-31', '2101-01-01']) {
      const close = await call(api, 'POST', '/api/v1/totem/close_cashier', k.cash, { date });
      expect([close.status, close.body.errors]).toEqual([422, DATE_REFUSED]);
      const search = await call(api, 'GET', `/api/v1/orders/search?date=${date}`, k.admin);
      expect([search.status, search.body.errors]).toEqual([422, DATE_REFUSED]);
    }
    // The bounds themselves are fine.
    expect((await deliver(order.id, [item], { date: '2100-12-31 18:00' })).status).toBe(200);
  });

  it('never hands out an extra or a forced unit of a product booked out for the day', async () => {
    const snowshoes = stockOf('CIASPOLE');
    const booked = await placeOrder(api, { from: day(0), code: 'CIASPOLE', count: snowshoes });
    const other = await placeOrder(api, { from: day(0) });
    expect((await availability(api, SHOP, { from: day(0), to: day(0) }))[productId(api, SHOP, 'CIASPOLE')]).toBe(0);

    const extra = await deliver(other.id, [{ internal_code: unit('CIASPOLE', 1), price: 5 }]);
    expect([extra.status, extra.body.errors]).toEqual([
      422,
      { 'delivery_details.0.internal_code': [expect.stringMatching(new RegExp(`^Non si può consegnare ${unit('CIASPOLE', 1)}: .* \\(0 liberi\\)$`))] },
    ]);
    // A forced unit of another product for a line is an override of the product, not of the stock.
    const forced = await deliver(other.id, [{ internal_code: unit('CIASPOLE', 2), id_order_detail: lines(other)[0], forced: true, reason: 'bici guasta' }]);
    expect([forced.status, Object.keys(forced.body.errors)]).toEqual([422, ['delivery_details.0.internal_code']]);
    // Nothing was handed out by the refused calls; the order that booked them gets its units.
    expect((await call(api, 'GET', `/api/v1/specific_products?status=out&order_id=${other.id}`, k.admin)).body.data).toEqual([]);
    const own = await deliver(booked.id, lines(booked).slice(0, 2).map((id, i) => ({ internal_code: unit('CIASPOLE', i + 1), id_order_detail: id })));
    expect(own.status).toBe(200);
    // An extra of a product with free units that day is still fine.
    expect((await deliver(other.id, [{ internal_code: unit('CITYBIKE', 5), price: 5 }])).status).toBe(200);
  });

  it('refuses reset_pickup when the unit was booked by someone else for today meanwhile', async () => {
    expect(stockOf('AUTOSOCCORSO')).toBe(1);
    const first = await placeOrder(api, { from: day(0) });
    const out = await deliver(first.id, [{ internal_code: unit('AUTOSOCCORSO', 1), price: 3 }]);
    expect(out.status).toBe(200);
    const detail = out.body.data.delivery.delivery_details.find(
      (d) => d.delivery_detail_specific_product?.specific_product.internal_code === unit('AUTOSOCCORSO', 1),
    );
    expect((await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: unit('AUTOSOCCORSO', 1) }] })).status).toBe(200);
    // Back at the shop: the website sells it for today.
    await placeOrder(api, { from: day(0), code: 'AUTOSOCCORSO' });
    const reset = await call(api, 'POST', `/api/v1/delivery_details/${detail!.id}/reset_pickup`, k.admin);
    expect([reset.status, Object.keys(reset.body.errors)]).toEqual([422, ['id']]);
    expect(reset.body.errors.id[0]).toMatch(/tutto prenotato/);
    // Still back: nothing changed.
    expect((await call(api, 'GET', `/api/v1/specific_products?status=out&order_id=${first.id}`, k.admin)).body.data).toEqual([]);
  });
});
