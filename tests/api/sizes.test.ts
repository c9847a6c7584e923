// Sizes: a product whose units differ by size (the mountain bikes of the demo
// catalogue) answers its availability per size, an order line carries the size chosen and books a
// unit of that size (never more than the size has: a wrong or sold-out size is 422 under the
// item's `size`), and the counter hands out only a unit of the line's size.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDrivers } from '../support/databases';
import { CUSTOMER, loadShop, orderForm, pick, productId } from '../support/orders';
import { call, pairedKiosks, unit, SHOP } from '../support/staff';
import { inSeasonDay } from '../support/season';
import { answer, outcomeByRoute, refusal } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { AvailableSizesResponseSchema } from '~/api/contract/catalogue';
import { deliveryDetails, orderDetails } from '~server/db/schema/index';

describe.each(testDrivers)('sizes on $name', (driver) => {
  // A pool of 10 on PostgreSQL: the parallel orders below really run side by side.
  const { api, k } = pairedKiosks(driver, { poolSize: 10 });
  const day = (n: number) => inSeasonDay(SHOP, n);

  const sizesOf = async (from: string, to: string, shop = SHOP) => {
    const url = `/api/v1/products/${productId(api, shop, 'MTB')}/available_size`;
    return { body: await answer(await api.request(url, { method: 'POST', json: { from, to } }), AvailableSizesResponseSchema) };
  };
  const mtbOrder = async (from: string, to: string, sizes: (string | undefined)[], n = 0) => {
    const picked = await pick(api, SHOP, 'MTB', { from, to });
    const form = orderForm({ from, to, email: `taglie${n}@example.com`, cart: sizes.map((size) => ({ prices: [picked.main.id], customer: CUSTOMER, size })) });
    return api.request(`/api/v1/shops/${SHOP}/orders`, { method: 'POST', body: form });
  };

  it('the demo catalogue has sized units in several shops; the shop lists the sizes', async () => {
    for (const shop of [2, 3, SHOP]) {
      expect((await sizesOf(day(10), day(11), shop)).body).toEqual({
        data: {
          product_id: productId(api, shop, 'MTB'),
          available: 5,
          sizes: [
            { size: 'S', units: 2, available: 2 },
            { size: 'M', units: 2, available: 2 },
            { size: 'L', units: 1, available: 1 },
          ],
        },
      });
    }
    const load = await loadShop(api, SHOP, { from: day(10), to: day(11) });
    expect(load.products.find((p) => p.code === 'MTB')?.sizes).toEqual(['S', 'M', 'L']);
    expect(load.products.find((p) => p.code === 'CITYBIKE')?.sizes).toBeUndefined();
    const citybike = `/api/v1/products/${productId(api, SHOP, 'CITYBIKE')}/available_size`;
    expect((await outcomeByRoute('POST', citybike, await api.request(citybike, { method: 'POST', json: { from: day(10) } }))).body).toMatchObject({ data: { sizes: [] } });
  });

  it('stores and presents the size of an order line, and counts it per size for its dates', async () => {
    const res = await mtbOrder(day(20), day(22), ['L', 'S']);
    expect(res.status).toBe(201);
    const { order } = await postOrderBody(res);
    expect(order.order_detail_pools.map((p) => p.order_details.map((d) => d.size))).toEqual([['L'], ['S']]);
    const stored = await api.deps.database.db.select({ size: orderDetails.size }).from(orderDetails).where(eq(orderDetails.orderId, order.id));
    expect(stored.map((r) => r.size).sort()).toEqual(['L', 'S']);
    const seen = await call(api, 'GET', `/api/v1/orders/${order.id}`, k.admin);
    expect(seen.body.data.order_detail_pools.flatMap((p) => p.order_details.map((d) => d.size))).toEqual(['L', 'S']);

    // Overlapping dates lose one L and one S; the day after the booking has them all again.
    expect((await sizesOf(day(22), day(23))).body.data).toEqual({
      product_id: productId(api, SHOP, 'MTB'),
      available: 3,
      sizes: [
        { size: 'S', units: 2, available: 1 },
        { size: 'M', units: 2, available: 2 },
        { size: 'L', units: 1, available: 0 },
      ],
    });
    expect((await sizesOf(day(23), day(24))).body.data.sizes.map((s) => s.available)).toEqual([2, 2, 1]);
  });

  it('refuses a size the product does not have and a size sold out for the dates (422 under the size)', async () => {
    const unknown = await refusal(await mtbOrder(day(30), day(31), ['XL']));
    expect(unknown.errors).toEqual({ 'cart.0.size': ['Mountain bike front non esiste nella taglia XL'] });
    const twoL = await refusal(await mtbOrder(day(30), day(31), ['M', 'L', 'L']));
    expect(twoL.errors).toEqual({ 'cart.1.size': ['Mountain bike front taglia L non è più disponibile per le date scelte (disponibili: 1)'] });
    expect((await mtbOrder(day(30), day(31), ['L'])).status).toBe(201);
    const soldOut = await api.request(`/api/v1/shops/${SHOP}/orders`, {
      method: 'POST',
      lang: 'en_GB',
      body: orderForm({ from: day(31), to: day(32), cart: [{ prices: [(await pick(api, SHOP, 'MTB', { from: day(31), to: day(32) })).main.id], customer: CUSTOMER, size: 'L' }] }),
    });
    expect((await refusal(soldOut)).errors).toEqual({ 'cart.0.size': ['Hardtail mountain bike in size L is no longer available for the chosen dates (available: 0)'] });
    // Another size of the same product, and the product without a size, still go.
    expect((await mtbOrder(day(31), day(32), ['S', undefined], 1)).status).toBe(201);
  });

  it('never overbooks a size: 12 parallel orders for the one L → exactly one succeeds', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, (_, n) => mtbOrder(day(40), day(41), ['L'], 100 + n)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(11);
    expect((await refusal(responses.find((r) => r.status === 422)!)).errors['cart.0.size']?.[0]).toMatch(/taglia L non è più disponibile/);
    expect((await sizesOf(day(40), day(41))).body.data.sizes.find((s) => s.size === 'L')?.available).toBe(0);
  }, 120_000);

  it('the counter refuses a unit of another size for a sized line, even forced, and takes one of its size', async () => {
    const res = await mtbOrder(inSeasonDay(SHOP, 0), inSeasonDay(SHOP, 1), ['M'], 200);
    const { order } = await postOrderBody(res);
    const line = order.order_detail_pools[0]!.order_details[0]!.id;
    // Units are seeded S, M, L, S, M.
    const deliver = (code: string, extra: Record<string, unknown> = {}) =>
      call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: order.id, delivery_details: [{ internal_code: code, id_order_detail: line, ...extra }] });
    const wrong = await deliver(unit('MTB', 1));
    expect([wrong.status, wrong.body.errors]).toEqual([422, { 'delivery_details.0.internal_code': [`${unit('MTB', 1)} è taglia S: questa riga di Mountain bike front vuole la taglia M`] }]);
    const forced = await deliver(unit('MTB', 3), { forced: true, reason: 'più grande' });
    expect(forced.status).toBe(422);
    expect((await deliver(unit('MTB', 2))).status).toBe(200);
  });

  it('the counter gives a line without a size no unit of a size other orders booked; the same unit once nobody holds it', async () => {
    // MTB units are seeded S, M, L, S, M: the one L is 03. Order A has no size, B books the L.
    const [from, to] = [inSeasonDay(SHOP, 0), inSeasonDay(SHOP, 1)];
    const { order: a } = await postOrderBody(await mtbOrder(from, to, [undefined], 300));
    const { order: b } = await postOrderBody(await mtbOrder(from, to, ['L'], 301));
    const line = a.order_detail_pools[0]!.order_details[0]!.id;
    const deliverL = () => call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: a.id, delivery_details: [{ internal_code: unit('MTB', 3), id_order_detail: line }] });
    const refused = await deliverL();
    expect([refused.status, refused.body.errors]).toEqual([
      422,
      { 'delivery_details.0.internal_code': [expect.stringMatching(new RegExp(`^Non si può consegnare ${unit('MTB', 3)}: la taglia L di .+ è già prenotata dal .+; scegli un'altra taglia$`))] },
    ]);
    expect((await api.deps.database.db.select().from(deliveryDetails).where(eq(deliveryDetails.orderId, a.id)))).toEqual([]);
    // B cancelled, nothing holds the L for those days: the line without a size takes it.
    expect((await call(api, 'DELETE', `/api/v1/orders/${b.uuid}?date=${from}`, k.admin)).status).toBe(200);
    expect((await deliverL()).status).toBe(200);
  });

  async function postOrderBody(res: Response) {
    expect(res.status).toBe(201);
    return { order: (await answer(res, OrderEnvelopeSchema)).data };
  }
});
