import { TZDate } from '@date-fns/tz';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  areDatesValid,
  datesChipText,
  dayToDisplay,
  daysBetween,
  isDay,
  isPastDay,
  normalizeDates,
  parseRomeDateTime,
  rentDays,
  todayInRome,
  toRomeDay,
  type DateMode,
  DateModes,
} from './dates';

const TIME_ZONES = ['Europe/Rome', 'America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'] as const;
const originalTz = process.env.TZ;
afterEach(() => {
  // Assigning undefined would store the string 'undefined'.
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('normalizeDates', () => {
  it.each<[DateMode, (string | null)[], string[]]>([
    [DateModes.RANGE, ['2026-12-28', '2026-12-24'], ['2026-12-24', '2026-12-28']], // reversed range is swapped
    [DateModes.RANGE, ['2026-12-24', '2026-12-28'], ['2026-12-24', '2026-12-28']],
    [DateModes.RANGE, ['', '2026-12-24'], ['2026-12-24']], // empty dropped
    [DateModes.RANGE, [null, ''], []],
    [DateModes.RANGE, ['2026-12-24', '2026-12-25', '2026-12-26'], ['2026-12-24', '2026-12-25']],
    [DateModes.MORNING, ['2026-12-24', '2026-12-20'], ['2026-12-24']], // single-date modes keep one
    [DateModes.AFTERNOON, ['', '2026-12-20'], ['2026-12-20']],
    [DateModes.SINGLE, ['2026-12-24'], ['2026-12-24']],
    [DateModes.SINGLE, [], []],
    [DateModes.SEASONAL, [], []],
  ])('mode %s %j → %j', (mode, dates, expected) => {
    expect(normalizeDates(mode, dates)).toEqual(expected);
  });
});

describe('areDatesValid', () => {
  it.each<[DateMode, string[], boolean]>([
    [DateModes.MORNING, ['2026-12-24'], true], // 0/1/2 valid if any date is set
    [DateModes.AFTERNOON, ['2026-12-24'], true],
    [DateModes.SINGLE, ['2026-12-24'], true],
    [DateModes.SINGLE, ['', '2026-12-24'], true],
    [DateModes.MORNING, [], false],
    [DateModes.AFTERNOON, [''], false],
    [DateModes.SINGLE, [], false],
    [DateModes.RANGE, ['2026-12-24', '2026-12-26'], true], // 3 needs two dates
    [DateModes.RANGE, ['2026-12-24'], false],
    [DateModes.RANGE, ['2026-12-24', ''], false],
    [DateModes.SEASONAL, [], true], // seasonal is always valid
    [DateModes.SEASONAL, ['2026-12-24'], true],
  ])('mode %s %j → %s', (mode, dates, expected) => {
    expect(areDatesValid(mode, dates)).toBe(expected);
  });
});

describe('rentDays', () => {
  it.each<[DateMode, string[], number]>([
    [DateModes.MORNING, ['2026-12-24'], 1], // 1 for a single date
    [DateModes.AFTERNOON, ['2026-12-24'], 1],
    [DateModes.SINGLE, ['2026-12-24'], 1],
    [DateModes.RANGE, ['2026-12-24', '2026-12-24'], 1], // difference in days + 1
    [DateModes.RANGE, ['2026-12-24', '2026-12-28'], 5],
    [DateModes.RANGE, ['2026-12-28', '2026-12-24'], 5], // reversed
    [DateModes.RANGE, ['2026-03-28', '2026-03-30'], 3], // across the spring DST change in Rome
    [DateModes.RANGE, ['2026-10-24', '2026-10-26'], 3], // across the autumn DST change
    [DateModes.RANGE, ['2026-12-30', '2027-01-02'], 4], // year boundary
    [DateModes.RANGE, ['2028-02-28', '2028-03-01'], 3], // leap day
    [DateModes.RANGE, ['2026-12-24'], 0], // incomplete range
    [DateModes.SINGLE, [], 0],
    [DateModes.SEASONAL, [], 0],
  ])('mode %s %j → %s', (mode, dates, expected) => {
    expect(rentDays(mode, dates)).toBe(expected);
  });
});

describe('day helpers', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-28', 1, '2026-03-29'],
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-10-25', 1, '2026-10-26'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-12-24', 0, '2026-12-24'],
  ])('addDays(%s, %s) = %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });

  it('daysBetween counts whole days, negative backwards', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
  });

  it.each([
    ['2026-12-24', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['24/12/2026', false],
    [20261224, false],
    // Years 0–99 are themselves, not 1900–1999 (Date.UTC's reading): 1900 was no leap year.
    ['0050-01-01', true],
    ['0000-01-01', true],
    ['0004-02-29', true],
    ['0000-02-29', true],
    ['0100-02-29', false],
    ['0050-02-30', false],
  ])('isDay(%j) = %s', (value, expected) => {
    expect(isDay(value)).toBe(expected);
  });

  it('does the arithmetic of every day isDay accepts, years 0–99 included', () => {
    expect(addDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(addDays('0004-02-28', 1)).toBe('0004-02-29');
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
    expect(daysBetween('0050-01-01', '0050-01-02')).toBe(1);
    expect(dayToDisplay('0050-01-02')).toBe('02/01/0050');
  });

  it('rejects malformed days instead of computing nonsense', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(/Invalid day/);
    expect(() => dayToDisplay('x')).toThrow(/Invalid day/);
  });

  it.each([
    // Rome is UTC+1 in winter, UTC+2 in summer.
    ['2026-12-23T22:59:59Z', '2026-12-23'],
    ['2026-12-23T23:00:00Z', '2026-12-24'],
    ['2026-07-14T21:59:59Z', '2026-07-14'],
    ['2026-07-14T22:00:00Z', '2026-07-15'],
  ])('toRomeDay(%s) = %s', (iso, expected) => {
    expect(toRomeDay(new Date(iso))).toBe(expected);
    expect(todayInRome(new Date(iso))).toBe(expected);
  });

  it('toRomeDay answers each instant right when asked one after another, in and across minutes', () => {
    const asked = [
      ['2026-12-23T22:59:00Z', '2026-12-23'],
      ['2026-12-23T22:59:59.999Z', '2026-12-23'],
      ['2026-12-23T23:00:00Z', '2026-12-24'],
      ['2026-12-23T23:00:30Z', '2026-12-24'],
      ['2026-12-23T22:59:30Z', '2026-12-23'],
      // Midnight before summer time ends, still at UTC+2; and before 1970, where instants are negative.
      ['2026-10-24T21:59:59Z', '2026-10-24'],
      ['2026-10-24T22:00:00Z', '2026-10-25'],
      ['1969-12-31T22:59:59Z', '1969-12-31'],
      ['1969-12-31T23:00:00Z', '1970-01-01'],
    ] as const;
    for (const [iso, expected] of asked) expect(toRomeDay(new Date(iso)), iso).toBe(expected);
  });

  it('todayInRome defaults to now', () => {
    expect(todayInRome()).toBe(toRomeDay(new Date()));
  });

  it('isPastDay compares with today in Rome', () => {
    const now = new Date('2026-12-23T23:30:00Z'); // already 24th in Rome
    expect(isPastDay('2026-12-23', now)).toBe(true);
    expect(isPastDay('2026-12-24', now)).toBe(false);
    expect(isPastDay('2026-12-25', now)).toBe(false);
    expect(isPastDay('2000-01-01')).toBe(true);
  });
});

describe('parseRomeDateTime', () => {
  it.each<[string | Date, string]>([
    ['2026-12-24 09:00:00', '2026-12-24T08:00:00.000Z'], // API date-time without zone: Rome wall clock (UTC+1)
    ['2026-07-14 09:00:00', '2026-07-14T07:00:00.000Z'], // summer: UTC+2
    ['2026-07-14T09:00', '2026-07-14T07:00:00.000Z'],
    ['2026-07-14 09:00:00.123456', '2026-07-14T07:00:00.123Z'],
    ['2026-07-14 09:00:00.5', '2026-07-14T07:00:00.500Z'],
    ['2026-12-24', '2026-12-23T23:00:00.000Z'], // a bare day is Rome midnight
    ['2026-12-24T09:00:00Z', '2026-12-24T09:00:00.000Z'], // with a zone: exact
    ['2026-12-24T09:00:00+05:00', '2026-12-24T04:00:00.000Z'],
    [new Date('2026-12-24T09:00:00Z'), '2026-12-24T09:00:00.000Z'],
  ])('%j → %s', (value, expected) => {
    expect(parseRomeDateTime(value).toISOString()).toBe(expected);
  });

  it('gives an Invalid Date for nonsense', () => {
    expect(Number.isNaN(parseRomeDateTime('nonsense').getTime())).toBe(true);
  });
});

describe('datesChipText', () => {
  it.each<[DateMode, string[], { key: string; params?: Record<string, unknown> }]>([
    [DateModes.SEASONAL, [], { key: 'dates.seasonal' }],
    [DateModes.MORNING, ['2026-12-24'], { key: 'dates.singleMorning', params: { date: '24/12/2026' } }],
    [DateModes.AFTERNOON, ['2026-12-24'], { key: 'dates.singleAfternoon', params: { date: '24/12/2026' } }],
    [DateModes.SINGLE, ['2026-12-24'], { key: 'dates.single', params: { date: '24/12/2026' } }],
    [DateModes.RANGE, ['2026-12-28', '2026-12-24'], { key: 'dates.range', params: { from: '24/12/2026', to: '28/12/2026', count: 5 } }],
    [DateModes.RANGE, ['2026-12-24', '2026-12-24'], { key: 'dates.range', params: { from: '24/12/2026', to: '24/12/2026', count: 1 } }],
    [DateModes.RANGE, ['2026-12-24'], { key: 'dates.choose' }],
    [DateModes.SINGLE, [], { key: 'dates.choose' }],
  ])('mode %s %j', (mode, dates, expected) => {
    expect(datesChipText(mode, dates)).toEqual(expected);
  });
});

describe.each(TIME_ZONES)('in process time zone %s', (tz) => {
  const setTz = () => {
    process.env.TZ = tz;
  };

  it('the time zone switch really applies to new Date operations', () => {
    setTz();
    const offsets: Record<string, number> = {
      'Europe/Rome': -60,
      'America/Los_Angeles': 480,
      'Pacific/Kiritimati': -840,
      UTC: 0,
    };
    expect(new Date(2026, 11, 24).getTimezoneOffset()).toBe(offsets[tz]);
  });

  it('a day picked as 2026-12-24 stays 2026-12-24', () => {
    setTz();
    expect(toRomeDay(new TZDate(2026, 11, 24, 'Europe/Rome'))).toBe('2026-12-24');
    expect(dayToDisplay('2026-12-24')).toBe('24/12/2026');
    expect(datesChipText(DateModes.SINGLE, ['2026-12-24'])).toEqual({ key: 'dates.single', params: { date: '24/12/2026' } });
  });

  it('day counts and arithmetic do not depend on the local zone', () => {
    setTz();
    expect(rentDays(DateModes.RANGE, ['2026-03-28', '2026-03-30'])).toBe(3);
    expect(rentDays(DateModes.RANGE, ['2026-10-24', '2026-10-26'])).toBe(3);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
  });

  it('today is the Rome day whatever the local zone', () => {
    setTz();
    expect(todayInRome(new Date('2026-12-23T23:30:00Z'))).toBe('2026-12-24');
    expect(todayInRome(new Date('2026-12-24T22:59:00Z'))).toBe('2026-12-24');
  });

  it('API date-times without a zone are Rome wall-clock time', () => {
    setTz();
    expect(parseRomeDateTime('2026-12-24 00:30:00').toISOString()).toBe('2026-12-23T23:30:00.000Z');
    expect(toRomeDay(parseRomeDateTime('2026-12-24 00:30:00'))).toBe('2026-12-24');
  });
});
