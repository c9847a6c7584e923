import { describe, expect, it } from 'vitest';
import { roundMoney, roundTo, sumMoney } from './money';

describe('money', () => {
  it.each([
    [1.005, 1.01],
    [0.1 + 0.2, 0.3],
    [2.675, 2.68],
    [-1.005, -1.01],
    [-0.001, 0],
    [10, 10],
  ])('roundMoney(%s) = %s', (value, expected) => {
    expect(roundMoney(value)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundMoney(-0.004), 0)).toBe(true);
  });

  it('roundTo whole numbers and sums to cents', () => {
    expect(roundTo(12.5, 0)).toBe(13);
    expect(sumMoney([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sumMoney([])).toBe(0);
  });
});
