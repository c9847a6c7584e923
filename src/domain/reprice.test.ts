import { describe, expect, it } from 'vitest';
import { DateModes } from './dates';
import { repriceCart } from './reprice';

const price = (id: number, extra: Record<string, unknown> = {}) => ({ id, amount: 10, main_price: true, season: false, morning: false, afternoon: false, ...extra });
const helmet = (id: number, main: number) => ({ id: 50, label: 'Casco', price: { ...price(id), main_price: false, id_main_price: main }, used: false, hasDelivery: true, hasPickup: true, recommended: true });
const cover = (id: number, main: number) => ({ ...helmet(id, main), id: 60, recommended: false });

const item = {
  id: 1,
  id_shop: 1,
  id_price: 11,
  related: [{ id: 50, id_price: 511, used: true }, { id: 60, id_price: 611, used: false }],
  multipleDates: DateModes.SINGLE,
  dates: ['2027-01-10'],
  days: 1,
};

describe('repriceCart: the cart follows new dates', () => {
  it('takes the new main price and the add-on prices linked to it, keeping which add-ons are used', () => {
    const product = { id: 1, current_price: price(13), related: [helmet(511, 11), helmet(513, 13), cover(611, 11), cover(613, 13)] };
    const { items, unpriced } = repriceCart([item], [product], 3, ['2027-01-14', '2027-01-10']);
    expect(unpriced).toEqual([]);
    expect(items).toEqual([
      {
        ...item,
        id_price: 13,
        related: [
          { id: 50, id_price: 513, used: true },
          { id: 60, id_price: 613, used: false },
        ],
        multipleDates: DateModes.RANGE,
        dates: ['2027-01-10', '2027-01-14'],
        days: 5,
      },
    ]);
  });

  it('reports items without a price for the new dates or no longer in the shop', () => {
    const other = { ...item, id: 2 };
    const { items, unpriced } = repriceCart([item, other], [{ id: 1, current_price: null, related: [] }], 0, ['2027-01-10']);
    expect(items).toEqual([]);
    expect(unpriced.map((i) => i.id)).toEqual([1, 2]);
  });
});
