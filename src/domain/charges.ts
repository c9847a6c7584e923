// What a rental costs for its days. A day price (neither half-day nor season) is a per-day rate of
// its rent_days tier; half-day and season prices are flat. `total_price` is what the customer pays
// for the rent days; `original_amount` is the list price before a fidelity-card discount.
import type { Price } from '../api/contract/catalogue';
import { roundMoney } from './money';

/** Discount of a valid fidelity (loyalty) card on rental prices. */
export const FIDELITY_DISCOUNT = 0.1;

/** Italian VAT included in every price. */
export const VAT_RATE = 0.22;

type Flags = Pick<Price, 'season' | 'morning' | 'afternoon'>;
type Amounts = Pick<Price, 'amount' | 'original_amount'>;

export function isDayPrice(price: Flags): boolean {
  return !price.season && !price.morning && !price.afternoon;
}

/** The amount charged for `days` rent days (the original list amount when `original`). */
export function priceTotal(price: Flags & Amounts, days: number, original = false): number {
  const amount = original ? (price.original_amount ?? price.amount) : price.amount;
  return roundMoney(isDayPrice(price) ? amount * Math.max(1, days) : amount);
}

/** The price as the API returns it for a request: with its total for the rent days. */
export function withTotal<P extends Flags & Amounts>(price: P, days: number): P & { total_price: number } {
  return { ...price, total_price: priceTotal(price, days) };
}

/** A fidelity card lowers the amount; the list price stays as original_amount. */
export function withFidelityDiscount<P extends Amounts>(price: P, rate = FIDELITY_DISCOUNT): P {
  const original = price.original_amount ?? price.amount;
  return { ...price, amount: roundMoney(original * (1 - rate)), original_amount: original };
}

/** Splits a VAT-inclusive total into taxable amount and tax. */
export function splitVat(total: number, rate = VAT_RATE): { total_taxable: number; total_tax: number } {
  const taxable = roundMoney(total / (1 + rate));
  return { total_taxable: taxable, total_tax: roundMoney(total - taxable) };
}
