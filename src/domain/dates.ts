// Booking dates are calendar days in Europe/Rome kept as 'YYYY-MM-DD' strings, so day arithmetic
// never passes through a local-time Date and cannot shift with the browser's time zone or DST.
import { TZDate } from '@date-fns/tz';
import type { I18nMessage } from './messages';

/** The shop's time zone (spec §9): every booking day and time is read in it. */
export const TIMEZONE = 'Europe/Rome';

/** The spec's date modes (`multipleDates`, §3): the numbers the API and the stored state carry. */
export const DateModes = { MORNING: 0, AFTERNOON: 1, SINGLE: 2, RANGE: 3, SEASONAL: 20 } as const;
/** One of them; the contract's DateModeSchema checks exactly these on the wire. */
export type DateMode = (typeof DateModes)[keyof typeof DateModes];

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
const ROME_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

function isSingleDateMode(mode: DateMode): boolean {
  return mode === DateModes.MORNING || mode === DateModes.AFTERNOON || mode === DateModes.SINGLE;
}

// Date.UTC and the Date constructor read years 0–99 as 1900–1999; setUTCFullYear takes them as
// written, so every 'YYYY-MM-DD' that isDay accepts is also one the arithmetic below can handle.
function utcMidnight(y: number, m: number, d: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date;
}

/** A real calendar day written 'YYYY-MM-DD' (rejects 2026-02-30). */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY_PATTERN.exec(value);
  if (!m) return false;
  const utc = utcMidnight(+m[1], +m[2], +m[3]);
  return utc.getUTCFullYear() === +m[1] && utc.getUTCMonth() === +m[2] - 1 && utc.getUTCDate() === +m[3];
}

function assertDay(day: string): void {
  if (!isDay(day)) throw new Error(`Invalid day "${day}": expected YYYY-MM-DD`);
}

// UTC midnight of the day: UTC has no DST, so differences are whole multiples of a day.
function dayToUtcMs(day: string): number {
  assertDay(day);
  const [y, m, d] = day.split('-').map(Number);
  return utcMidnight(y, m, d).getTime();
}

function utcMsToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return utcMsToDay(dayToUtcMs(day) + n * MS_PER_DAY);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayToUtcMs(to) - dayToUtcMs(from)) / MS_PER_DAY);
}

const MS_PER_MINUTE = 60_000;
/**
 * The last instant's minute and its Rome day. Rome's day starts on a whole minute in every season
 * (its offsets are whole hours), so two instants in the same minute share their day; the server
 * asks for today several times per order, and Intl's formatToParts is the costly part.
 */
let romeDayMemo = { minute: Number.NaN, day: '' };

/** The Europe/Rome calendar day of an instant. */
export function toRomeDay(date: Date): string {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return 'NaN-NaN-NaN';
  const minute = Math.floor(ms / MS_PER_MINUTE);
  if (minute === romeDayMemo.minute) return romeDayMemo.day;
  // Intl rather than a time-zone Date subclass: the same answer, and it also holds under a test's
  // fake clock, whose Date a subclass cannot extend.
  const parts = Object.fromEntries(ROME_DAY.formatToParts(date).map((p) => [p.type, p.value]));
  const day = `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`;
  romeDayMemo = { minute, day };
  return day;
}

/**
 * An instant from an API date-time. One with a zone (Z, +01:00) is exact; one without
 * ('2026-12-24 09:00:00', as the booking API writes them) is Rome wall-clock time, never device
 * time. Invalid input gives an Invalid Date.
 */
export function parseRomeDateTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/.exec(value.trim());
  if (!m) return new Date(value);
  const [, y, mo, d, h = '0', mi = '0', sec = '0', ms = '0'] = m;
  const rome = new TZDate(+y, +mo - 1, +d, +h, +mi, +sec, +ms.padEnd(3, '0'), TIMEZONE);
  return new Date(rome.getTime());
}

/** An instant from an API date-time or a Date (parseRomeDateTime); throws rather than print NaN. */
function instantOf(value: string | Date): Date {
  const at = parseRomeDateTime(value);
  if (Number.isNaN(at.getTime())) throw new Error(`Invalid date-time "${String(value)}"`);
  return at;
}

const ROME_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: TIMEZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * "09:05": the Rome wall-clock time of an instant (spec §9), whatever the device's zone. The one
 * writer of a time of day: the date-times below, the kiosk board and queue, the pickup's clock.
 */
export function romeTime(value: string | Date): string {
  const parts = Object.fromEntries(ROME_TIME.formatToParts(instantOf(value)).map((p) => [p.type, p.value]));
  return `${parts.hour}:${parts.minute}`;
}

/** The words spec §9 writes instead of the date for today and tomorrow, in the page's language. */
export interface RelativeDayLabels {
  today: string;
  tomorrow: string;
}

/**
 * The label of a day (spec §9): `labels.today`, `labels.tomorrow` or DD/MM/YYYY. A bare
 * 'YYYY-MM-DD' is that day; anything else is an instant (parseRomeDateTime) and counts on the Rome
 * calendar, as does `now`: an order at 00:30 Rome on 25/12 is "today" on the 25th even where the
 * device still says the 24th. The one rule both the customer screens and the kiosk use.
 */
export function dayLabel(value: string | Date, labels: RelativeDayLabels, now: Date = new Date()): string {
  const day = typeof value === 'string' && DAY_PATTERN.test(value) ? value : toRomeDay(instantOf(value));
  const today = toRomeDay(now);
  if (day === today) return labels.today;
  if (day === addDays(today, 1)) return labels.tomorrow;
  return dayToDisplay(day);
}

/**
 * What separates the day from the time, by screen. Spec §9 says only "date-time likewise": the
 * customer screens write "Oggi, 14:30" (a sentence-like field on the order page), the kiosk's
 * tables "Oggi 14:30" (a narrow column). The one place the two styles differ.
 */
const DATE_TIME_SEPARATORS = { customer: ', ', kiosk: ' ' } as const;
export type DateTimeStyle = keyof typeof DATE_TIME_SEPARATORS;

/** dayLabel and romeTime of an instant in the screen's style: "Oggi, 14:30" or "Oggi 14:30". */
export function dateTimeLabel(value: string | Date, labels: RelativeDayLabels, style: DateTimeStyle, now: Date = new Date()): string {
  return `${dayLabel(value, labels, now)}${DATE_TIME_SEPARATORS[style]}${romeTime(value)}`;
}

export function todayInRome(now: Date = new Date()): string {
  return toRomeDay(now);
}

export function isPastDay(day: string, now: Date = new Date()): boolean {
  return day < todayInRome(now);
}

/**
 * Drops empty entries, keeps one date in single-date modes, orders a range earlier first.
 * Seasonal mode keeps whatever dates it has (normally none).
 */
export function normalizeDates(mode: DateMode, dates: readonly (string | null | undefined)[]): string[] {
  const set = dates.filter((d): d is string => typeof d === 'string' && d.trim() !== '');
  if (isSingleDateMode(mode)) return set.slice(0, 1);
  if (mode === DateModes.RANGE) {
    const range = set.slice(0, 2);
    return range.length === 2 && range[1] < range[0] ? [range[1], range[0]] : range;
  }
  return set;
}

export function areDatesValid(mode: DateMode, dates: readonly (string | null | undefined)[]): boolean {
  if (mode === DateModes.SEASONAL) return true;
  const set = normalizeDates(mode, dates);
  if (mode === DateModes.RANGE) return set.length === 2;
  return set.length > 0;
}

/** Rental day count: 1 for a single date, difference plus 1 for a range, 0 when unset. */
export function rentDays(mode: DateMode, dates: readonly (string | null | undefined)[]): number {
  const set = normalizeDates(mode, dates);
  if (mode === DateModes.RANGE) return set.length === 2 ? daysBetween(set[0], set[1]) + 1 : 0;
  return set.length > 0 ? 1 : 0;
}

/** 'YYYY-MM-DD' to 'DD/MM/YYYY' by rearranging the string, so no time zone is involved. */
export function dayToDisplay(day: string): string {
  assertDay(day);
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Text of the dates chip as an i18n key under `dates.*` (range pluralises on count). `show` writes
 * each day: DD/MM/YYYY by default; the screens pass displayDate with their labels, so the chip
 * reads "Oggi"/"Domani" (spec §9).
 */
export function datesChipText(
  mode: DateMode,
  dates: readonly (string | null | undefined)[],
  show: (day: string) => string = dayToDisplay,
): I18nMessage {
  if (mode === DateModes.SEASONAL) return { key: 'dates.seasonal' };
  if (!areDatesValid(mode, dates)) return { key: 'dates.choose' };
  const set = normalizeDates(mode, dates);
  if (mode === DateModes.RANGE) {
    return {
      key: 'dates.range',
      params: { from: show(set[0]), to: show(set[1]), count: rentDays(mode, set) },
    };
  }
  const date = show(set[0]);
  if (mode === DateModes.MORNING) return { key: 'dates.singleMorning', params: { date } };
  if (mode === DateModes.AFTERNOON) return { key: 'dates.singleAfternoon', params: { date } };
  return { key: 'dates.single', params: { date } };
}
