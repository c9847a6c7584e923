// A shop's season: the days of the year it rents, the same every year, written as a
// month-day window ('12-01'..'04-15' may wrap over New Year). The committed shop data holds the
// window; the API presents its current or next occurrence as real days (`season.from`–`season.to`),
// and every day of a booking must fall inside a window. A shop without a season rents all year:
// its window is ALL_YEAR, and its season price covers the calendar year.
import { addDays, isDay } from './dates';

/** 'MM-DD'. */
export type MonthDay = string;
export interface SeasonWindow {
  from: MonthDay;
  to: MonthDay;
}
/** One occurrence of a window, as days 'YYYY-MM-DD'. */
export interface SeasonDays {
  from: string;
  to: string;
}

export const ALL_YEAR: SeasonWindow = { from: '01-01', to: '12-31' };
const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isMonthDay(value: unknown): value is MonthDay {
  return typeof value === 'string' && MONTH_DAY.test(value) && isDay(`2024-${value}`);
}

export function isAllYear(yearly: SeasonWindow): boolean {
  return yearly.from === ALL_YEAR.from && yearly.to === ALL_YEAR.to;
}

const wraps = (w: SeasonWindow) => w.from > w.to;

/** Whether the day (its month and day, any year) falls inside the window. */
export function isInSeason(day: string, yearly: SeasonWindow): boolean {
  const md = day.slice(5);
  return wraps(yearly) ? md >= yearly.from || md <= yearly.to : md >= yearly.from && md <= yearly.to;
}

// A window may name Feb 29; in a year without it the season opens on Mar 1 and closes on Feb 28,
// the same days isInSeason counts in such a year (month-days compare as text).
const LEAP_DAY = '02-29';
function openingDay(year: number, md: MonthDay): string {
  return md === LEAP_DAY && !isDay(`${year}-${md}`) ? `${year}-03-01` : `${year}-${md}`;
}
function closingDay(year: number, md: MonthDay): string {
  return md === LEAP_DAY && !isDay(`${year}-${md}`) ? `${year}-02-28` : `${year}-${md}`;
}
const yearOf = (day: string) => Number(day.slice(0, 4));

/** The occurrence of the window that holds `day`, or null when the day is out of season. */
export function occurrenceOf(day: string, yearly: SeasonWindow): SeasonDays | null {
  if (!isInSeason(day, yearly)) return null;
  const year = yearOf(day);
  if (!wraps(yearly)) return { from: openingDay(year, yearly.from), to: closingDay(year, yearly.to) };
  const startYear = day.slice(5) >= yearly.from ? year : year - 1;
  return { from: openingDay(startYear, yearly.from), to: closingDay(startYear + 1, yearly.to) };
}

/** The first day on or after `day` that is in season. */
export function nextOpening(day: string, yearly: SeasonWindow): string {
  if (isInSeason(day, yearly)) return day;
  // Out of season the day lies between a closing and the next opening, so the next opening is
  // this year's when it is still ahead, else next year's.
  const thisYear = openingDay(yearOf(day), yearly.from);
  return thisYear > day ? thisYear : openingDay(yearOf(day) + 1, yearly.from);
}

/** The occurrence running on `today`, or else the next one: what the API calls the shop's season. */
export function currentOrNextSeason(yearly: SeasonWindow, today: string): SeasonDays {
  return occurrenceOf(nextOpening(today, yearly), yearly)!;
}

/** The first day of from..to (inclusive) that is out of season, or null. */
export function firstDayOutOfSeason(from: string, to: string, yearly: SeasonWindow): string | null {
  // Occurrence by occurrence: a window covering every day of the year ('12-01'..'11-30', or
  // ALL_YEAR itself) has occurrences that touch, and a stay across their seam is still in season.
  // Each step moves a whole occurrence (up to a year) ahead, so a long stay costs a few steps.
  let day = from;
  while (day <= to) {
    const occurrence = occurrenceOf(day, yearly);
    if (!occurrence) return day;
    if (to <= occurrence.to) return null;
    day = addDays(occurrence.to, 1);
  }
  return null;
}

/** Whether every day from..to (inclusive) is in season. */
export function isPeriodInSeason(from: string, to: string, yearly: SeasonWindow): boolean {
  return firstDayOutOfSeason(from, to, yearly) === null;
}
