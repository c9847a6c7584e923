import { describe, expect, it } from 'vitest';
import type { Price } from '../api/contract/catalogue';
import { fromPrice, fromPriceText } from './from-price';
import { summarisePrices } from './price-summary';

let nextId = 1;
const tier = (from: number, to: number | null, amount: number): Price => ({
  id: nextId++,
  main_price: true,
  season: false,
  morning: false,
  afternoon: false,
  rent_days_from: from,
  rent_days_to: to,
  amount,
});
const premium = summarisePrices([tier(1, 1, 38), tier(2, 3, 34), tier(4, 6, 30.5), tier(7, null, 26.5)]);
const base = summarisePrices([tier(1, 1, 25), tier(2, 3, 22.5), tier(4, 6, 20), tier(7, null, 17.5)]);
const flat = summarisePrices([tier(1, null, 14)]);
const money = (amount: number) => `${amount.toFixed(2).replace('.', ',')} €`;

describe('fromPrice', () => {
  it('states the days the lowest rate needs and the one-day rate', () => {
    expect(fromPrice([premium])).toEqual({ perDay: 26.5, days: { from: 7, to: null }, oneDay: 38 });
  });

  it('of several products, takes the cheapest with its own one-day rate', () => {
    expect(fromPrice([premium, base, null])).toEqual({ perDay: 17.5, days: { from: 7, to: null }, oneDay: 25 });
  });

  it('between products at the same lowest rate, takes the one asking the fewest days', () => {
    const everyDay = summarisePrices([tier(1, null, 17.5)]);
    expect(fromPrice([base, everyDay])).toEqual({ perDay: 17.5, days: { from: 1, to: null }, oneDay: null });
  });

  it('has no one-day rate to add when a single day already gets the rate', () => {
    expect(fromPrice([flat])).toEqual({ perDay: 14, days: { from: 1, to: null }, oneDay: null });
  });

  it('is null without any day price', () => {
    expect(fromPrice([])).toBeNull();
    expect(fromPrice([null])).toBeNull();
  });
});

describe('fromPriceText', () => {
  it('says the condition and the one-day rate: "da 26,50 € al giorno per 7 giorni o più · 1 giorno 38,00 €"', () => {
    expect(fromPriceText(fromPrice([premium])!, money)).toEqual({
      perDay: { message: 'fromPerDayForDays', params: { amount: '26,50 €', days: 7 } },
      oneDay: { message: 'oneDay', params: { amount: '38,00 €' } },
    });
  });

  it('says the rate alone when one day gets it', () => {
    expect(fromPriceText(fromPrice([flat])!, money)).toEqual({ perDay: { message: 'fromPerDay', params: { amount: '14,00 €' } }, oneDay: null });
  });

  it('says a bounded span when the cheapest tier is a middle one', () => {
    const middle = summarisePrices([tier(1, 1, 20), tier(4, 6, 12), tier(7, null, 14)]);
    expect(fromPriceText(fromPrice([middle])!, money)).toEqual({
      perDay: { message: 'fromPerDayForDayRange', params: { amount: '12,00 €', from: 4, to: 6 } },
      oneDay: { message: 'oneDay', params: { amount: '20,00 €' } },
    });
  });

  it('leaves the one-day rate out when no tier covers a single day', () => {
    const fromTwo = summarisePrices([tier(2, null, 20)]);
    expect(fromPriceText(fromPrice([fromTwo])!, money)).toEqual({
      perDay: { message: 'fromPerDayForDays', params: { amount: '20,00 €', days: 2 } },
      oneDay: null,
    });
  });
});
