import { describe, expect, it } from 'vitest';
import {
  ALL_YEAR,
  currentOrNextSeason,
  firstDayOutOfSeason,
  isAllYear,
  isInSeason,
  isMonthDay,
  isPeriodInSeason,
  nextOpening,
  occurrenceOf,
} from './season';

// The committed shops' two kinds of window (seo-data/shops.json): a winter one over New Year, a summer one.
const winter = { from: '12-01', to: '04-15' };
const summer = { from: '03-01', to: '11-30' };

describe('month-day windows', () => {
  it('accepts real month-days only, Feb 29 included', () => {
    expect(['01-01', '12-31', '02-29', '04-15'].every(isMonthDay)).toBe(true);
    expect(['02-30', '13-01', '00-10', '1-01', '2026-01-01', 12, null].some(isMonthDay)).toBe(false);
  });

  it('knows the all-year window', () => {
    expect(isAllYear(ALL_YEAR)).toBe(true);
    expect(isAllYear(winter)).toBe(false);
  });

  it('a window over New Year holds its two ends and the days across the new year', () => {
    for (const day of ['2026-12-01', '2026-12-31', '2027-01-01', '2027-04-15']) expect(isInSeason(day, winter)).toBe(true);
    for (const day of ['2026-11-30', '2027-04-16', '2027-07-01']) expect(isInSeason(day, winter)).toBe(false);
  });

  it('a window inside one year holds its ends and nothing around them', () => {
    for (const day of ['2026-03-01', '2026-07-15', '2026-11-30']) expect(isInSeason(day, summer)).toBe(true);
    for (const day of ['2026-02-28', '2026-12-01', '2027-01-15']) expect(isInSeason(day, summer)).toBe(false);
  });
});

describe('occurrences', () => {
  it('of a wrapping window start in the year before when the day is after New Year', () => {
    expect(occurrenceOf('2026-12-24', winter)).toEqual({ from: '2026-12-01', to: '2027-04-15' });
    expect(occurrenceOf('2027-02-10', winter)).toEqual({ from: '2026-12-01', to: '2027-04-15' });
    expect(occurrenceOf('2027-06-10', winter)).toBeNull();
  });

  it('all year: the calendar year of the day', () => {
    expect(occurrenceOf('2026-11-23', ALL_YEAR)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('a window naming Feb 29 closes on Feb 28 and opens on Mar 1 in a year without it', () => {
    expect(occurrenceOf('2027-01-10', { from: '01-01', to: '02-29' })).toEqual({ from: '2027-01-01', to: '2027-02-28' });
    expect(occurrenceOf('2028-01-10', { from: '01-01', to: '02-29' })).toEqual({ from: '2028-01-01', to: '2028-02-29' });
    expect(occurrenceOf('2027-05-10', { from: '02-29', to: '06-30' })).toEqual({ from: '2027-03-01', to: '2027-06-30' });
    expect(occurrenceOf('2027-01-10', { from: '11-01', to: '02-29' })).toEqual({ from: '2026-11-01', to: '2027-02-28' });
    expect(occurrenceOf('2028-02-29', { from: '11-01', to: '02-29' })).toEqual({ from: '2027-11-01', to: '2028-02-29' });
  });
});

describe('nextOpening', () => {
  it('is the day itself in season', () => {
    expect(nextOpening('2027-01-05', winter)).toBe('2027-01-05');
  });

  it('is this year\u2019s opening before it, next year\u2019s after the closing', () => {
    expect(nextOpening('2026-11-23', winter)).toBe('2026-12-01');
    expect(nextOpening('2027-04-16', winter)).toBe('2027-12-01');
    expect(nextOpening('2026-01-15', summer)).toBe('2026-03-01');
    expect(nextOpening('2026-12-01', summer)).toBe('2027-03-01');
  });

  it('a Feb 29 opening is Mar 1 in a year without it, Feb 29 in a leap year', () => {
    const window = { from: '02-29', to: '06-30' };
    expect(nextOpening('2027-01-10', window)).toBe('2027-03-01');
    expect(nextOpening('2027-02-28', window)).toBe('2027-03-01');
    expect(nextOpening('2027-07-01', window)).toBe('2028-02-29');
    expect(nextOpening('2028-02-28', window)).toBe('2028-02-29');
  });
});

describe('currentOrNextSeason', () => {
  it('is the running occurrence on a day inside', () => {
    expect(currentOrNextSeason(winter, '2026-12-01')).toEqual({ from: '2026-12-01', to: '2027-04-15' });
    expect(currentOrNextSeason(winter, '2027-04-15')).toEqual({ from: '2026-12-01', to: '2027-04-15' });
    expect(currentOrNextSeason(summer, '2026-07-01')).toEqual({ from: '2026-03-01', to: '2026-11-30' });
  });

  it('is the next occurrence on a day outside', () => {
    expect(currentOrNextSeason(winter, '2026-11-23')).toEqual({ from: '2026-12-01', to: '2027-04-15' });
    expect(currentOrNextSeason(winter, '2027-04-16')).toEqual({ from: '2027-12-01', to: '2028-04-15' });
    expect(currentOrNextSeason(summer, '2026-12-15')).toEqual({ from: '2027-03-01', to: '2027-11-30' });
  });

  it('all year: this calendar year, on any day', () => {
    expect(currentOrNextSeason(ALL_YEAR, '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(currentOrNextSeason(ALL_YEAR, '2028-02-29')).toEqual({ from: '2028-01-01', to: '2028-12-31' });
  });
});

describe('a stay against the season', () => {
  it('inside one occurrence, over New Year included, is in season', () => {
    expect(isPeriodInSeason('2026-12-28', '2027-01-03', winter)).toBe(true);
    expect(firstDayOutOfSeason('2026-12-28', '2027-01-03', winter)).toBeNull();
    expect(isPeriodInSeason('2027-04-15', '2027-04-15', winter)).toBe(true);
  });

  it('starting out of season: the first day is the one out', () => {
    expect(isPeriodInSeason('2026-11-29', '2026-12-03', winter)).toBe(false);
    expect(firstDayOutOfSeason('2026-11-29', '2026-12-03', winter)).toBe('2026-11-29');
  });

  it('running past the closing: the day after it is the one out', () => {
    expect(isPeriodInSeason('2027-04-13', '2027-04-17', winter)).toBe(false);
    expect(firstDayOutOfSeason('2027-04-13', '2027-04-17', winter)).toBe('2027-04-16');
    expect(firstDayOutOfSeason('2026-11-28', '2026-12-02', summer)).toBe('2026-12-01');
  });

  it('spanning a whole closed stretch into the next occurrence is still out', () => {
    expect(firstDayOutOfSeason('2027-04-10', '2027-12-10', winter)).toBe('2027-04-16');
  });

  it('all year: any stay, across New Year and years long', () => {
    expect(isPeriodInSeason('2026-12-30', '2027-01-02', ALL_YEAR)).toBe(true);
    expect(isPeriodInSeason('2026-03-01', '2029-03-01', ALL_YEAR)).toBe(true);
  });

  it('a window covering every day of the year lets a stay cross its seam', () => {
    const everyDay = { from: '12-01', to: '11-30' };
    expect(isPeriodInSeason('2026-11-29', '2026-12-02', everyDay)).toBe(true);
  });

  it('Feb 29 at the closing: out on Mar 1 of a year without it', () => {
    const window = { from: '11-01', to: '02-29' };
    expect(firstDayOutOfSeason('2027-02-27', '2027-03-01', window)).toBe('2027-03-01');
    expect(isPeriodInSeason('2028-02-27', '2028-02-29', window)).toBe(true);
    expect(firstDayOutOfSeason('2028-02-27', '2028-03-01', window)).toBe('2028-03-01');
  });
});
