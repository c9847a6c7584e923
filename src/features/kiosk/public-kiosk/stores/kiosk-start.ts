// The public kiosk's start screen: the dates a walk-in customer picks with two taps, a first day
// among the next week's and how many days, written to the configuration as the customer's
// calendar would (a single day, or a range). The products below the tiles are then priced and
// counted for them by the booking screen, as on any other browser.
import { addDays, DateModes, normalizeDates, rentDays, todayInRome, type DateMode } from '~/domain/dates';
import { $configuration, setDates } from '~/stores/configuration';

/** First days offered: today and the next six (a walk-in books for now, rarely further). */
export const START_DAY_COUNT = 7;
/** Lengths offered, in days; a longer rental is booked at the desk or online. */
export const MAX_RENTAL_DAYS = 7;

export interface KioskDates {
  /** The first day, 'YYYY-MM-DD', or null while none is chosen. */
  start: string | null;
  /** How many days, or null while no day is chosen. */
  days: number | null;
}

/** The first days the screen offers, today (Europe/Rome) first. */
export function startDays(now: Date = new Date()): string[] {
  const today = todayInRome(now);
  return Array.from({ length: START_DAY_COUNT }, (_, i) => addDays(today, i));
}

/** The lengths the screen offers: 1 … MAX_RENTAL_DAYS. */
export function rentalLengths(): number[] {
  return Array.from({ length: MAX_RENTAL_DAYS }, (_, i) => i + 1);
}

/**
 * What the stored dates are in the screen's terms. A half day (morning, afternoon) counts as its
 * day; a seasonal rental or a range longer than offered shows no length chosen.
 */
export function readKioskDates(mode: DateMode, dates: readonly string[]): KioskDates {
  if (mode === DateModes.SEASONAL) return { start: null, days: null };
  const set = normalizeDates(mode, dates);
  const start = set[0] ?? null;
  if (!start) return { start: null, days: null };
  const days = rentDays(mode, set);
  return { start, days: days >= 1 && days <= MAX_RENTAL_DAYS ? days : null };
}

/** The configuration's dates for a first day and a length: one day is a single date, more a range. */
export function kioskDates(start: string, days: number): { mode: DateMode; dates: string[] } {
  return days <= 1 ? { mode: DateModes.SINGLE, dates: [start] } : { mode: DateModes.RANGE, dates: [start, addDays(start, days - 1)] };
}

/** The customer picked a first day: the length already chosen stays (one day at first). */
export function chooseStart(day: string): void {
  const { multipleDates, dates } = $configuration.get();
  const { days } = readKioskDates(multipleDates, dates);
  const next = kioskDates(day, days ?? 1);
  setDates(next.mode, next.dates);
}

/** The customer picked a length: from the first day already chosen, else from today. */
export function chooseLength(days: number, now: Date = new Date()): void {
  const { multipleDates, dates } = $configuration.get();
  const { start } = readKioskDates(multipleDates, dates);
  const next = kioskDates(start ?? todayInRome(now), days);
  setDates(next.mode, next.dates);
}
