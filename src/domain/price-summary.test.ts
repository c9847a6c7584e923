import { describe, expect, it } from 'vitest';
import type { Price } from '../api/contract/catalogue';
import { dayPriceRange, summarisePrices } from './price-summary';

let nextId = 1;
const price = (fields: Partial<Price> & Pick<Price, 'amount'>): Price => ({
  id: nextId++,
  main_price: true,
  season: false,
  morning: false,
  afternoon: false,
  rent_days_from: null,
  rent_days_to: null,
  ...fields,
});
const tier = (from: number, to: number | null, amount: number) => price({ rent_days_from: from, rent_days_to: to, amount });

describe('summarisePrices', () => {
  it('gives the lowest and highest day rate, the half days and the season of a full list', () => {
    const list = [
      tier(1, 1, 38),
      tier(2, 3, 34),
      tier(4, 6, 30.5),
      tier(7, null, 26.5),
      price({ morning: true, amount: 23 }),
      price({ afternoon: true, amount: 19 }),
      price({ season: true, amount: 456 }),
    ];
    expect(summarisePrices(list)).toEqual({
      dayFrom: 26.5,
      dayFromDays: { from: 7, to: null },
      oneDay: 38,
      dayUpTo: 38,
      morning: 23,
      afternoon: 19,
      season: 456,
    });
  });

  it('gives the lowest rate the fewest days that get it, and a bounded span when a middle tier is the cheapest', () => {
    expect(summarisePrices([tier(1, 1, 20), tier(2, 6, 15), tier(7, null, 15)])!.dayFromDays).toEqual({ from: 2, to: 6 });
    expect(summarisePrices([tier(1, 1, 20), tier(4, 6, 12), tier(7, null, 14)])).toMatchObject({ dayFrom: 12, dayFromDays: { from: 4, to: 6 }, oneDay: 20 });
  });

  it('has no one-day rate when no tier covers a single day', () => {
    expect(summarisePrices([tier(2, null, 20)])).toMatchObject({ dayFromDays: { from: 2, to: null }, oneDay: null });
  });

  it('leaves out the half days and the season a product does not have', () => {
    expect(summarisePrices([tier(1, null, 14)])).toEqual({
      dayFrom: 14,
      dayFromDays: { from: 1, to: null },
      oneDay: 14,
      dayUpTo: 14,
      morning: null,
      afternoon: null,
      season: null,
    });
  });

  it('ignores add-on prices (not main) and is null without any day price', () => {
    const addOn = price({ main_price: false, id_main_price: 1, rent_days_from: 1, rent_days_to: 1, amount: 1 });
    expect(summarisePrices([tier(1, 1, 20), addOn])!.dayFrom).toBe(20);
    expect(summarisePrices([price({ season: true, amount: 300 }), addOn])).toBeNull();
    expect(summarisePrices([])).toBeNull();
  });

  it('takes the half-day price the booking charges: the main one when both exist', () => {
    const list = [tier(1, 1, 20), price({ morning: true, main_price: false, amount: 9 }), price({ morning: true, amount: 12 })];
    expect(summarisePrices(list)!.morning).toBe(12);
  });

  it('accepts prices without ids or tiers (the committed catalogue rows)', () => {
    expect(summarisePrices([{ amount: 10, main_price: true, season: false, morning: false, afternoon: false }])).toMatchObject({
      dayFrom: 10,
      dayFromDays: { from: 1, to: null },
      oneDay: 10,
    });
  });
});

describe('dayPriceRange', () => {
  it('spans the lowest "from" rate and the highest day rate of the products', () => {
    const a = summarisePrices([tier(1, 1, 16), tier(7, null, 11)]);
    const b = summarisePrices([tier(1, 1, 38), tier(7, null, 26.5)]);
    expect(dayPriceRange([a, b, null])).toEqual({ low: 11, high: 38 });
  });

  it('is null when no product has a day price', () => {
    expect(dayPriceRange([])).toBeNull();
    expect(dayPriceRange([null])).toBeNull();
  });
});
