// Inventory: the shop's units with where they are, one unit with its history and problems,
// reporting a problem (locks the unit), unlocking it, and the problems of a unit.
import { describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { day, productId, stockOf } from '../support/orders';
import { data, listOf } from '../support/contract';
import { InventoryItemSchema } from '~/api/contract/inventory';
import { call, pairedKiosks, placeOrder, unit, OTHER_SHOP, SHOP } from '../support/staff';
import { inSeasonDay } from '../support/season';


describe.each(testDrivers)('inventory on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  const list = async (query = '', token = k.admin) => {
    const res = await call(api, 'GET', `/api/v1/specific_products${query}`, token);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it("lists the shop's own units, filtered by product, status and text", async () => {
    const all = await list();
    expect(all.every((u) => u.internal_code.startsWith('S06-'))).toBe(true);
    const bikes = await list(`?product_id=${productId(api, SHOP, 'CITYBIKE')}`);
    expect(bikes.map((u) => u.internal_code)).toEqual(Array.from({ length: stockOf('CITYBIKE') }, (_, i) => unit('CITYBIKE', i + 1)));
    expect(bikes[0]).toMatchObject({ product: { code: 'CITYBIKE', label: 'Bici da città' }, status: 'available', locked: false, size: null });
    expect((await list('?q=ferrata')).map((u) => u.internal_code)).toEqual([unit('FERRATA', 1)]);
    expect((await list('?q=Petzl%20Scorpio')).map((u) => u.internal_code)).toEqual([unit('FERRATA', 1)]);
    const english = await api.request(`/api/v1/specific_products?q=${unit('CITYBIKE', 1)}`, { token: k.admin, lang: 'en_GB' });
    expect((await data(english, listOf(InventoryItemSchema)))[0]!.product.label).toBe('City bike');

    const order = await placeOrder(api, { from: day(3) });
    await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: order.id, delivery_details: [{ internal_code: unit('CITYBIKE', 1), id_order_detail: order.order_detail_pools[0]!.order_details[0]!.id }] });
    expect((await list('?status=out')).map((u) => u.internal_code)).toEqual([unit('CITYBIKE', 1)]);
    expect((await list('?status=available')).length).toBe(all.length - 1);
    expect((await list('?extra=1')).length).toBe(0);

    const other = await list('', k.other);
    expect(other.every((u) => u.internal_code.startsWith(`S0${OTHER_SHOP}-`))).toBe(true);
  });

  it('refuses a bad inventory query with 422 and another shop\'s order with 404', async () => {
    const bad = await call(api, 'GET', '/api/v1/specific_products?extra=2&status=lost', k.admin);
    expect([bad.status, bad.body.errors]).toEqual([422, { extra: ['Valore non valido'], status: ['Valore non valido'] }]);
    expect((await call(api, 'GET', '/api/v1/specific_products?order_id=abc', k.admin)).status).toBe(422);
    const foreign = await placeOrder(api, { from: inSeasonDay(OTHER_SHOP, 3), shop: OTHER_SHOP, code: 'CIASPOLE' });
    expect((await call(api, 'GET', `/api/v1/specific_products?order_id=${foreign.id}`, k.admin)).status).toBe(404);
  });

  it('shows one unit by its code (any case); unknown codes and other shops\' units are 404', async () => {
    const res = await call(api, 'GET', `/api/v1/specific_products/${unit('MTB', 2).toLowerCase()}`, k.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ internal_code: unit('MTB', 2), product: { code: 'MTB' }, status: 'available', open_problems: [], history: [], out: null });
    expect((await call(api, 'GET', '/api/v1/specific_products/S06-NOPE-99', k.admin)).status).toBe(404);
    expect((await call(api, 'GET', `/api/v1/specific_products/${unit('CIASPOLE', 1, OTHER_SHOP)}`, k.admin)).status).toBe(404);
  });

  it('a reported problem locks the unit; unlocking resolves it; the problems stay listed', async () => {
    const { id } = (await call(api, 'GET', `/api/v1/specific_products/${unit('CLIMB', 3)}`, k.admin)).body.data;
    const report = await call(api, 'POST', `/api/v1/specific_products/${id}/specific_product_problems`, k.admin, { description: 'Imbrago usurato' });
    expect(report).toMatchObject({ status: 201, body: { data: { specific_product_id: id, description: 'Imbrago usurato', resolved_at: null } } });
    expect((await list('?status=locked')).map((u) => u.internal_code)).toEqual([unit('CLIMB', 3)]);

    const unlocked = await call(api, 'POST', `/api/v1/specific_products/${unit('CLIMB', 3)}/unlock`, k.admin);
    expect(unlocked).toMatchObject({ status: 200, body: { data: { locked: false, status: 'available', open_problems: [] } } });
    // Unlocking an unlocked unit changes nothing.
    expect((await call(api, 'POST', `/api/v1/specific_products/${unit('CLIMB', 3)}/unlock`, k.admin)).status).toBe(200);
    expect((await call(api, 'POST', '/api/v1/specific_products/S06-NOPE-99/unlock', k.admin)).status).toBe(404);

    const problems = await call(api, 'GET', `/api/v1/specific_products/${id}/specific_product_problems`, k.admin);
    expect(problems.body.data).toEqual([
      expect.objectContaining({ description: 'Imbrago usurato', resolved_at: expect.any(String), created_at: expect.any(String) }),
    ]);
  });

  it('refuses a problem without a description (422) and unknown or foreign unit ids (404)', async () => {
    const { id } = (await call(api, 'GET', `/api/v1/specific_products/${unit('CLIMB', 4)}`, k.admin)).body.data;
    const empty = await call(api, 'POST', `/api/v1/specific_products/${id}/specific_product_problems`, k.admin, { description: ' ' });
    expect([empty.status, empty.body.errors]).toEqual([422, { description: ['Campo obbligatorio'] }]);
    expect((await call(api, 'GET', `/api/v1/specific_products/${id}`, k.admin)).status).toBe(404); // by id: not a code
    expect((await call(api, 'GET', '/api/v1/specific_products/abc/specific_product_problems', k.admin)).status).toBe(404);
    expect((await call(api, 'GET', `/api/v1/specific_products/${id}/specific_product_problems`, k.other)).status).toBe(404);
    expect((await call(api, 'GET', `/api/v1/specific_products/${id}/specific_product_problems`, k.admin)).body.data).toEqual([]);
  });
});
