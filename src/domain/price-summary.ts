// What a static page says a product costs: its lowest day price ("da 19,00 € al
// giorno"), its half-day and season prices when it has them. Computed from a product's prices in
// the API's shape, so the build (from the committed catalogue or an outside API) and the test that
// compares the pages with the API's answer summarise with the same rule.
import type { Price } from '../api/contract/catalogue';
import { DateModes, type DateMode } from './dates';
import { selectPrice } from './pricing';

type SummaryPrice = Pick<Price, 'amount' | 'main_price' | 'season' | 'morning' | 'afternoon'> &
  Partial<Pick<Price, 'id' | 'rent_days_from' | 'rent_days_to'>>;

/** The rental lengths a day tier applies to: `to` null is open ("7 days or more"). */
export interface DaySpan {
  from: number;
  to: number | null;
}

export interface PriceSummary {
  /** Lowest per-day rate over the day tiers (the longest rentals usually): "from … a day". */
  dayFrom: number;
  /** The rental lengths that rate needs (e.g. 7 days or more): a "from" price states them. */
  dayFromDays: DaySpan;
  /** The rate of a one-day rental, null when no tier covers a single day. */
  oneDay: number | null;
  /** Highest per-day rate over the day tiers (a single day usually). */
  dayUpTo: number;
  morning: number | null;
  afternoon: number | null;
  season: number | null;
}

const isDayTier = (p: SummaryPrice) => p.main_price && !p.season && !p.morning && !p.afternoon;

/**
 * The summary of a product's prices (main prices only: add-on prices are linked to them), or null
 * when it has no day price at all (nothing to say "from" about). Half-day and season prices are
 * the ones the booking would charge (domain `selectPrice`), so a page never shows another one.
 */
export function summarisePrices(prices: readonly SummaryPrice[]): PriceSummary | null {
  const tiers = prices.filter(isDayTier);
  if (tiers.length === 0) return null;
  const days = tiers.map((p) => p.amount);
  const full = prices.map((p) => ({ id: 0, rent_days_from: null, rent_days_to: null, ...p }));
  const amount = (mode: DateMode) => selectPrice(full, mode, 1)?.amount ?? null;
  const spanOf = (p: SummaryPrice): DaySpan => ({ from: Math.max(1, p.rent_days_from ?? 1), to: p.rent_days_to || null });
  // Of the tiers at the lowest rate, the one asking the fewest days.
  const cheapest = tiers
    .filter((p) => p.amount === Math.min(...days))
    .map(spanOf)
    .sort((a, b) => a.from - b.from)[0]!;
  return {
    dayFrom: Math.min(...days),
    dayFromDays: cheapest,
    oneDay: amount(DateModes.SINGLE),
    dayUpTo: Math.max(...days),
    morning: amount(DateModes.MORNING),
    afternoon: amount(DateModes.AFTERNOON),
    season: amount(DateModes.SEASONAL),
  };
}

export interface DayPriceRange {
  low: number;
  high: number;
}

/** The span of day prices over several products (a shop's "priceRange"), or null without any. */
export function dayPriceRange(summaries: readonly (PriceSummary | null)[]): DayPriceRange | null {
  const known = summaries.filter((s): s is PriceSummary => s !== null);
  if (known.length === 0) return null;
  return { low: Math.min(...known.map((s) => s.dayFrom)), high: Math.max(...known.map((s) => s.dayUpTo)) };
}
