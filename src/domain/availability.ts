// Availability of a product for a booking period (spec §4 date modes; availability rules).
// Time is cut in half-day slots: a morning and an afternoon booking of the same day share no slot,
// a full-day or range booking takes both halves of each of its days, a season booking takes the
// whole season. Units in use = the peak number of bookings holding the same slot within the asked
// period, so two bookings on different days of a range can reuse the same unit.
import type { DateMode } from './dates';
import { addDays, DateModes, daysBetween, normalizeDates } from './dates';
import type { DayAvailability } from '../api/contract/availability';

export type Half = 'morning' | 'afternoon';

export interface BookingPeriod {
  from: string;
  to: string;
  /** Set for a half-day booking (from === to). */
  half?: Half | null;
}

export interface Season {
  from: string;
  to: string;
}

/**
 * The half-day slot a date mode holds on its day: the morning or afternoon mode one half, every
 * other mode the whole day. Takes the mode as stored (a number): the API reads its orders with it.
 */
export function halfDayOf(mode: number): Half | null {
  if (mode === DateModes.MORNING) return 'morning';
  if (mode === DateModes.AFTERNOON) return 'afternoon';
  return null;
}

/** The period a booking with this date mode holds; null when the dates are not complete. */
export function bookingPeriod(
  mode: DateMode,
  dates: readonly (string | null | undefined)[],
  season?: Season | null,
): BookingPeriod | null {
  if (mode === DateModes.SEASONAL) return season ? { from: season.from, to: season.to, half: null } : null;
  const days = normalizeDates(mode, dates);
  if (days.length === 0) return null;
  if (mode === DateModes.RANGE) return days.length === 2 ? { from: days[0]!, to: days[1]!, half: null } : null;
  const day = days[0]!;
  return { from: day, to: day, half: halfDayOf(mode) };
}

function firstSlot(p: BookingPeriod, origin: string): number {
  return 2 * daysBetween(origin, p.from) + (p.half === 'afternoon' ? 1 : 0);
}

function lastSlot(p: BookingPeriod, origin: string): number {
  return 2 * daysBetween(origin, p.to) + (p.half === 'morning' ? 0 : 1);
}

export function periodsOverlap(a: BookingPeriod, b: BookingPeriod): boolean {
  const origin = a.from < b.from ? a.from : b.from;
  return firstSlot(a, origin) <= lastSlot(b, origin) && firstSlot(b, origin) <= lastSlot(a, origin);
}

/** The largest number of `bookings` that hold one same half-day slot within `period`. */
export function peakUsage(bookings: readonly BookingPeriod[], period: BookingPeriod): number {
  const origin = period.from;
  const start = firstSlot(period, origin);
  const end = lastSlot(period, origin);
  const events: [number, number][] = [];
  for (const b of bookings) {
    // Days compare as text (YYYY-MM-DD): a booking wholly before or after the period is passed over
    // without working out its slots, which an order's stock check does for every booking of its
    // product (the product's whole booked future).
    if (b.to < period.from || b.from > period.to) continue;
    const s = Math.max(firstSlot(b, origin), start);
    const e = Math.min(lastSlot(b, origin), end);
    if (s <= e) events.push([s, 1], [e + 1, -1]);
  }
  // Ends sort before starts at the same slot: a booking ending in slot k-1 frees its unit for k.
  events.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let current = 0;
  let peak = 0;
  for (const [, delta] of events) {
    current += delta;
    if (current > peak) peak = current;
  }
  return peak;
}

/** Units of a product still free for the whole `period`, never below 0. */
export function availableUnits(stock: number, bookings: readonly BookingPeriod[], period: BookingPeriod): number {
  return Math.max(0, stock - peakUsage(bookings, period));
}

/**
 * Units free in each half of every day from `from` to `to` (the calendar): `availableUnits` asked
 * for each half-day. The held periods are cut down to those touching the span once, so a month
 * costs one pass over the product's bookings.
 */
export function halfDayAvailability(stock: number, held: readonly BookingPeriod[], from: string, to: string): DayAvailability[] {
  const span: BookingPeriod = { from, to, half: null };
  const touching = held.filter((p) => periodsOverlap(p, span));
  const days: DayAvailability[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    days.push({
      date,
      morning: availableUnits(stock, touching, { from: date, to: date, half: 'morning' }),
      afternoon: availableUnits(stock, touching, { from: date, to: date, half: 'afternoon' }),
    });
  }
  return days;
}
