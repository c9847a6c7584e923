// The shop's season as the booking calendar uses it: which days can be picked, why the
// others cannot ("fuori stagione: apre il 01/12/2026": the opening day written by dayToDisplay like
// every date of the site, spec §9), which month the calendar opens on, and whether dates already
// chosen in this browser can skip the calendar. The yearly window comes from the API's shop
// (`season.from`–`season.to`: its current or next occurrence as real days); the season rules
// themselves are in ./season.ts, which this file only applies.
import type { DateMode } from './dates';
import { DateModes, areDatesValid, normalizeDates } from './dates';
import { ALL_YEAR, firstDayOutOfSeason, isAllYear, isInSeason, isPeriodInSeason, nextOpening, type SeasonDays, type SeasonWindow } from './season';

/**
 * The yearly window of an occurrence: its month-day parts ('2026-12-01'..'2027-04-15' →
 * '12-01'..'04-15'). No season (or a malformed one) means the shop rents all year.
 */
export function seasonWindowOf(season: SeasonDays | null | undefined): SeasonWindow {
  const day = /^\d{4}-(\d{2}-\d{2})$/;
  const from = season ? day.exec(season.from)?.[1] : undefined;
  const to = season ? day.exec(season.to)?.[1] : undefined;
  return from && to ? { from, to } : ALL_YEAR;
}

/** Why a day cannot be picked: gone, or the shop is closed then (and reopens on `opensOn`). */
export type DayBlock = { kind: 'past' } | { kind: 'outOfSeason'; opensOn: string } | null;

export function dayBlock(day: string, today: string, yearly: SeasonWindow): DayBlock {
  if (day < today) return { kind: 'past' };
  if (isAllYear(yearly) || isInSeason(day, yearly)) return null;
  return { kind: 'outOfSeason', opensOn: nextOpening(day, yearly) };
}

/**
 * The opening days to announce under a month's grid: one per stretch of out-of-season days it
 * shows (a month holds two only when the season is shorter than a month), earliest first.
 */
export function openingsShown(days: readonly string[], today: string, yearly: SeasonWindow): string[] {
  const openings = new Set<string>();
  for (const day of days) {
    const block = dayBlock(day, today, yearly);
    if (block?.kind === 'outOfSeason') openings.add(block.opensOn);
  }
  return [...openings].sort();
}

/**
 * Whether the chosen dates can be booked at this shop: valid for their mode, none past, every day
 * in season (a range must not cross a closed stretch). A season booking (mode 20) always can: it
 * holds the current or next occurrence, which is never over.
 */
export function areDatesBookable(mode: DateMode, dates: readonly (string | null | undefined)[], today: string, yearly: SeasonWindow): boolean {
  if (!areDatesValid(mode, dates)) return false;
  if (mode === DateModes.SEASONAL) return true;
  const set = normalizeDates(mode, dates);
  const from = set[0]!;
  const to = set[set.length - 1]!;
  return from >= today && isPeriodInSeason(from, to, yearly);
}

/**
 * The month (YYYY-MM) the calendar opens on: that of the dates already chosen when they can be
 * booked, else that of the first bookable day (today, or the season's next opening).
 */
export function openingMonth(mode: DateMode, dates: readonly string[], today: string, yearly: SeasonWindow): string {
  if (mode !== DateModes.SEASONAL && areDatesBookable(mode, dates, today, yearly)) return normalizeDates(mode, dates)[0]!.slice(0, 7);
  return nextOpening(today, yearly).slice(0, 7);
}

/**
 * Whether the calendar, opened from a static page's "Prenota" for a category, goes straight on to
 * the booking page: the dates chosen earlier in this browser can be booked, and the visitor has not
 * just come back to the calendar from there (Back, or "change dates") to pick others.
 */
export function skipsCalendar(input: {
  category: string | null;
  returning: boolean;
  mode: DateMode;
  dates: readonly string[];
  today: string;
  window: SeasonWindow;
}): boolean {
  if (!input.category || input.returning) return false;
  // A new visitor's stored state (single day, no date) is not valid, so it never skips.
  return areDatesBookable(input.mode, input.dates, input.today, input.window);
}

/**
 * The first day of the chosen dates the shop is closed on, or null (dates not valid yet, a season
 * booking, or all in season): the booking page says so before products are shown for days the API
 * would refuse, e.g. dates chosen earlier at another shop.
 */
export function firstClosedDay(mode: DateMode, dates: readonly (string | null | undefined)[], yearly: SeasonWindow): string | null {
  if (mode === DateModes.SEASONAL || !areDatesValid(mode, dates)) return null;
  const set = normalizeDates(mode, dates);
  return firstDayOutOfSeason(set[0]!, set[set.length - 1]!, yearly);
}
