import { describe, expect, it } from 'vitest';
import type { DateMode } from './dates';
import { dateParams, flag, shopRequestParams } from './booking-params';

describe('dateParams', () => {
  it.each<[DateMode, string[], ReturnType<typeof dateParams>]>([
    [0, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '1', afternoon: '0', season: '0' }],
    [1, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '0', afternoon: '1', season: '0' }],
    [2, ['2026-12-24'], { from: '2026-12-24', to: '2026-12-24', morning: '0', afternoon: '0', season: '0' }],
    [3, ['2026-12-28', '2026-12-24'], { from: '2026-12-24', to: '2026-12-28', morning: '0', afternoon: '0', season: '0' }],
    [20, [], { from: '', to: '', morning: '0', afternoon: '0', season: '1' }],
  ])('mode %s %j', (mode, dates, expected) => {
    expect(dateParams(mode, dates)).toEqual(expected);
  });

  it('flag is 1 or 0', () => {
    expect([flag(true), flag(false), flag(null), flag(undefined)]).toEqual(['1', '0', '0', '0']);
  });
});

describe('shopRequestParams', () => {
  it('has from, to (= from for a single date), the half-day and season flags and days', () => {
    expect(shopRequestParams({ multipleDates: 2, dates: ['2026-12-24'] })).toEqual({
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
        multipleDates: 3,
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
    const params = shopRequestParams({ multipleDates: 20, dates: [], orderCodeToReplace: null, fidelityCardNumber: '' });
    expect(params).not.toHaveProperty('edit_order_code');
    expect(params).not.toHaveProperty('fidelity_card_number');
    expect(params.season).toBe('1');
    expect(params.days).toBe('0');
  });
});
