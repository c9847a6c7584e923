import { afterEach, describe, expect, it } from 'vitest';
import it_ from '~i18n/it.json';
import en from '~i18n/en.json';
import fr from '~i18n/fr.json';
import { DateModes, datesChipText } from './dates';
import { displayDate } from './display-dates';

const labels = {
  it: { today: it_.dates.today, tomorrow: it_.dates.tomorrow },
  en: { today: en.dates.today, tomorrow: en.dates.tomorrow },
  fr: { today: fr.dates.today, tomorrow: fr.dates.tomorrow },
};
// 24/12/2026 10:00 in Rome (UTC+1 in winter).
const NOW = new Date('2026-12-24T09:00:00Z');

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('displayDate: today, tomorrow, other days', () => {
  it.each([
    ['it', '2026-12-24', 'Oggi'],
    ['it', '2026-12-25', 'Domani'],
    ['it', '2026-12-26', '26/12/2026'],
    ['it', '2026-12-23', '23/12/2026'],
    ['en', '2026-12-24', 'Today'],
    ['en', '2026-12-25', 'Tomorrow'],
    ['en', '2027-01-02', '02/01/2027'],
    ['fr', '2026-12-24', "Aujourd'hui"],
    ['fr', '2026-12-25', 'Demain'],
    ['fr', '2026-12-31', '31/12/2026'],
  ] as const)('%s %s → %s', (locale, day, expected) => {
    expect(displayDate(day, labels[locale], { now: NOW })).toBe(expected);
  });

  it('tomorrow across a month and a year end', () => {
    expect(displayDate('2027-01-01', labels.it, { now: new Date('2026-12-31T12:00:00Z') })).toBe('Domani');
    expect(displayDate('2026-03-01', labels.it, { now: new Date('2026-02-28T12:00:00Z') })).toBe('Domani');
  });
});

describe('displayDate: date-time', () => {
  it.each([
    ['it', '2026-12-24 14:30:00', 'Oggi, 14:30'],
    ['it', '2026-12-25T08:05:00+01:00', 'Domani, 08:05'],
    ['en', '2026-12-24T13:30:00Z', 'Today, 14:30'],
    ['fr', '2026-12-27 09:00:00', '27/12/2026, 09:00'],
  ] as const)('%s %s → %s', (locale, value, expected) => {
    expect(displayDate(value, labels[locale], { now: NOW, withTime: true })).toBe(expected);
  });

  it('without withTime a date-time reads as its Rome day only', () => {
    expect(displayDate('2026-12-25 23:59:00', labels.it, { now: NOW })).toBe('Domani');
  });

  it('a bare day never gets a time', () => {
    expect(displayDate('2026-12-24', labels.en, { now: NOW, withTime: true })).toBe('Today');
  });

  it('takes a Date', () => {
    expect(displayDate(new Date('2026-12-24T22:59:00Z'), labels.it, { now: NOW, withTime: true })).toBe('Oggi, 23:59');
  });
});

describe('displayDate: near midnight, Rome is the reference, not UTC nor the device', () => {
  // 00:30 on 25/12 in Rome is still 23:30 on 24/12 in UTC.
  const justAfterRomeMidnight = new Date('2026-12-24T23:30:00Z');

  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Europe/Rome'])('device zone %s', (tz) => {
    process.env.TZ = tz;
    expect(displayDate('2026-12-25', labels.it, { now: justAfterRomeMidnight })).toBe('Oggi');
    expect(displayDate('2026-12-26', labels.it, { now: justAfterRomeMidnight })).toBe('Domani');
    expect(displayDate('2026-12-24', labels.it, { now: justAfterRomeMidnight })).toBe('24/12/2026');
    // An instant just after Rome midnight (23:10 UTC) belongs to the Rome day 25/12.
    expect(displayDate('2026-12-24T23:10:00Z', labels.it, { now: justAfterRomeMidnight, withTime: true })).toBe('Oggi, 00:10');
  });

  it('summer time: 23:30 UTC on 30/06 is already 01/07 in Rome', () => {
    const now = new Date('2026-06-30T23:30:00Z');
    expect(displayDate('2026-07-01', labels.fr, { now })).toBe("Aujourd'hui");
    expect(displayDate('2026-06-30', labels.fr, { now })).toBe('30/06/2026');
  });
});

describe('displayDate: capitalisation and bad input', () => {
  it('capitalises the first letter of a lower-case label', () => {
    expect(displayDate('2026-12-24', { today: 'oggi', tomorrow: 'domani' }, { now: NOW })).toBe('Oggi');
    expect(displayDate('2026-12-25', { today: "aujourd'hui", tomorrow: 'demain' }, { now: NOW })).toBe('Demain');
  });

  it('refuses an invalid date rather than printing NaN', () => {
    expect(() => displayDate('not a date', labels.it, { now: NOW })).toThrow();
  });
});

describe('the dates chip with displayDate', () => {
  const show = (day: string) => displayDate(day, labels.it, { now: NOW });
  it('a range from today to tomorrow reads "Oggi" and "Domani"', () => {
    expect(datesChipText(DateModes.RANGE, ['2026-12-24', '2026-12-25'], show)).toEqual({ key: 'dates.range', params: { from: 'Oggi', to: 'Domani', count: 2 } });
  });
  it('a single morning tomorrow; other days stay DD/MM/YYYY', () => {
    expect(datesChipText(DateModes.MORNING, ['2026-12-25'], show)).toEqual({ key: 'dates.singleMorning', params: { date: 'Domani' } });
    expect(datesChipText(DateModes.SINGLE, ['2026-12-30'], show)).toEqual({ key: 'dates.single', params: { date: '30/12/2026' } });
  });
});
