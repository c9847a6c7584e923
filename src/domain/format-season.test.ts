import { describe, expect, it } from 'vitest';
import { formatMonthDay, formatSeasonWindow } from './format-season';

describe('formatMonthDay', () => {
  it('writes a month-day in words in each locale, the day first', () => {
    expect(formatMonthDay('12-01', 'it-IT')).toBe('1 dicembre');
    expect(formatMonthDay('04-15', 'en-GB')).toBe('15 April');
    expect(formatMonthDay('12-01', 'fr-FR')).toBe('1 décembre');
  });

  it('formats 29 February (no year is implied) and refuses what is no month-day', () => {
    expect(formatMonthDay('02-29', 'it-IT')).toBe('29 febbraio');
    expect(() => formatMonthDay('13-01', 'it-IT')).toThrow(/month-day/);
    expect(() => formatMonthDay('02-30', 'it-IT')).toThrow(/month-day/);
  });

  it('does not depend on the time zone of the machine (first and last day of the year)', () => {
    expect(formatMonthDay('01-01', 'en-GB')).toBe('1 January');
    expect(formatMonthDay('12-31', 'en-GB')).toBe('31 December');
  });
});

describe('formatSeasonWindow', () => {
  it('writes both ends, also for a window over New Year', () => {
    expect(formatSeasonWindow({ from: '12-01', to: '04-15' }, 'it-IT')).toBe('1 dicembre – 15 aprile');
    expect(formatSeasonWindow({ from: '03-01', to: '11-30' }, 'en-GB')).toBe('1 March – 30 November');
    expect(formatSeasonWindow({ from: '12-10', to: '04-12' }, 'fr-FR')).toBe('10 décembre – 12 avril');
  });

  it('is null for a shop open all year, with or without an explicit window', () => {
    expect(formatSeasonWindow(undefined, 'it-IT')).toBeNull();
    expect(formatSeasonWindow({ from: '01-01', to: '12-31' }, 'it-IT')).toBeNull();
  });
});
