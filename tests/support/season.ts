// Days the tests may book at a shop whatever today is (a seasonal shop refuses days
// outside its season). The windows are the committed ones the seed stores (seo-data/shops.json)
// and the rule is src/domain/season.ts, so a test picks exactly the days the API accepts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ShopsFileSchema } from '~seo-data/schema';
import { addDays, todayInRome } from '~/domain/dates';
import { ALL_YEAR, firstDayOutOfSeason, nextOpening, type SeasonWindow } from '~/domain/season';

const shops = ShopsFileSchema.parse(
  JSON.parse(readFileSync(fileURLToPath(new URL('../../seo-data/shops.json', import.meta.url)), 'utf8')),
);

/**
 * How many days after the first bookable day a test may book and stay in season: the shortest
 * committed season runs about four months, and the tests book at most 96 days after that day.
 */
export const SEASON_SPAN_DAYS = 100;

/** The season window of a seeded shop, by id or slug (absent in the data: all year). */
export function shopWindow(shop: number | string): SeasonWindow {
  const found = shops.find((s) => s.id === shop || s.slug === shop);
  if (!found) throw new Error(`no seeded shop ${shop}`);
  return found.season ?? ALL_YEAR;
}

/**
 * The first day from `today` on which every one of the shops is open for SEASON_SPAN_DAYS days in
 * a row: today itself at all-year shops or deep enough in their seasons, else a later opening.
 */
export function firstBookableDay(shops: number | string | (number | string)[], today = todayInRome()): string {
  const windows = (Array.isArray(shops) ? shops : [shops]).map(shopWindow);
  let start = today;
  // Each pass moves past a closed day of some shop; the committed winter windows overlap by
  // months, so this settles in a few passes (the bound only stops a pair that never overlaps).
  for (let pass = 0; pass < 10; pass++) {
    const closed = windows
      .map((w) => firstDayOutOfSeason(start, addDays(start, SEASON_SPAN_DAYS), w))
      .filter((d): d is string => d !== null)
      .sort()[0];
    if (!closed) return start;
    start = windows.map((w) => nextOpening(closed, w)).sort().at(-1)!;
  }
  throw new Error(`no ${SEASON_SPAN_DAYS} days in a row when all of ${String(shops)} are open`);
}

/** The day `n` days after the shops' first bookable day: in season at each for 0 ≤ n ≤ SEASON_SPAN_DAYS. */
export function inSeasonDay(shops: number | string | (number | string)[], n: number, today = todayInRome()): string {
  return addDays(firstBookableDay(shops, today), n);
}

/** Months from today's month to the month of `day`: how far ahead of today's month a calendar shows it. */
export function monthsFromToday(day: string, today = todayInRome()): number {
  const [fromYear, fromMonth] = today.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = day.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth);
}
