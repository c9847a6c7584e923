// A shop's season (issue #16): the days of the year it rents, the same every year, written as a
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

export function isAllYear(window: SeasonWindow): boolean {
  return window.from === ALL_YEAR.from && window.to === ALL_YEAR.to;
}

const wraps = (w: SeasonWindow) => w.from > w.to;

/** Whether the day (its month and day, any year) falls inside the window. */
export function isInSeason(day: string, window: SeasonWindow): boolean {
  const md = day.slice(5);
  return wraps(window) ? md >= window.from || md <= window.to : md >= window.from && md <= window.to;
}

/** The occurrence of the window that holds `day`, or null when the day is out of season. */
export function occurrenceOf(day: string, window: SeasonWindow): SeasonDays | null {
  if (!isInSeason(day, window)) return null;
  const year = Number(day.slice(0, 4));
  if (!wraps(window)) return { from: `${year}-${window.from}`, to: `${year}-${window.to}` };
  const startYear = day.slice(5) >= window.from ? year : year - 1;
  return { from: `${startYear}-${window.from}`, to: `${startYear + 1}-${window.to}` };
}

/** The first day on or after `day` that is in season. */
export function nextOpening(day: string, window: SeasonWindow): string {
  if (isInSeason(day, window)) return day;
  const year = Number(day.slice(0, 4));
  const thisYear = `${year}-${window.from}`;
  // Feb 29 opening in a year without it: the day after Feb 28.
  const real = (d: string) => (isDay(d) ? d : addDays(`${d.slice(0, 4)}-02-28`, 1));
  return thisYear > day ? real(thisYear) : real(`${year + 1}-${window.from}`);
}

/** The occurrence running on `today`, or else the next one: what the API calls the shop's season. */
export function currentOrNextSeason(window: SeasonWindow, today: string): SeasonDays {
  return occurrenceOf(nextOpening(today, window), window)!;
}

/** Whether every day from..to (inclusive) is in season: the stay lies inside one occurrence. */
export function isPeriodInSeason(from: string, to: string, window: SeasonWindow): boolean {
  if (isAllYear(window)) return true;
  const occurrence = occurrenceOf(from, window);
  return occurrence !== null && to <= occurrence.to;
}

/** The first day of from..to that is out of season, or null. */
export function firstDayOutOfSeason(from: string, to: string, window: SeasonWindow): string | null {
  if (isPeriodInSeason(from, to, window)) return null;
  if (!isInSeason(from, window)) return from;
  return addDays(occurrenceOf(from, window)!.to, 1);
}
