import { afterEach, describe, expect, it } from 'vitest';
import {
  capitalize,
  formatAmountCompact,
  formatCurrency,
  formatDateTime,
  formatDecimal,
  formatKm,
  formatMetres,
} from './format';

const NBSP = '\u00a0';
const originalTz = process.env.TZ;
afterEach(() => {
  // Assigning undefined would store the string 'undefined'.
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('formatCurrency', () => {
  it.each([
    [1234.5, `1.234,50${NBSP}€`], // grouping even below 10 000
    [0, `0,00${NBSP}€`],
    [5, `5,00${NBSP}€`],
    [19.999, `20,00${NBSP}€`],
    [1.005, `1,01${NBSP}€`],
    [1234567.891, `1.234.567,89${NBSP}€`],
    [-12.5, `-12,50${NBSP}€`],
  ])('%s → %j', (amount, expected) => {
    expect(formatCurrency(amount)).toBe(expected);
  });

  it('uses exactly one U+00A0 between amount and symbol', () => {
    const text = formatCurrency(1234.5);
    expect(text.replace(NBSP, ' ')).toBe('1.234,50 €');
    expect(text).not.toMatch(/[ \u202f]/);
  });

  it('can format in another locale with the same space rule', () => {
    expect(formatCurrency(1234.5, 'fr-FR')).toBe(`1${NBSP}234,50${NBSP}€`);
    expect(formatCurrency(1234.5, 'en-GB')).toBe('€1,234.50');
  });
});

describe('formatDecimal / formatKm / formatMetres', () => {
  it.each<[number, number, string]>([
    [1234.567, 2, '1.234,57'],
    [1.5, 2, '1,5'],
    [2, 2, '2'],
    [1.23456, 3, '1,235'],
    [1.5, 0, '2'],
    [-0.001, 2, '0'],
  ])('formatDecimal(%s, %s) = %s', (n, digits, expected) => {
    expect(formatDecimal(n, digits)).toBe(expected);
  });

  it.each([
    [12345, `12,35${NBSP}km`],
    [500, `0,5${NBSP}km`],
    [0, `0${NBSP}km`],
    [1_234_000, `1.234${NBSP}km`],
  ])('formatKm(%s) = %j', (metres, expected) => {
    expect(formatKm(metres)).toBe(expected);
  });

  it.each([
    [1234.567, `1.235${NBSP}m`],
    [12, `12${NBSP}m`],
    [628.5, `629${NBSP}m`],
    [0.126, `0${NBSP}m`],
  ])('formatMetres(%s) = %j', (metres, expected) => {
    expect(formatMetres(metres)).toBe(expected);
  });

  it('defaults formatDecimal to 2 digits', () => {
    expect(formatDecimal(3.14159)).toBe('3,14');
  });
});

describe('formatDateTime in any process zone', () => {
  const now = new Date('2026-12-24T10:00:00Z'); // 11:00 in Rome

  it.each(['Europe/Rome', 'America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'])(
    'gives the same text with the process in %s',
    (tz) => {
      process.env.TZ = tz;
      expect(formatDateTime('2026-12-24T17:05:00Z', now)).toBe('Oggi 18:05');
      expect(formatDateTime('2026-12-28 18:00:00', now)).toBe('28/12/2026 18:00');
    },
  );
});

describe('formatDateTime', () => {
  const now = new Date('2026-07-14T08:00:00Z');

  it.each<[string | Date, string]>([
    ['2026-07-14T16:30:00Z', 'Oggi 18:30'], // summer time: UTC+2
    ['2026-07-15T06:05:00Z', 'Domani 08:05'],
    ['2026-07-20T09:00:00+02:00', '20/07/2026 09:00'],
    ['2026-07-20 09:00:00', '20/07/2026 09:00'], // no zone: already Rome time
    [new Date('2026-01-10T12:00:00Z'), '10/01/2026 13:00'], // winter: UTC+1
  ])('%j → %s', (date, expected) => {
    expect(formatDateTime(date, now)).toBe(expected);
  });

  it('throws on an invalid date-time', () => {
    expect(() => formatDateTime('not a date', now)).toThrow(/Invalid date-time/);
  });

  it('defaults now and labels', () => {
    expect(formatDateTime(new Date())).toMatch(/^Oggi \d{2}:\d{2}$/);
  });
});

describe('capitalize', () => {
  it.each([
    ['mario', 'Mario'],
    ['èlite', 'Èlite'],
    ['Already', 'Already'],
    ['a', 'A'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['sCI alpinismo', 'SCI alpinismo'],
  ])('%j → %j', (s, expected) => {
    expect(capitalize(s)).toBe(expected);
  });
});

describe('formatAmountCompact', () => {
  it.each([
    [38, '38'],
    [503.5, '503,50'],
    [12.345, '12,35'],
    [0.1 + 0.2, '0,30'],
    [1234, '1.234'],
    [99.999, '100'],
  ])('%s → %s', (amount, expected) => {
    expect(formatAmountCompact(amount)).toBe(expected);
  });
});
