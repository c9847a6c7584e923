import { describe, expect, it } from 'vitest';
import { availableUnits, bookingPeriod, halfDayAvailability, halfDayOf, peakUsage, periodsOverlap, type BookingPeriod } from './availability';
import { DateModes } from './dates';

const day = (d: string, half: BookingPeriod['half'] = null): BookingPeriod => ({ from: d, to: d, half });
const range = (from: string, to: string): BookingPeriod => ({ from, to, half: null });
const season = { from: '2026-12-01', to: '2027-04-15' };

describe('bookingPeriod: the period each date mode holds', () => {
  it.each([
    [DateModes.MORNING, ['2026-12-24'], day('2026-12-24', 'morning')],
    [DateModes.AFTERNOON, ['2026-12-24'], day('2026-12-24', 'afternoon')],
    [DateModes.SINGLE, ['2026-12-24'], day('2026-12-24')],
    [DateModes.RANGE, ['2026-12-28', '2026-12-24'], range('2026-12-24', '2026-12-28')],
    [DateModes.RANGE, ['2026-12-24'], null],
    [DateModes.SINGLE, [], null],
    [DateModes.SEASONAL, [], { ...season, half: null }],
  ] as const)('mode %s with %j', (mode, dates, expected) => {
    expect(bookingPeriod(mode, dates, season)).toEqual(expected);
  });

  it('a season booking needs the shop season', () => {
    expect(bookingPeriod(DateModes.SEASONAL, [], null)).toBeNull();
  });
});

describe('halfDayOf: the half-day slot of a date mode', () => {
  it('holds one half in the morning and afternoon modes, the whole day otherwise', () => {
    expect(Object.values(DateModes).map((mode) => [mode, halfDayOf(mode)])).toEqual([
      [DateModes.MORNING, 'morning'],
      [DateModes.AFTERNOON, 'afternoon'],
      [DateModes.SINGLE, null],
      [DateModes.RANGE, null],
      [DateModes.SEASONAL, null],
    ]);
  });

  it('agrees with the period a booking holds', () => {
    for (const mode of [DateModes.MORNING, DateModes.AFTERNOON, DateModes.SINGLE]) {
      expect(bookingPeriod(mode, ['2026-12-24'])!.half).toBe(halfDayOf(mode));
    }
  });
});

describe('periodsOverlap', () => {
  it.each([
    ['morning vs afternoon of the same day', day('2026-12-24', 'morning'), day('2026-12-24', 'afternoon'), false],
    ['morning vs morning', day('2026-12-24', 'morning'), day('2026-12-24', 'morning'), true],
    ['full day vs afternoon', day('2026-12-24'), day('2026-12-24', 'afternoon'), true],
    ['range vs a morning inside it', range('2026-12-23', '2026-12-26'), day('2026-12-24', 'morning'), true],
    ['touching ranges share the day', range('2026-12-20', '2026-12-24'), range('2026-12-24', '2026-12-27'), true],
    ['consecutive ranges', range('2026-12-20', '2026-12-23'), range('2026-12-24', '2026-12-27'), false],
    ['season vs a day in it', { ...season, half: null }, day('2027-02-10'), true],
    ['season vs a day after it', { ...season, half: null }, day('2027-05-10'), false],
  ])('%s', (_label, a, b, expected) => {
    expect(periodsOverlap(a, b)).toBe(expected);
    expect(periodsOverlap(b, a)).toBe(expected);
  });
});

describe('peakUsage and availableUnits', () => {
  it('counts the peak, not every overlapping booking: two bookings on different days reuse a unit', () => {
    const bookings = [day('2026-12-24'), day('2026-12-26')];
    expect(peakUsage(bookings, range('2026-12-24', '2026-12-26'))).toBe(1);
    expect(availableUnits(2, bookings, range('2026-12-24', '2026-12-26'))).toBe(1);
  });

  it('a morning and an afternoon booking of one day use one unit between them', () => {
    const bookings = [day('2026-12-24', 'morning'), day('2026-12-24', 'afternoon')];
    expect(availableUnits(1, bookings, day('2026-12-24'))).toBe(0);
    expect(availableUnits(1, [bookings[0]!], day('2026-12-24', 'afternoon'))).toBe(1);
    expect(peakUsage(bookings, day('2026-12-24'))).toBe(1);
  });

  it('overlapping bookings add up', () => {
    const bookings = [range('2026-12-20', '2026-12-25'), range('2026-12-24', '2026-12-30'), day('2026-12-24', 'morning')];
    expect(peakUsage(bookings, range('2026-12-01', '2026-12-31'))).toBe(3);
    expect(availableUnits(3, bookings, day('2026-12-24', 'afternoon'))).toBe(1);
    expect(availableUnits(2, bookings, range('2026-12-01', '2026-12-31'))).toBe(0);
  });

  it('ignores bookings outside the period and never goes below 0', () => {
    expect(availableUnits(3, [range('2026-11-01', '2026-11-05')], day('2026-12-24'))).toBe(3);
    expect(availableUnits(0, [], day('2026-12-24'))).toBe(0);
  });

  it('a season booking takes a unit for every day of the season', () => {
    const held = [{ ...season, half: null }];
    expect(availableUnits(1, held, day('2027-01-15', 'morning'))).toBe(0);
    expect(availableUnits(1, held, day('2027-06-15'))).toBe(1);
  });

  it('is right across the DST change', () => {
    const bookings = [range('2027-03-27', '2027-03-28')];
    expect(availableUnits(1, bookings, day('2027-03-29'))).toBe(1);
    expect(availableUnits(1, bookings, day('2027-03-28', 'afternoon'))).toBe(0);
  });
});

describe('halfDayAvailability', () => {
  it('counts each half of each day, with the bookings that touch it only', () => {
    const held = [
      { from: '2027-01-10', to: '2027-01-10', half: 'morning' as const },
      { from: '2027-01-11', to: '2027-01-12', half: null },
      { from: '2027-03-01', to: '2027-03-05', half: null }, // outside the span
    ];
    expect(halfDayAvailability(2, held, '2027-01-10', '2027-01-12')).toEqual([
      { date: '2027-01-10', morning: 1, afternoon: 2 },
      { date: '2027-01-11', morning: 1, afternoon: 1 },
      { date: '2027-01-12', morning: 1, afternoon: 1 },
    ]);
    expect(halfDayAvailability(1, [...held, held[1]!], '2027-01-11', '2027-01-11')).toEqual([{ date: '2027-01-11', morning: 0, afternoon: 0 }]);
  });
});
