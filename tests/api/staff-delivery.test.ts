// Delivery and pickup: units handed out for order lines and as extras, never twice at once, taken
// back (a problem locks the unit), either step undone, and a unit out past its booked end held
// until it is picked up, in the in-memory index (PGlite) and the locked check (PostgreSQL).
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { availability, day, orderForm, pick, postOrder, productId } from '../support/orders';
import { call, pairedKiosks, placeOrder, unit, OTHER_SHOP } from '../support/staff';
import { inSeasonDay } from '../support/season';
import { parseRomeDateTime } from '~/domain/dates';


describe.each(testDrivers)('delivery and pickup on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  const deliver = (orderId: number, details: unknown[], token = k.admin, extra: Record<string, unknown> = {}) =>
    call(api, 'POST', '/api/v1/delivery', token, { order_id: orderId, delivery_details: details, ...extra });
  const pickup = (items: unknown[], extra: Record<string, unknown> = {}) => call(api, 'POST', '/api/v1/pickup', k.admin, { items, ...extra });
  const lines = (order: Awaited<ReturnType<typeof placeOrder>>) => order.order_detail_pools.flatMap((p) => p.order_details.map((d) => d.id));

  it('hands out units for order lines and as extras; the inventory shows them out', async () => {
    const order = await placeOrder(api, { from: day(5), to: day(8), addOns: ['CASCO'] });
    const [bike, helmet] = lines(order);
    const res = await deliver(order.id, [
      { internal_code: unit('CITYBIKE', 1).toLowerCase(), id_order_detail: bike },
      { internal_code: unit('CASCO', 1), id_order_detail: helmet },
      { internal_code: unit('CIASPOLE', 1), price: 5 },
    ]);
    expect(res.status).toBe(200);
    const details = res.body.data.delivery.delivery_details;
    expect([...details].sort((x, y) => (x.price ?? 0) - (y.price ?? 0) || (x.id_order_detail ?? 0) - (y.id_order_detail ?? 0)).map((d) => [d.delivery_detail_specific_product?.specific_product.internal_code, d.id_order_detail, d.price])).toEqual([
      [unit('CITYBIKE', 1), bike, null],
      [unit('CASCO', 1), helmet, null],
      [unit('CIASPOLE', 1), null, 5],
    ]);
    expect(details.every((d) => d.datetime_delivery && d.datetime_return === null && d.used && !d.managed)).toBe(true);

    const out = await call(api, 'GET', `/api/v1/specific_products?status=out&order_id=${order.id}`, k.admin);
    expect(out.body.data.map((u) => [u.internal_code, u.out?.order_number, u.out?.overdue])).toEqual([
      [unit('CASCO', 1), order.number, false],
      [unit('CIASPOLE', 1), order.number, false],
      [unit('CITYBIKE', 1), order.number, false],
    ]);
    const extras = await call(api, 'GET', `/api/v1/specific_products?extra=1&order_id=${order.id}`, k.admin);
    expect(extras.body.data).toEqual([
      expect.objectContaining({
        internal_code: unit('CIASPOLE', 1),
        order_id: order.id,
        delivery: expect.objectContaining({ date: expect.any(String), date_return: null, forced: false, deleted: false, add: false }),
        pickup: null,
        used: true,
        managed: false,
        price: 5,
      }),
    ]);
  });

  it('never hands out a unit twice, nor a line twice; refuses wrong products unless forced', async () => {
    const first = await placeOrder(api, { from: day(20) });
    const second = await placeOrder(api, { from: day(20) });
    expect((await deliver(first.id, [{ internal_code: unit('CITYBIKE', 2), id_order_detail: lines(first)[0] }])).status).toBe(200);
    const twice = await deliver(second.id, [{ internal_code: unit('CITYBIKE', 2), id_order_detail: lines(second)[0] }]);
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.body.errors)).toEqual(['delivery_details.0.internal_code']);
    const lineTwice = await deliver(first.id, [{ internal_code: unit('CITYBIKE', 3), id_order_detail: lines(first)[0] }]);
    expect([lineTwice.status, Object.keys(lineTwice.body.errors)]).toEqual([422, ['delivery_details.0.id_order_detail']]);
    const wrong = await deliver(second.id, [{ internal_code: unit('MTB', 1), id_order_detail: lines(second)[0] }]);
    expect([wrong.status, Object.keys(wrong.body.errors)]).toEqual([422, ['delivery_details.0.internal_code']]);
    const forced = await deliver(second.id, [{ internal_code: unit('MTB', 1), id_order_detail: lines(second)[0], forced: true, reason: '  taglia più piccola ' }]);
    expect([forced.status, forced.body.data.delivery.delivery_details[0].forced]).toEqual([200, true]);
    // The reason staff gave is kept with the hand-out.
    expect(forced.body.data.delivery.delivery_details[0].forced_reason).toBe('taglia più piccola');
  });

  it('refuses bad delivery input with 422 (unknown, foreign or repeated codes, empty lists) and other shops\' orders with 404', async () => {
    const order = await placeOrder(api, { from: day(21) });
    const [line] = lines(order);
    const errors = async (details: unknown[], extra: Record<string, unknown> = {}) => {
      const res = await deliver(order.id, details, k.admin, extra);
      expect(res.status).toBe(422);
      return res.body.errors;
    };
    expect(await errors([{ internal_code: 'S06-NOPE-01' }])).toEqual({ 'delivery_details.0.internal_code': ['Risorsa non trovata'] });
    expect(await errors([{ internal_code: unit('CIASPOLE', 1, OTHER_SHOP) }])).toEqual({ 'delivery_details.0.internal_code': ['Risorsa non trovata'] });
    expect(await errors([{ internal_code: unit('CIASPOLE', 4) }, { internal_code: unit('CIASPOLE', 4) }])).toEqual({ 'delivery_details.1.internal_code': ['Valore non valido'] });
    expect(await errors([{ internal_code: unit('CIASPOLE', 4), id_order_detail: 999_999 }])).toEqual({ 'delivery_details.0.id_order_detail': ['Risorsa non trovata'] });
    expect(await errors([])).toEqual({ delivery_details: ['Campo obbligatorio'] });
    expect(await errors([{}])).toEqual({ 'delivery_details.0.internal_code': ['Campo obbligatorio'] });
    expect(await errors([{ internal_code: unit('CIASPOLE', 4) }], { date: 'ieri' })).toEqual({ date: ['Data non valida'] });
    const noOrder = await call(api, 'POST', '/api/v1/delivery', k.admin, { delivery_details: [{ internal_code: unit('CIASPOLE', 4) }] });
    expect([noOrder.status, noOrder.body.errors]).toEqual([422, { order_id: ['Campo obbligatorio'] }]);
    const foreign = await placeOrder(api, { from: inSeasonDay(OTHER_SHOP, 21), shop: OTHER_SHOP, code: 'CIASPOLE' });
    expect((await deliver(foreign.id, [{ internal_code: unit('CIASPOLE', 4) }])).status).toBe(404);
    expect((await call(api, 'DELETE', `/api/v1/orders/${order.id}?date=${day(0)}`, k.admin)).status).toBe(200);
    expect((await deliver(order.id, [{ internal_code: unit('CIASPOLE', 4), id_order_detail: line }])).status).toBe(410);
  });

  it('lets exactly one of two simultaneous deliveries of one unit through', async () => {
    const [a, b] = [await placeOrder(api, { from: day(22) }), await placeOrder(api, { from: day(22) })];
    const results = await Promise.all([
      deliver(a.id, [{ internal_code: unit('CITYBIKE', 4), id_order_detail: lines(a)[0] }]),
      deliver(b.id, [{ internal_code: unit('CITYBIKE', 4), id_order_detail: lines(b)[0] }]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it('takes units back; a problem locks the unit until it is unlocked', async () => {
    const order = await placeOrder(api, { from: day(2), to: day(4), addOns: ['CASCO'] });
    const [bike, helmet] = lines(order);
    const out = await deliver(order.id, [
      { internal_code: unit('CITYBIKE', 5), id_order_detail: bike },
      { internal_code: unit('CASCO', 2), id_order_detail: helmet },
    ]);
    expect(out.status).toBe(200);
    // A return dated before the hand-out is not this hand-out's: refused on the unit, naming when it went out.
    const early = await pickup([{ internal_code: unit('CITYBIKE', 5) }], { date: '2000-01-01T10:00:00Z' });
    expect(early.body.errors).toEqual({ 'items.0.internal_code': [expect.stringMatching(/^S06-CITYBIKE-05 è uscito il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, dopo questo ritiro/)] });
    expect((await pickup([{ internal_code: unit('CITYBIKE', 5) }], { order_id: order.id + 1 })).status).toBe(404);
    const back = await pickup([{ internal_code: unit('CITYBIKE', 5) }, { internal_code: unit('CASCO', 2), problem: 'Cinghia rotta' }], { order_id: order.id });
    expect(back.status).toBe(200);
    expect(back.body.data).toHaveLength(1);
    const returned = back.body.data[0].delivery.delivery_details;
    expect(returned.every((d) => d.datetime_return && d.managed)).toBe(true);
    const again = await pickup([{ internal_code: unit('CITYBIKE', 5) }]);
    expect([again.status, Object.keys(again.body.errors)]).toEqual([422, ['items.0.internal_code']]);
    expect((await pickup([])).body.errors).toEqual({ items: ['Campo obbligatorio'] });

    const helmetUnit = await call(api, 'GET', `/api/v1/specific_products/${unit('CASCO', 2)}`, k.admin);
    expect(helmetUnit.body.data).toMatchObject({ locked: true, status: 'locked', open_problems: [{ description: 'Cinghia rotta', order_id: order.id }] });
    expect(helmetUnit.body.data.history).toHaveLength(1);
    const other = await placeOrder(api, { from: day(25), addOns: ['CASCO'] });
    const locked = await deliver(other.id, [{ internal_code: unit('CASCO', 2), id_order_detail: lines(other)[1] }]);
    expect([locked.status, Object.keys(locked.body.errors)]).toEqual([422, ['delivery_details.0.internal_code']]);
    const unlocked = await call(api, 'POST', `/api/v1/specific_products/${unit('CASCO', 2)}/unlock`, k.admin);
    expect(unlocked.body.data).toMatchObject({ locked: false, status: 'available', open_problems: [] });
    expect((await deliver(other.id, [{ internal_code: unit('CASCO', 2), id_order_detail: lines(other)[1] }])).status).toBe(200);
  });

  it('undoes a delivery or a pickup (reset_delivery, reset_pickup)', async () => {
    const order = await placeOrder(api, { from: day(26) });
    const [line] = lines(order);
    const detailOf = async () => (await deliver(order.id, [{ internal_code: unit('CITYBIKE', 6), id_order_detail: line }])).body.data.delivery!.delivery_details[0]!.id;
    const reset = (id: number, what: 'delivery' | 'pickup') => call(api, 'POST', `/api/v1/delivery_details/${id}/reset_${what}`, k.admin);

    const first = await detailOf();
    const undone = await reset(first, 'delivery');
    expect([undone.status, undone.body.data.delivery.delivery_details]).toEqual([200, []]);
    expect((await reset(first, 'delivery')).status).toBe(404);

    const second = await detailOf();
    await pickup([{ internal_code: unit('CITYBIKE', 6) }]);
    expect((await reset(second, 'delivery')).status).toBe(422);
    const outAgain = await reset(second, 'pickup');
    expect([outAgain.status, outAgain.body.data.delivery.delivery_details[0].datetime_return]).toEqual([200, null]);
    expect((await reset(second, 'pickup')).status).toBe(422);

    // Back, then out again for another order: the first pickup can no longer be undone.
    await pickup([{ internal_code: unit('CITYBIKE', 6) }]);
    const next = await placeOrder(api, { from: day(27) });
    expect((await deliver(next.id, [{ internal_code: unit('CITYBIKE', 6) }])).status).toBe(200);
    expect((await reset(second, 'pickup')).status).toBe(422);
    expect((await call(api, 'POST', `/api/v1/delivery_details/${second}/reset_pickup`, k.other)).status).toBe(404);
    expect((await call(api, 'POST', '/api/v1/delivery_details/abc/reset_pickup', k.admin)).status).toBe(404);
  });

  it('holds a unit out past its booked end until it is picked up', async () => {
    const kit = productId(api, 6, 'AUTOSOCCORSO'); // one unit
    const order = await placeOrder(api, { from: day(1), to: day(2), code: 'AUTOSOCCORSO' });
    expect((await availability(api, 6, { from: day(5) }))[kit]).toBe(1);
    expect((await deliver(order.id, [{ internal_code: unit('AUTOSOCCORSO', 1), id_order_detail: lines(order)[0] }])).status).toBe(200);
    // Handed out a day early: held from today already; back by its end, so free after it.
    expect((await availability(api, 6, { from: day(0) }))[kit]).toBe(0);
    expect((await availability(api, 6, { from: day(5) }))[kit]).toBe(1);

    api.setNow(new Date(`${day(4)}T09:00:00Z`));
    try {
      expect((await availability(api, 6, { from: day(5) }))[kit]).toBe(0);
      const book = async () => {
        const { main } = await pick(api, 6, 'AUTOSOCCORSO', { from: day(5) });
        return postOrder(api, 6, orderForm({ from: day(5), cart: [{ prices: [main.id] }] }));
      };
      const refused = await book();
      expect([refused.status, refused.body.errors]).toEqual([422, { 'cart.0': ['Kit autosoccorso non è più disponibile per le date scelte (disponibili: 0)'] }]);
      const overdue = await call(api, 'GET', `/api/v1/specific_products/${unit('AUTOSOCCORSO', 1)}`, k.admin);
      expect(overdue.body.data.out).toMatchObject({ order_id: order.id, overdue: true });
      expect((await pickup([{ internal_code: unit('AUTOSOCCORSO', 1) }])).status).toBe(200);
      expect((await availability(api, 6, { from: day(5) }))[kit]).toBe(1);
      expect((await book()).status).toBe(201);
    } finally {
      api.setNow(new Date());
    }
  });

  // A kiosk's confirmations queued offline land later (the outbox): each carries the moment staff
  // confirmed it, and is recorded, and priced, at that moment, however late it arrives.
  it('records a hand-out and a return replayed later at the moments they carry, and prices the return by it', async () => {
    const order = await placeOrder(api, { from: day(5), to: day(7), code: 'CIASPOLE' });
    const [line] = lines(order);
    const code = unit('CIASPOLE', 6);
    try {
      // Handed out on the 5th at 09:00, landing the next day: not refused as "in the past".
      api.setNow(parseRomeDateTime(`${day(6)} 10:00`));
      const out = await deliver(order.id, [{ internal_code: code, id_order_detail: line }], k.admin, { date: `${day(5)} 09:00:00.000` });
      expect(out.status).toBe(200);
      const handOut = out.body.data.delivery.delivery_details[0]!;
      expect(parseRomeDateTime(handOut.datetime_delivery!).getTime()).toBe(parseRomeDateTime(`${day(5)} 09:00`).getTime());
      // Back at closing on its last booked day, landing the next morning: priced as booked.
      api.setNow(parseRomeDateTime(`${day(8)} 08:30`));
      const late = (await call(api, 'GET', `/api/v1/delivery_details/${handOut.id}/diff?to=${day(8)}`, k.admin)).body.data;
      expect(late.diff).toBeGreaterThan(0);
      const back = await pickup([{ internal_code: code }], { date: `${day(7)} 18:59:07.250` });
      expect(back.status).toBe(200);
      const returned = back.body.data[0]!.delivery.delivery_details.find((d) => d.id === handOut.id)!;
      expect(parseRomeDateTime(returned.datetime_return!).getTime()).toBe(parseRomeDateTime(`${day(7)} 18:59:07.250`).getTime());
      const settled = (await call(api, 'GET', `/api/v1/order_details/${line}/diff`, k.admin)).body.data;
      expect([settled.actual.to, settled.diff]).toEqual([day(7), 0]);
    } finally {
      api.setNow(new Date());
    }
  });
});
