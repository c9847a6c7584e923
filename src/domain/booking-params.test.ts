import { describe, expect, it } from 'vitest';
import { DateModes, normalizeDates, type DateMode } from './dates';
import { dateModeOf, dateParams, flag, shopRequestParams } from './booking-params';
import { BookingQuerySchema } from '../api/contract/booking-query';

describe('dateParams', () => {
  it.each<[DateMode, string[], ReturnType<typeof dateParams>]>([
    [DateModes.MORNING, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '1', afternoon: '0', season: '0' }],
    [DateModes.AFTERNOON, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '0', afternoon: '1', season: '0' }],
    [DateModes.SINGLE, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '0', afternoon: '0', season: '0' }],
    [DateModes.RANGE, ['2026-12-28', '2026-12-24'], { from: '2026-12-24', to: '2026-12-28', morning: '0', afternoon: '0', season: '0' }],
    [DateModes.SEASONAL, [], { from: '', to: '', morning: '0', afternoon: '0', season: '1' }],
  ])('mode %s %j', (mode, dates, expected) => {
    expect(dateParams(mode, dates)).toEqual(expected);
  });

  it('flag is 1 or 0', () => {
    expect([flag(true), flag(false), flag(null), flag(undefined)]).toEqual(['1', '0', '0', '0']);
  });
});

describe('dateModeOf ↔ dateParams: one rule each way', () => {
  // Every mode with the days it is chosen with: a single day, a range (given latest first), none.
  const chosen: [DateMode, string[]][] = [
    [DateModes.MORNING, ['2026-12-24']],
    [DateModes.AFTERNOON, ['2026-12-24']],
    [DateModes.SINGLE, ['2026-12-24']],
    [DateModes.RANGE, ['2026-12-28', '2026-12-24']],
    [DateModes.SEASONAL, []],
  ];

  it('covers every date mode', () => {
    expect(chosen.map(([mode]) => mode)).toEqual(Object.values(DateModes));
  });

  it.each(chosen)('mode %s %j comes back from its params', (mode, dates) => {
    const p = dateParams(mode, dates);
    const fields = { from: p.from, to: p.to, morning: p.morning === '1', afternoon: p.afternoon === '1', season: p.season === '1' };
    expect(dateModeOf(fields)).toEqual({ mode, dates: normalizeDates(mode, dates) });
  });

  it.each(chosen)('mode %s %j comes back through the shop query the API parses', (mode, dates) => {
    // As the API client sends them: empty params are left out of the URL (src/api/client.ts).
    const query = Object.fromEntries(Object.entries(dateParams(mode, dates)).filter(([, v]) => v !== ''));
    expect(BookingQuerySchema.parse(query)).toMatchObject({ mode, dates: normalizeDates(mode, dates) });
  });

  it('reads a single day as the whole day when both halves or neither are set', () => {
    for (const [morning, afternoon] of [[false, false], [true, true]]) {
      expect(dateModeOf({ from: '2026-12-24', to: '2026-12-24', morning, afternoon })).toEqual({ mode: DateModes.SINGLE, dates: ['2026-12-24'] });
    }
    expect(dateModeOf({ from: '2026-12-24' })).toEqual({ mode: DateModes.SINGLE, dates: ['2026-12-24'] });
  });

  it('lets the season flag win over any day, and has no mode without a day', () => {
    expect(dateModeOf({ from: '2026-12-24', to: '2026-12-28', season: true })).toEqual({ mode: DateModes.SEASONAL, dates: [] });
    expect(dateModeOf({})).toBeNull();
    expect(dateModeOf({ to: '2026-12-24' })).toBeNull();
  });
});

describe('shopRequestParams', () => {
  it('has from, to (= from for a single date), the half-day and season flags and days', () => {
    expect(shopRequestParams({ multipleDates: DateModes.SINGLE, dates: ['2026-12-24'] })).toEqual({
      from: '2026-12-24',
      to: '2026-12-24',
      morning: '0',
      afternoon: '0',
      season: '0',
      days: '1',
    });
  });

  it('adds edit_order_code and fidelity_card_number when present', () => {
    expect(
      shopRequestParams({
        multipleDates: DateModes.RANGE,
        dates: ['2026-03-28', '2026-03-30'],
        orderCodeToReplace: 'ORD-7',
        fidelityCardNumber: '123456',
      }),
    ).toEqual({
      from: '2026-03-28',
      to: '2026-03-30',
      morning: '0',
      afternoon: '0',
      season: '0',
      days: '3',
      edit_order_code: 'ORD-7',
      fidelity_card_number: '123456',
    });
  });

  it('omits empty codes', () => {
    const params = shopRequestParams({ multipleDates: DateModes.SEASONAL, dates: [], orderCodeToReplace: null, fidelityCardNumber: '' });
    expect(params).not.toHaveProperty('edit_order_code');
    expect(params).not.toHaveProperty('fidelity_card_number');
    expect(params.season).toBe('1');
    expect(params.days).toBe('0');
  });
});
