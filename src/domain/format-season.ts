// A shop's season in words: "1 dicembre – 15 aprile", "1 December – 15 April",
// "1 décembre – 15 avril". The one place that turns a month-day window into text, with Intl, so
// the cards, the shop page and any island say it the same way.
import { ALL_YEAR, isAllYear, isMonthDay, type MonthDay, type SeasonWindow } from './season';

/** Between the two ends of a range, as the pages write date ranges. */
export const RANGE_SEPARATOR = ' – ';

const formatters = new Map<string, Intl.DateTimeFormat>();
function dayMonthFormat(locale: string): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    // UTC on both sides: a month-day is no instant, the device's zone must not move it.
    formatter = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** 'MM-DD' in words: formatMonthDay('12-01', 'it-IT') → "1 dicembre". */
export function formatMonthDay(monthDay: MonthDay, locale = 'it-IT'): string {
  if (!isMonthDay(monthDay)) throw new Error(`Invalid month-day "${monthDay}"`);
  // A leap year, so that 02-29 formats too.
  const [month, day] = monthDay.split('-').map(Number) as [number, number];
  return dayMonthFormat(locale).format(new Date(Date.UTC(2024, month - 1, day)));
}

/** A season window in words, or null for a shop open all year (the caller says "all year"). */
export function formatSeasonWindow(yearly: SeasonWindow | undefined, locale = 'it-IT'): string | null {
  const season = yearly ?? ALL_YEAR;
  if (isAllYear(season)) return null;
  return `${formatMonthDay(season.from, locale)}${RANGE_SEPARATOR}${formatMonthDay(season.to, locale)}`;
}
