// The day and time labels of the screens (src/domain/dates.ts): "Oggi"/"Domani" (dayLabel), the
// Rome clock (romeTime) and both together (dateTimeLabel), whatever the process's time zone.
import { afterEach, describe, expect, it } from 'vitest';
import { dateTimeLabel, dayLabel, romeTime } from './dates';

const TIME_ZONES = ['Europe/Rome', 'America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'] as const;
const originalTz = process.env.TZ;
afterEach(() => {
  // Assigning undefined would store the string 'undefined'.
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

// dayLabel: the one rule that decides "today"/"tomorrow" (spec §9) for the customer screens
// (display-dates.ts) and the kiosk (format.ts formatDateTime). These cases were formatDate's.
describe('dayLabel', () => {
  const IT = { today: 'Oggi', tomorrow: 'Domani' };
  const now = new Date('2026-12-24T10:00:00Z'); // 11:00 in Rome

  it.each<[string | Date, string]>([
    ['2026-12-24', 'Oggi'],
    ['2026-12-25', 'Domani'],
    ['2026-12-26', '26/12/2026'],
    ['2026-12-23', '23/12/2026'],
    ['2027-01-05', '05/01/2027'],
    [new Date('2026-12-24T22:59:00Z'), 'Oggi'], // 23:59 in Rome
    [new Date('2026-12-24T23:00:00Z'), 'Domani'], // midnight in Rome
    ['2026-12-25T23:30:00Z', '26/12/2026'], // a date-time string is an instant
    ['2026-12-25 00:15:00', 'Domani'], // API date-time without zone: Rome wall clock
    ['2026-12-24 23:59:59', 'Oggi'],
  ])('%j → %s', (date, expected) => {
    expect(dayLabel(date, IT, now)).toBe(expected);
  });

  it('uses the Rome day of "now" for today and tomorrow', () => {
    const lateEvening = new Date('2026-12-31T23:30:00Z'); // already 1 January in Rome
    expect(dayLabel('2027-01-01', IT, lateEvening)).toBe('Oggi');
    expect(dayLabel('2027-01-02', IT, lateEvening)).toBe('Domani');
    expect(dayLabel('2026-12-31', IT, lateEvening)).toBe('31/12/2026');
  });

  it('writes the labels it is given, untouched', () => {
    expect(dayLabel('2026-12-24', { today: 'Today', tomorrow: 'Tomorrow' }, now)).toBe('Today');
    expect(dayLabel('2026-12-25', { today: "aujourd'hui", tomorrow: 'demain' }, now)).toBe('demain');
  });

  it('defaults now to the current time', () => {
    expect(dayLabel(new Date(), IT)).toBe('Oggi');
  });

  it.each(TIME_ZONES)('gives the same text with the process in %s', (tz) => {
    process.env.TZ = tz;
    expect(dayLabel('2026-12-24', IT, new Date('2026-01-01T00:00:00Z'))).toBe('24/12/2026');
    expect(dayLabel('2026-12-24', IT, now)).toBe('Oggi');
    expect(dayLabel('2026-12-25 00:15:00', IT, now)).toBe('Domani');
  });

  it('refuses what is not a date rather than print NaN, and a day that does not exist', () => {
    expect(() => dayLabel('not a date', IT, now)).toThrow(/Invalid date-time/);
    expect(() => dayLabel('2026-02-30', IT, now)).toThrow(/Invalid day/);
  });
});

describe('romeTime', () => {
  it.each<[string | Date, string]>([
    [new Date('2026-12-24T08:30:00Z'), '09:30'], // winter: UTC+1
    ['2027-07-15T10:05:00.000Z', '12:05'], // summer: UTC+2
    ['2026-12-24T23:30:00Z', '00:30'], // midnight is 00, never 24
    ['2026-12-24 14:30:00', '14:30'], // API date-time without zone: already Rome time
  ])('%j → %s', (value, expected) => {
    expect(romeTime(value)).toBe(expected);
  });

  it.each(TIME_ZONES)('is the Rome clock with the process in %s', (tz) => {
    process.env.TZ = tz;
    expect(romeTime('2026-03-29T01:30:00Z')).toBe('03:30'); // the night summer time starts
    expect(romeTime('2026-12-24 09:05:00')).toBe('09:05');
  });

  it('refuses an invalid date-time', () => {
    expect(() => romeTime('not a date')).toThrow(/Invalid date-time/);
  });
});

describe('dateTimeLabel: the two screen styles differ only by the separator', () => {
  const IT = { today: 'Oggi', tomorrow: 'Domani' };
  const now = new Date('2026-12-24T10:00:00Z');

  it.each<[string, string, string]>([
    ['2026-12-24 14:30:00', 'Oggi, 14:30', 'Oggi 14:30'],
    ['2026-12-24T23:10:00Z', 'Domani, 00:10', 'Domani 00:10'], // 00:10 on the 25th in Rome
    ['2026-12-28 18:00:00', '28/12/2026, 18:00', '28/12/2026 18:00'],
  ])('%s → customer %j, kiosk %j', (value, customer, kiosk) => {
    expect(dateTimeLabel(value, IT, 'customer', now)).toBe(customer);
    expect(dateTimeLabel(value, IT, 'kiosk', now)).toBe(kiosk);
  });
});
