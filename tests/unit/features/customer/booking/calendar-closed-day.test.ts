// The calendar's closed-day reason: the day the shop reopens is written DD/MM/YYYY,
// the site's one date display (spec §9, dayToDisplay), in every language — not "1/12".
import { describe, expect, it } from 'vitest';
import { dayLabel } from '~/features/customer/booking/CalendarDay';
import type { CalendarCell } from '~/domain/calendar';
import { getT } from '~/i18n/server';

const closed: CalendarCell = {
  day: '2026-11-28',
  past: false,
  opensOn: '2026-12-01',
  fit: null,
  state: 'unknown',
  soldOut: false,
  price: null,
  rentDays: 0,
};

describe('the closed-day reason of a calendar day', () => {
  it.each([
    ['it', 'sabato 28 novembre 2026', 'sabato 28 novembre 2026, fuori stagione: apre il 01/12/2026'],
    ['en', 'Saturday 28 November 2026', 'Saturday 28 November 2026, out of season: opens on 01/12/2026'],
    ['fr', 'samedi 28 novembre 2026', 'samedi 28 novembre 2026, hors saison : ouvre le 01/12/2026'],
  ])('%s: the reopening day as DD/MM/YYYY', (locale, date, label) => {
    expect(dayLabel(getT(locale), closed, date)).toBe(label);
  });
});
