import { describe, expect, it } from 'vitest';
import { areDatesBookable, dayBlock, firstClosedDay, openingMonth, openingsShown, seasonWindowOf, skipsCalendar } from './calendar-season';
import { DateModes } from './dates';
import { ALL_YEAR } from './season';

const WINTER = { from: '12-01', to: '04-15' };
const SUMMER = { from: '05-01', to: '10-31' };

describe('seasonWindowOf: the yearly window of the API’s season days', () => {
  it('keeps the month-day parts of an occurrence, wrapping over New Year or not', () => {
    expect(seasonWindowOf({ from: '2026-12-01', to: '2027-04-15' })).toEqual(WINTER);
    expect(seasonWindowOf({ from: '2027-05-01', to: '2027-10-31' })).toEqual(SUMMER);
  });

  it('no season, or one that is not days, is all year', () => {
    expect(seasonWindowOf(null)).toEqual(ALL_YEAR);
    expect(seasonWindowOf(undefined)).toEqual(ALL_YEAR);
    expect(seasonWindowOf({ from: '12-01', to: '2027-04-15' })).toEqual(ALL_YEAR);
  });
});

describe('dayBlock', () => {
  const today = '2026-11-23';
  it.each([
    ['2026-11-22', WINTER, { kind: 'past' }],
    ['2026-11-23', WINTER, { kind: 'outOfSeason', opensOn: '2026-12-01' }],
    ['2026-12-01', WINTER, null],
    ['2027-04-15', WINTER, null],
    ['2027-04-16', WINTER, { kind: 'outOfSeason', opensOn: '2027-12-01' }],
    ['2026-11-23', ALL_YEAR, null],
    ['2026-11-22', ALL_YEAR, { kind: 'past' }],
    ['2026-11-23', SUMMER, { kind: 'outOfSeason', opensOn: '2027-05-01' }],
  ])('%s with %j → %j', (day, window, expected) => {
    expect(dayBlock(day, today, window)).toEqual(expected);
  });
});

describe('openingsShown: the reopening days a month announces', () => {
  const days = (month: string, count: number) => Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);

  it('one for a month closed before the opening, none in season, none for past days only', () => {
    expect(openingsShown(days('2026-11', 30), '2026-11-23', WINTER)).toEqual(['2026-12-01']);
    expect(openingsShown(days('2026-12', 31), '2026-11-23', WINTER)).toEqual([]);
    expect(openingsShown(days('2027-04', 30), '2026-11-23', WINTER)).toEqual(['2027-12-01']);
    expect(openingsShown(days('2026-10', 31), '2026-11-23', WINTER)).toEqual([]);
  });

  it('two when the season is shorter than the month', () => {
    expect(openingsShown(days('2027-06', 30), '2026-11-23', { from: '06-10', to: '06-20' })).toEqual(['2027-06-10', '2028-06-10']);
  });
});

describe('areDatesBookable', () => {
  const today = '2026-11-23';
  it.each<[number, string[], boolean]>([
    [DateModes.SINGLE, ['2026-12-05'], true],
    [DateModes.SINGLE, ['2026-11-30'], false], // closed
    [DateModes.MORNING, ['2026-11-22'], false], // past
    [DateModes.AFTERNOON, [], false], // not chosen
    [DateModes.RANGE, ['2026-12-20', '2026-12-10'], true], // reversed, still inside
    [DateModes.RANGE, ['2027-04-10', '2027-04-20'], false], // runs past the season's end
    [DateModes.RANGE, ['2027-04-10', '2027-12-05'], false], // crosses the closed months
    [DateModes.RANGE, ['2026-12-10'], false], // end missing
    [DateModes.SEASONAL, [], true], // the current or next season
  ])('mode %s, %j → %s', (mode, dates, expected) => {
    expect(areDatesBookable(mode as never, dates, today, WINTER)).toBe(expected);
  });

  it('all year: only validity and the past count', () => {
    expect(areDatesBookable(DateModes.SINGLE, ['2026-11-30'], '2026-11-23', ALL_YEAR)).toBe(true);
    expect(areDatesBookable(DateModes.RANGE, ['2026-11-20', '2026-11-30'], '2026-11-23', ALL_YEAR)).toBe(false);
  });
});

describe('openingMonth', () => {
  it('out of season: the month of the next opening', () => {
    expect(openingMonth(DateModes.SINGLE, [], '2026-11-23', WINTER)).toBe('2026-12');
    expect(openingMonth(DateModes.SINGLE, [], '2027-06-10', WINTER)).toBe('2027-12');
  });
  it('in season or all year: this month', () => {
    expect(openingMonth(DateModes.SINGLE, [], '2027-01-10', WINTER)).toBe('2027-01');
    expect(openingMonth(DateModes.SINGLE, [], '2026-11-23', ALL_YEAR)).toBe('2026-11');
  });
  it('the month of dates already chosen when they can be booked, else as if none', () => {
    expect(openingMonth(DateModes.RANGE, ['2027-02-10', '2027-02-14'], '2026-11-23', WINTER)).toBe('2027-02');
    expect(openingMonth(DateModes.SINGLE, ['2026-11-30'], '2026-11-23', WINTER)).toBe('2026-12');
    expect(openingMonth(DateModes.SINGLE, ['2026-10-01'], '2026-11-23', ALL_YEAR)).toBe('2026-11');
    expect(openingMonth(DateModes.SEASONAL, [], '2026-11-23', WINTER)).toBe('2026-12');
  });
});

describe('skipsCalendar', () => {
  const base = { category: 'sci', returning: false, mode: DateModes.SINGLE, dates: ['2026-12-05'], today: '2026-11-23', window: WINTER };
  it('skips with a category and dates that can still be booked', () => {
    expect(skipsCalendar(base)).toBe(true);
    expect(skipsCalendar({ ...base, mode: DateModes.RANGE, dates: ['2026-12-05', '2026-12-08'] })).toBe(true);
    expect(skipsCalendar({ ...base, mode: DateModes.SEASONAL, dates: [] })).toBe(true);
  });
  it('never without a category, when coming back to change the dates, or with dates not bookable', () => {
    expect(skipsCalendar({ ...base, category: null })).toBe(false);
    expect(skipsCalendar({ ...base, returning: true })).toBe(false);
    expect(skipsCalendar({ ...base, dates: [] })).toBe(false); // a new visitor
    expect(skipsCalendar({ ...base, dates: ['2026-11-20'] })).toBe(false); // past
    expect(skipsCalendar({ ...base, dates: ['2026-11-30'] })).toBe(false); // out of season
  });
});

describe('firstClosedDay', () => {
  const winter = { from: '12-01', to: '04-15' };
  it.each([
    [DateModes.RANGE, ['2026-11-28', '2026-12-03'], '2026-11-28'],
    [DateModes.RANGE, ['2027-04-10', '2027-04-20'], '2027-04-16'],
    [DateModes.RANGE, ['2026-12-10', '2026-12-12'], null],
    [DateModes.SINGLE, ['2026-11-23'], '2026-11-23'],
    [DateModes.MORNING, ['2027-01-05'], null],
    [DateModes.SEASONAL, [], null],
    [DateModes.RANGE, ['2026-12-10'], null],
  ] as const)('mode %s %j → %s', (mode, dates, expected) => {
    expect(firstClosedDay(mode, dates, winter)).toBe(expected);
  });

  it('never finds a closed day at a shop open all year', () => {
    expect(firstClosedDay(DateModes.RANGE, ['2026-06-01', '2027-05-31'], ALL_YEAR)).toBeNull();
  });
});
