import { describe, expect, it } from 'vitest';
import { DateModes } from './dates';
import { cartLines, cartSummary } from './cart-summary';
import type { CartProduct } from '../api/contract/cart';

const price = (id: number, amount: number, extra: Record<string, unknown> = {}) => ({ id, amount, main_price: true, season: false, morning: false, afternoon: false, ...extra });
const helmet = { id: 9, label: 'Casco', price: price(91, 5, { main_price: false, id_main_price: 11 }), used: false, hasDelivery: false, hasPickup: false, recommended: true };
const catalogue = [
  { id: 1, label: 'Sci', prices: [price(11, 20)], related: [helmet] },
  { id: 2, label: 'Ciaspole', prices: [price(21, 12.5)], related: [] },
];
const line = (id: number, id_price: number, days: number, used = false): CartProduct => ({
  id,
  id_shop: 1,
  id_price,
  related: id === 1 ? [{ id: 9, id_price: 91, used }] : [],
  multipleDates: DateModes.RANGE,
  dates: ['2027-01-10', '2027-01-12'],
  days,
});

describe('cartLines', () => {
  it('prices each line for its days with the add-ons it uses, and only those', () => {
    const lines = cartLines([line(1, 11, 3, true), line(1, 11, 3, false), line(2, 21, 2)], catalogue);
    expect(lines.map((l) => l.total)).toEqual([75, 60, 25]);
    expect(lines[0]!.used.map((r) => r.label)).toEqual(['Casco']);
    expect(lines[1]!.used).toEqual([]);
    expect(lines[2]!.product?.label).toBe('Ciaspole');
  });

  it('a line whose product or price the catalogue lacks has no main price and counts 0', () => {
    const lines = cartLines([line(3, 31, 1), line(2, 99, 1)], catalogue);
    expect(lines.map((l) => [l.product?.label, l.main, l.total])).toEqual([
      [undefined, null, 0],
      ['Ciaspole', null, 0],
    ]);
  });
});

describe('cartSummary', () => {
  it('counts one item per line and sums the lines for their days, minus the accepted coupons', () => {
    const cart = { products: [line(1, 11, 2, true), line(2, 21, 2)], coupons: [{ code: 'A', amount: 10, blocked: false }, { code: 'B', amount: 99, blocked: true }] };
    expect(cartSummary(cart, catalogue)).toEqual({ count: 2, total: 75 - 10 });
  });

  it('an empty cart is 0 items for 0', () => {
    expect(cartSummary({ products: [], coupons: [] }, [])).toEqual({ count: 0, total: 0 });
  });

  it('has no total while a line is not priced yet (catalogue not loaded), but still counts the items', () => {
    expect(cartSummary({ products: [line(2, 21, 1), line(2, 21, 1)], coupons: [] }, [])).toEqual({ count: 2, total: null });
  });

  it('never goes below 0', () => {
    expect(cartSummary({ products: [line(2, 21, 1)], coupons: [{ code: 'A', amount: 50, blocked: false }] }, catalogue)).toEqual({ count: 1, total: 0 });
  });
});
