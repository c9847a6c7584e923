// The "from" price a page shows for a product or a shop, with the condition it needs: the lowest
// day rate is usually the one of a week or more, so "da 26,50 € al giorno" alone promised a price
// a one-day renter never pays. One rule for every card, page and structured datum that shows it.
import type { DaySpan, PriceSummary } from './price-summary';

export interface FromPrice {
  /** The lowest day rate. */
  perDay: number;
  /** The rental lengths it applies to. */
  days: DaySpan;
  /** The one-day rate, when it differs from the "from" rate (null: the same, or none). */
  oneDay: number | null;
}

/**
 * The "from" price of one product or of several (a shop's card): the lowest day rate, and of the
 * products at that rate the one asking the fewest days, with its one-day rate. Null without any.
 */
export function fromPrice(summaries: readonly (PriceSummary | null)[]): FromPrice | null {
  const known = summaries.filter((s): s is PriceSummary => s !== null);
  if (known.length === 0) return null;
  const lowest = Math.min(...known.map((s) => s.dayFrom));
  const best = known.filter((s) => s.dayFrom === lowest).sort((a, b) => a.dayFromDays.from - b.dayFromDays.from)[0]!;
  const coversOneDay = best.dayFromDays.from <= 1;
  return {
    perDay: best.dayFrom,
    days: best.dayFromDays,
    oneDay: coversOneDay || best.oneDay === null || best.oneDay === best.dayFrom ? null : best.oneDay,
  };
}

/** A message of the `offers` section of i18n (build-time pages only) with its values. */
export interface OffersMessage {
  message: 'fromPerDay' | 'fromPerDayForDays' | 'fromPerDayForDayRange' | 'oneDay';
  params: Record<string, string | number>;
}

export interface FromPriceText {
  /** "da 26,50 € al giorno per 7 giorni o più" (or without the condition when a single day gets it). */
  perDay: OffersMessage;
  /** "1 giorno 38,00 €", when a single day costs more. */
  oneDay: OffersMessage | null;
}

/**
 * What to say of a "from" price (messages of the `offers` section of i18n), amounts formatted by `money` in the
 * page's language: the rate alone when any rental gets it, else with the lengths it needs and the
 * one-day rate.
 */
export function fromPriceText(from: FromPrice, money: (amount: number) => string): FromPriceText {
  const amount = money(from.perDay);
  const { from: minDays, to: maxDays } = from.days;
  const perDay: OffersMessage =
    minDays <= 1
      ? { message: 'fromPerDay', params: { amount } }
      : maxDays === null
        ? { message: 'fromPerDayForDays', params: { amount, days: minDays } }
        : { message: 'fromPerDayForDayRange', params: { amount, from: minDays, to: maxDays } };
  return { perDay, oneDay: from.oneDay === null ? null : { message: 'oneDay', params: { amount: money(from.oneDay) } } };
}
