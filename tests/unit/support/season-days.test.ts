// The tests' in-season days (tests/support/season.ts) hold on every day of the year: an API or
// e2e test booking at a seasonal shop passes whatever day it runs on.
import { describe, expect, it } from 'vitest';
import { addDays } from '~/domain/dates';
import { isPeriodInSeason } from '~/domain/season';
import { firstBookableDay, inSeasonDay, SEASON_SPAN_DAYS, shopWindow } from '~tests/support/season';

describe('in-season days for the tests', () => {
  it('from any day of a leap year and the next, each shop (and shops together) are open SEASON_SPAN_DAYS days from it', () => {
    const groups = [[1], [10], [1, 10], [11], [6], [1, 5, 8, 9, 10]];
    for (let i = 0; i < 731; i++) {
      const today = addDays('2027-12-31', i);
      for (const shops of groups) {
        const first = firstBookableDay(shops, today);
        expect(first >= today).toBe(true);
        for (const shop of shops) expect(isPeriodInSeason(first, addDays(first, SEASON_SPAN_DAYS), shopWindow(shop))).toBe(true);
      }
    }
  });

  it('is today at an all-year shop and in a season deep enough, else the opening', () => {
    expect(inSeasonDay('bardonecchia-sport-rent', 0, '2026-11-23')).toBe('2026-11-23');
    expect(inSeasonDay(1, 3, '2026-11-23')).toBe('2026-12-04');
    expect(firstBookableDay([1, 10], '2026-11-23')).toBe('2026-12-08');
    expect(firstBookableDay(1, '2027-01-02')).toBe('2027-01-02');
    // Fewer than SEASON_SPAN_DAYS left in this season: the next one.
    expect(firstBookableDay(1, '2027-02-10')).toBe('2027-12-01');
  });
});
