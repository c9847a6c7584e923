// 50 parallel orders for a product with 3 free units: exactly 3 succeed, the rest are refused with
// the availability message. On PostgreSQL with a pool of 10 connections the transactions really run
// side by side, so this proves the locking, not PGlite's one-query-at-a-time luck.
import { describe, expect, it } from 'vitest';
import { answer, envelopeOf, refusal } from '../support/contract';
import { AvailabilitiesSchema, ShopLoadSchema } from '~/api/contract/catalogue';
import { addDays, todayInRome } from '~/domain/dates';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { orderForm } from '../support/orders';

describe.each(testDrivers)('concurrent orders on $name', (driver) => {
  const api = seededApi(driver, { poolSize: 10 });

  it('never overbooks: 50 parallel orders for 3 units → exactly 3 succeed', async () => {
    const shop = api.deps.catalogue.shops.find((s) => s.products.some((p) => p.row.code === 'SCI-PREMIUM' && p.row.stock === 3))!;
    const product = shop.products.find((p) => p.row.code === 'SCI-PREMIUM')!;
    const from = addDays(todayInRome(), 30);
    const to = addDays(from, 2);
    const load = await api.request(`/api/v1/shops/${shop.row.id}?from=${from}&to=${to}`);
    const body = await answer(load, envelopeOf(ShopLoadSchema));
    const priceId = body.data.products.find((p) => p.id === product.row.id)!.current_price!.id;

    const order = (n: number) => {
      const form = orderForm({
        from,
        to,
        first_name: `Cliente${n}`,
        last_name: 'Test',
        phone: '+39 333 0000000',
        email: `c${n}@example.com`,
        cart: [{ prices: [priceId], customer: { first_name: 'A', last_name: 'B', height: '180', weight: '80', shoe_size: '44', level: 'esperto' } }],
      });
      return api.request(`/api/v1/shops/${shop.row.id}/orders`, { method: 'POST', body: form });
    };
    const responses = await Promise.all(Array.from({ length: 50 }, (_, n) => order(n)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 422)).toHaveLength(47);
    const refused = await refusal(responses.find((r) => r.status === 422)!);
    expect(refused.errors['cart.0']?.[0]).toMatch(/non è più disponibile per le date scelte \(disponibili: 0\)/);

    const avail = await api.request(`/api/v1/shops/${shop.row.id}/availabilities?from=${from}&to=${to}`);
    expect((await answer(avail, AvailabilitiesSchema)).availabilities[product.row.id]).toBe(0);
  }, 120_000);
});
