// The cart store never takes more units of a product than one order may hold: the
// booking page disables its button at the cap, and the store refuses a line that would pass it.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { MAX_UNITS_PER_PRODUCT } from '~/domain/cart';
import type { CartProduct } from '~/api/contract/cart';
import { DateModes } from '~/domain/dates';

beforeAll(() => {
  useTestStorageEngine();
});

const cart = await import('~/stores/cart');

const line = (id: number, related: CartProduct['related'] = []): CartProduct => ({ id, id_shop: 1, id_price: id * 10, related, multipleDates: DateModes.SINGLE, dates: ['2026-12-20'], days: 1 });

describe('cart store: units per order', () => {
  beforeEach(() => {
    cleanTestStorage();
    cart.clearCart();
  });

  it(`adds up to ${MAX_UNITS_PER_PRODUCT} units of a product and refuses the next, add-ons counted`, () => {
    for (let i = 0; i < MAX_UNITS_PER_PRODUCT; i++) expect(cart.addProduct(line(1, [{ id: 2, id_price: 20, used: true }]))).toBe(true);
    expect(cart.addProduct(line(1))).toBe(false);
    // Product 2 is at the cap as an add-on: a line using it again is refused, one without it is not.
    expect(cart.addProduct(line(3, [{ id: 2, id_price: 20, used: true }]))).toBe(false);
    expect(cart.addProduct(line(3, [{ id: 2, id_price: 20, used: false }]))).toBe(true);
    expect(cart.$cart.get().products).toHaveLength(MAX_UNITS_PER_PRODUCT + 1);
  });
});
