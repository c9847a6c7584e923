import { describe, expect, it } from 'vitest';
import { isDayPrice, priceTotal, splitVat, withFidelityDiscount, withTotal } from './charges';

const base = { season: false, morning: false, afternoon: false, original_amount: null };
const day = { ...base, amount: 25 };
const morning = { ...base, morning: true, amount: 15 };
const season = { ...base, season: true, amount: 350 };

describe('priceTotal: "sum of product prices for the rent days"', () => {
  it.each([
    ['a day rate × days', day, 3, 75],
    ['a day rate for one day', day, 1, 25],
    ['a half-day price is flat', morning, 1, 15],
    ['a season price is flat', season, 120, 350],
    ['at least one day', day, 0, 25],
  ] as const)('%s', (_label, price, days, expected) => {
    expect(priceTotal(price, days)).toBe(expected);
  });

  it('uses the original amount when asked, the amount when there is none', () => {
    expect(priceTotal({ ...day, amount: 22.5, original_amount: 25 }, 2, true)).toBe(50);
    expect(priceTotal(day, 2, true)).toBe(50);
  });

  it('rounds to cents', () => {
    expect(priceTotal({ ...day, amount: 10.333 }, 3)).toBe(31);
    expect(priceTotal({ ...day, amount: 0.1 }, 3)).toBe(0.3);
  });

  it('classifies day prices', () => {
    expect([day, morning, season, { ...base, afternoon: true }].map(isDayPrice)).toEqual([true, false, false, false]);
  });
});

describe('line totals', () => {
  it('adds the total to a price', () => {
    expect(withTotal(day, 4)).toEqual({ ...day, total_price: 100 });
  });
});

describe('fidelity discount', () => {
  it('lowers the amount by 10 % and keeps the list price as original_amount', () => {
    expect(withFidelityDiscount({ amount: 25, original_amount: null })).toEqual({ amount: 22.5, original_amount: 25 });
    expect(withFidelityDiscount({ amount: 20, original_amount: 25 })).toEqual({ amount: 22.5, original_amount: 25 });
  });
});

describe('VAT split', () => {
  it.each([
    [122, 100, 22],
    [75, 61.48, 13.52],
    [0, 0, 0],
  ])('%s → taxable %s + tax %s', (total, taxable, tax) => {
    expect(splitVat(total)).toEqual({ total_taxable: taxable, total_tax: tax });
  });
});
