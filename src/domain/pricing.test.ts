import { describe, expect, it } from 'vitest';
import { PriceSchema, RelatedProductSchema, type Price } from '../api/contract/catalogue';
import { DateModes, type DateMode } from './dates';
import { offeredAddOns, priceCoversDays, productTotal, rentDaysTo, selectPrice } from './pricing';

const price = (p: Partial<Price> & { id: number }): Price => PriceSchema.parse({ amount: 10, ...p });

const prices: Price[] = [
  price({ id: 1, main_price: true, rent_days_from: 1, rent_days_to: 1, amount: 30 }),
  price({ id: 2, main_price: true, rent_days_from: 2, rent_days_to: 4, amount: 55 }),
  price({ id: 3, main_price: true, rent_days_from: 5, rent_days_to: null, amount: 80 }),
  price({ id: 4, main_price: true, morning: true, rent_days_from: 1, rent_days_to: 1, amount: 18 }),
  price({ id: 5, main_price: true, afternoon: true, rent_days_from: 1, rent_days_to: 1, amount: 16 }),
  price({ id: 6, main_price: true, season: true, amount: 250 }),
  price({ id: 7, season: true, amount: 40, id_main_price: 6 }), // a seasonal add-on, not main
];

describe('selectPrice', () => {
  it.each<[DateMode, number, number | undefined]>([
    [20, 0, 6], // season main price
    [20, 7, 6],
    [0, 1, 4], // morning price
    [1, 1, 5], // afternoon price
    [2, 1, 1], // single date: the 1-day multi-day price, not the morning one
    [3, 1, 1],
    [3, 2, 2], // inside rent_days_from..rent_days_to
    [3, 4, 2], // upper bound inclusive
    [3, 5, 3], // lower bound inclusive, open upper bound
    [3, 999, 3],
    [3, 1000, undefined], // the open bound is 999
    [3, 0, undefined],
  ])('mode %s, %s days → price %s', (mode, days, expectedId) => {
    expect(selectPrice(prices, mode, days)?.id).toBe(expectedId);
  });

  it.each([null, undefined, 0])('rent_days_to %j is an open upper bound (999)', (to) => {
    const open = price({ id: 9, main_price: true, rent_days_from: 3, rent_days_to: to });
    expect(rentDaysTo(open)).toBe(999);
    expect(selectPrice([open], DateModes.RANGE, 999)?.id).toBe(9);
    expect(selectPrice([open], DateModes.RANGE, 2)).toBeUndefined();
  });

  it('ignores prices that are not main for multi-day', () => {
    const addOn = price({ id: 10, id_main_price: 1, rent_days_from: 1, rent_days_to: 10 });
    expect(selectPrice([addOn], DateModes.RANGE, 3)).toBeUndefined();
  });

  it('a missing rent_days_from starts at 0', () => {
    expect(priceCoversDays({ rent_days_from: null, rent_days_to: 3 }, 1)).toBe(true);
  });

  it('takes a non-main half-day price when no main one exists, a main one first otherwise', () => {
    const plain = price({ id: 11, morning: true });
    const main = price({ id: 12, morning: true, main_price: true });
    expect(selectPrice([plain], DateModes.MORNING, 1)?.id).toBe(11);
    expect(selectPrice([plain, main], 0, 1)?.id).toBe(12);
    expect(selectPrice([plain], DateModes.AFTERNOON, 1)).toBeUndefined();
  });

  it('returns undefined without prices', () => {
    expect(selectPrice([], DateModes.SEASONAL, 0)).toBeUndefined();
  });
});

describe('offeredAddOns', () => {
  const related = (id: number, idMainPrice: number, recommended: boolean) =>
    RelatedProductSchema.parse({ id, recommended, price: { id: 100 + id, amount: 5, id_main_price: idMainPrice } });
  const list = [related(1, 2, false), related(2, 1, false), related(3, 2, true), related(4, 2, false), related(5, 2, true)];

  it('offers only add-ons linked to the chosen main price, recommended first, stable', () => {
    expect(offeredAddOns(list, 2).map((r) => r.id)).toEqual([3, 5, 1, 4]);
    expect(offeredAddOns(list, 1).map((r) => r.id)).toEqual([2]);
    expect(offeredAddOns(list, 99)).toEqual([]);
  });

  it('offers nothing without a chosen price', () => {
    expect(offeredAddOns(list, undefined)).toEqual([]);
    expect(offeredAddOns(list, null)).toEqual([]);
  });
});

describe('productTotal', () => {
  const current = { amount: 30, original_amount: 40 };
  const addOns = [
    { price: { amount: 5.1, original_amount: 6 }, used: true },
    { price: { amount: 2.2, original_amount: null }, used: true },
    { price: { amount: 100, original_amount: 100 }, used: false },
  ];

  it.each([
    [{}, 37.3], // current price + used add-ons, rounded to cents
    [{ original: false }, 37.3],
    [{ original: true }, 48.2], // original amounts; an add-on without one falls back to its amount
  ])('%j → %s', (options, expected) => {
    expect(productTotal(current, addOns, options)).toBe(expected);
  });

  it('defaults to current amounts and counts add-ons without a used flag', () => {
    expect(productTotal(current, [{ price: { amount: 0.1 } }, { price: { amount: 0.2 } }])).toBe(30.3);
  });

  it('charges day prices per rent day and half-day/season prices flat', () => {
    const dayPrice = { amount: 25, original_amount: 25 };
    const helmet = { price: { amount: 3, original_amount: 3 }, used: true };
    expect(productTotal(dayPrice, [helmet], { days: 3 })).toBe(84);
    expect(productTotal({ ...dayPrice, morning: true }, [{ price: { ...helmet.price, morning: true } }], { days: 1 })).toBe(28);
    expect(productTotal({ ...dayPrice, season: true }, [], { days: 120 })).toBe(25);
    expect(productTotal({ amount: 22.5, original_amount: 25 }, [], { days: 2, original: true })).toBe(50);
  });

  it('is 0 without a current price and add-ons', () => {
    expect(productTotal(undefined, [])).toBe(0);
  });
});
