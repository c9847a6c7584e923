import { describe, expect, it } from 'vitest';
import { countSizes, sizeRefusal, sizesAvailable } from './sizes';

const day = (d: number) => `2027-01-${String(d).padStart(2, '0')}`;
const period = (from: number, to = from) => ({ from: day(from), to: day(to), half: null });

describe('sizes', () => {
  it('counts units per size in the order sizes first appear; units without a size count for none', () => {
    expect(countSizes([{ size: 'S' }, { size: 'M' }, { size: 'L' }, { size: 'S' }, { size: 'M' }, { size: null }])).toEqual([
      { size: 'S', units: 2 },
      { size: 'M', units: 2 },
      { size: 'L', units: 1 },
    ]);
    expect(countSizes([{ size: null }])).toEqual([]);
  });

  it('a size is free by its own units and bookings, never beyond what the product has free', () => {
    const sizes = [
      { size: 'S', units: 2 },
      { size: 'L', units: 1 },
    ];
    const held: Record<string, ReturnType<typeof period>[]> = { S: [period(10, 12), period(12)], L: [period(11)] };
    // 10–11: one S and the L are held; 12: both S held, the L free again.
    expect(sizesAvailable(sizes, (s) => held[s] ?? [], period(10, 11), 5)).toEqual([
      { size: 'S', units: 2, available: 1 },
      { size: 'L', units: 1, available: 0 },
    ]);
    expect(sizesAvailable(sizes, (s) => held[s] ?? [], period(12), 5).map((s) => s.available)).toEqual([0, 1]);
    // Lines booked without a size hold the product's other units: the product's count caps every size.
    expect(sizesAvailable(sizes, () => [], period(20), 1).map((s) => s.available)).toEqual([1, 1]);
    expect(sizesAvailable(sizes, () => [], period(20), 0).map((s) => s.available)).toEqual([0, 0]);
  });

  it('refuses a size the product does not have, or wanted more times than it has free', () => {
    const sizes = [
      { size: 'M', units: 2, available: 1 },
      { size: 'L', units: 1, available: 0 },
    ];
    expect(sizeRefusal(sizes, 'XL')).toBe('unknown');
    expect(sizeRefusal([], 'M')).toBe('unknown');
    expect(sizeRefusal(sizes, 'L')).toBe('soldOut');
    expect(sizeRefusal(sizes, 'M')).toBeNull();
    expect(sizeRefusal(sizes, 'M', 2)).toBe('soldOut');
    expect(sizeRefusal(sizes, null)).toBeNull();
  });
});
