// The public kiosk's start screen (src/features/kiosk/public-kiosk/stores/kiosk-start.ts): the days
// it offers (Rome's today first, also past midnight UTC), and its two taps written to the
// configuration as the customer's calendar would: one day a single date, more a range, either tap
// first, the other choice kept.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { DateModes } from '~/domain/dates';

beforeAll(() => {
  useTestStorageEngine();
});

const configuration = await import('~/stores/configuration');
const start = await import('~/features/kiosk/public-kiosk/stores/kiosk-start');

const stored = () => ({ mode: configuration.$configuration.get().multipleDates, dates: configuration.$configuration.get().dates });

beforeEach(() => {
  cleanTestStorage();
  configuration.clearConfiguration({ resetShop: true });
});

describe('the days offered', () => {
  it("starts on Rome's today, seven days, and lengths 1 to 7", () => {
    // 23:30 UTC on 30 November is already 1 December in Rome.
    expect(start.startDays(new Date('2026-11-30T23:30:00Z'))).toEqual(['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07']);
    expect(start.rentalLengths()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads stored dates in its terms: a half day is its day, a season or a long range has no length', () => {
    expect(start.readKioskDates(DateModes.MORNING, ['2026-12-03'])).toEqual({ start: '2026-12-03', days: 1 });
    expect(start.readKioskDates(DateModes.RANGE, ['2026-12-03', '2026-12-05'])).toEqual({ start: '2026-12-03', days: 3 });
    expect(start.readKioskDates(DateModes.RANGE, ['2026-12-03', '2026-12-20'])).toEqual({ start: '2026-12-03', days: null });
    expect(start.readKioskDates(DateModes.SEASONAL, [])).toEqual({ start: null, days: null });
    expect(start.readKioskDates(DateModes.SINGLE, [])).toEqual({ start: null, days: null });
  });
});

describe('the two taps', () => {
  it('a first day alone is that single day; a length then makes the range from it', () => {
    start.chooseStart('2026-12-03');
    expect(stored()).toEqual({ mode: DateModes.SINGLE, dates: ['2026-12-03'] });
    start.chooseLength(3);
    expect(stored()).toEqual({ mode: DateModes.RANGE, dates: ['2026-12-03', '2026-12-05'] });
    // Another first day keeps the length.
    start.chooseStart('2026-12-04');
    expect(stored()).toEqual({ mode: DateModes.RANGE, dates: ['2026-12-04', '2026-12-06'] });
    // Back to one day: a single date again.
    start.chooseLength(1);
    expect(stored()).toEqual({ mode: DateModes.SINGLE, dates: ['2026-12-04'] });
  });

  it("a length first counts from Rome's today", () => {
    start.chooseLength(2, new Date('2026-11-30T23:30:00Z'));
    expect(stored()).toEqual({ mode: DateModes.RANGE, dates: ['2026-12-01', '2026-12-02'] });
  });
});
