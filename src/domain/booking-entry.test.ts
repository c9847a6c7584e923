import { describe, expect, it } from 'vitest';
import { bookingEntryPath, bookingPagePath, categoryForSlug, categoryFromSearch, CATEGORY_PARAM } from './booking-entry';

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
