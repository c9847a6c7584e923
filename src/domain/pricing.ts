// Which price applies for the chosen dates (spec §4 "Price selection by mode") and product totals.
import type { Price, RelatedProduct } from '../api/contract/catalogue';
import { DateModes, type DateMode } from './dates';
import { sumMoney } from './money';
import { priceTotal } from './charges';

/** Upper bound of a multi-day price whose rent_days_to is open. */
export const OPEN_RENT_DAYS_TO = 999;

/** Upper bound of a price's day range; null, missing or 0 means open (999 days). */
export function rentDaysTo(price: Pick<Price, 'rent_days_to'>): number {
  return price.rent_days_to || OPEN_RENT_DAYS_TO;
}

export function priceCoversDays(price: Pick<Price, 'rent_days_from' | 'rent_days_to'>, days: number): boolean {
  return (price.rent_days_from ?? 0) <= days && days <= rentDaysTo(price);
}

// Half-day prices may come flagged main or not; a main one wins when both exist.
function halfDayPrice(prices: readonly Price[], half: 'morning' | 'afternoon'): Price | undefined {
  const candidates = prices.filter((p) => p[half] && !p.season);
  return candidates.find((p) => p.main_price) ?? candidates[0];
}

/**
 * Seasonal → the season main price; single day or range → the main multi-day price whose day
 * range holds `days`; morning → the morning price; afternoon → the afternoon price.
 */
export function selectPrice(prices: readonly Price[], mode: DateMode, days: number): Price | undefined {
  switch (mode) {
    case DateModes.SEASONAL:
      return prices.find((p) => p.season && p.main_price);
    case DateModes.MORNING:
      return halfDayPrice(prices, 'morning');
    case DateModes.AFTERNOON:
      return halfDayPrice(prices, 'afternoon');
    case DateModes.SINGLE:
    case DateModes.RANGE:
      return prices.find(
        (p) => p.main_price && !p.season && !p.morning && !p.afternoon && priceCoversDays(p, days),
      );
  }
}

/**
 * Add-ons offered with the chosen main price: only those linked to it, recommended first,
 * otherwise in their original order.
 */
export function offeredAddOns<T extends Pick<RelatedProduct, 'price' | 'recommended'>>(
  related: readonly T[],
  mainPriceId: number | null | undefined,
): T[] {
  if (mainPriceId == null) return [];
  const linked = related.filter((r) => r.price.id_main_price === mainPriceId);
  return [...linked.filter((r) => r.recommended), ...linked.filter((r) => !r.recommended)];
}

type Amounts = Pick<Price, 'amount' | 'original_amount'>;

type Charged = Amounts & Partial<Pick<Price, 'season' | 'morning' | 'afternoon'>>;

/**
 * Current price plus the used add-ons (an add-on counts only when `used`), for `days` rent days:
 * day prices are per-day rates, half-day and season prices flat (see `charges.ts`), so the
 * storefront and the API compute a line's total with the same rule.
 */
export function productTotal(
  currentPrice: Charged | null | undefined,
  usedAddOns: readonly { price: Charged; used?: boolean }[],
  options: { original?: boolean; days?: number } = {},
): number {
  const original = options.original ?? false;
  const days = options.days ?? 1;
  const charge = (p: Charged) => priceTotal({ season: false, morning: false, afternoon: false, ...p }, days, original);
  const base = currentPrice ? charge(currentPrice) : 0;
  const addOns = usedAddOns.filter((r) => r.used !== false).map((r) => charge(r.price));
  return sumMoney([base, ...addOns]);
}
