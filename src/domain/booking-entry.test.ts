import { describe, expect, it } from 'vitest';
import { bookingEntryPath, bookingPagePath, carriedDates, categoryForSlug, categoryFromSearch, CATEGORY_PARAM, withDates } from './booking-entry';
import { datesFromSearch } from './booking-params';
import { DateModes } from './dates';

describe('booking entry paths', () => {
  it('the calendar and the booking page, with or without a category', () => {
    expect(bookingEntryPath('sport-noleggio-sestriere', 'sci')).toBe('/prenota/sport-noleggio-sestriere/calendar/?category=sci');
    expect(bookingEntryPath('sport-noleggio-sestriere')).toBe('/prenota/sport-noleggio-sestriere/calendar/');
    expect(bookingPagePath('sport-noleggio-sestriere', 'sci')).toBe('/prenota/sport-noleggio-sestriere/?category=sci');
    expect(bookingPagePath('sport-noleggio-sestriere', null)).toBe('/prenota/sport-noleggio-sestriere/');
  });

  it('reads back the category it wrote, and only a slug', () => {
    const search = bookingEntryPath('x', 'sci-alpinismo').split('?')[1]!;
    expect(categoryFromSearch(`?${search}`)).toBe('sci-alpinismo');
    expect(categoryFromSearch(`?${CATEGORY_PARAM}=Sci%20<b>`)).toBeNull();
    expect(categoryFromSearch('?product=3')).toBeNull();
    expect(categoryFromSearch('')).toBeNull();
  });
});

describe('days carried in the address', () => {
  it('withDates adds a range, or one day without `to`, and keeps the query', () => {
    const entry = bookingEntryPath('bardonecchia-sport-rent', 'sci');
    expect(withDates(entry, { from: '2026-12-20', to: '2026-12-23' })).toBe('/prenota/bardonecchia-sport-rent/calendar/?category=sci&from=2026-12-20&to=2026-12-23');
    expect(withDates('/sci/sestriere/', { from: '2026-12-20', to: '2026-12-20' })).toBe('/sci/sestriere/?from=2026-12-20');
    expect(withDates('/sci/sestriere/', { from: '2026-12-20', to: null })).toBe('/sci/sestriere/?from=2026-12-20');
    expect(withDates('/sci/sestriere/', { from: '', to: '2026-12-20' })).toBe('/sci/sestriere/');
    // Days already there are replaced, not repeated.
    expect(withDates('/x/?from=2026-01-01&to=2026-01-02', { from: '2026-12-20' })).toBe('/x/?from=2026-12-20');
  });

  it('carriedDates passes on what withDates wrote, and nothing without a day-shaped `from`', () => {
    expect(carriedDates(withDates('/x/', { from: '2026-12-20', to: '2026-12-23' }).split('?')[1]!)).toEqual({ from: '2026-12-20', to: '2026-12-23' });
    expect(carriedDates('?from=2026-12-20')).toEqual({ from: '2026-12-20', to: null });
    expect(carriedDates('?from=domani')).toBeNull();
    expect(carriedDates('?to=2026-12-20')).toBeNull();
  });

  it('datesFromSearch reads them back as the calendar wants them: a range, one whole day, or nothing', () => {
    expect(datesFromSearch('?category=sci&from=2026-12-20&to=2026-12-23')).toEqual({ mode: DateModes.RANGE, dates: ['2026-12-20', '2026-12-23'] });
    expect(datesFromSearch('?from=2026-12-23&to=2026-12-20')).toEqual({ mode: DateModes.RANGE, dates: ['2026-12-20', '2026-12-23'] });
    expect(datesFromSearch('?from=2026-12-20')).toEqual({ mode: DateModes.SINGLE, dates: ['2026-12-20'] });
    expect(datesFromSearch('?from=2026-12-20&to=2026-02-30')).toEqual({ mode: DateModes.SINGLE, dates: ['2026-12-20'] });
    expect(datesFromSearch('?from=2026-02-30&to=2026-03-02')).toBeNull();
    expect(datesFromSearch('?category=sci')).toBeNull();
  });
});

describe('categoryForSlug', () => {
  const categories = [
    { id: 1, slug: 'sci', children: [{ id: 2, slug: 'sci-adulto', children: [] }, { id: 3, slug: 'sci-junior', children: [] }] },
    { id: 6, slug: 'ciaspole', children: [{ id: 7, slug: 'ciaspole', children: [] }] },
  ];

  it('a root with its children, a child alone', () => {
    expect(categoryForSlug(categories, 'sci')).toEqual({ id: 1, ids: [1, 2, 3] });
    expect(categoryForSlug(categories, 'sci-junior')).toEqual({ id: 3, ids: [3] });
    // A child named like its root: the root, which holds it.
    expect(categoryForSlug(categories, 'ciaspole')).toEqual({ id: 6, ids: [6, 7] });
  });

  it('null when the shop has no such category, or none was asked', () => {
    expect(categoryForSlug(categories, 'mtb')).toBeNull();
    expect(categoryForSlug(categories, null)).toBeNull();
    expect(categoryForSlug([], 'sci')).toBeNull();
  });
});
