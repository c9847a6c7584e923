import { describe, expect, it } from 'vitest';
import { DateModes } from './dates';
import { orderSlot } from './order-slot';

const base = { multipleDates: DateModes.SINGLE, morning: true, afternoon: true, season: false };

describe('the time slot of an order', () => {
  it.each([
    ['a whole day', base, 'day'],
    ['a range of days', { ...base, multipleDates: DateModes.RANGE }, 'day'],
    ['the morning mode', { ...base, multipleDates: DateModes.MORNING }, 'morning'],
    ['the morning alone', { ...base, afternoon: false }, 'morning'],
    ['the afternoon mode', { ...base, multipleDates: DateModes.AFTERNOON }, 'afternoon'],
    ['the afternoon alone', { ...base, morning: false }, 'afternoon'],
    ['the season flag', { ...base, season: true, morning: false }, 'season'],
    ['the season mode', { ...base, multipleDates: DateModes.SEASONAL }, 'season'],
  ] as const)('%s → %s', (_, order, slot) => {
    expect(orderSlot(order)).toBe(slot);
  });
});
