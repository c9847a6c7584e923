// The units one order may hold: the cart's rule, the same constant the API enforces
// (tests/api/order-limits.test.ts proves the API's 422).
import { describe, expect, it } from 'vitest';
import { fitsInOrder, MAX_UNITS_PER_PRODUCT } from './cart';

const line = (id: number, addOns: { id: number; used: boolean }[] = []) => ({ id, related: addOns });

describe('fitsInOrder', () => {
  it(`takes a product up to ${MAX_UNITS_PER_PRODUCT} units, counting it where it is a used add-on`, () => {
    const cart = Array.from({ length: MAX_UNITS_PER_PRODUCT - 1 }, () => line(1));
    expect(fitsInOrder(line(1), cart)).toBe(true);
    expect(fitsInOrder(line(1), [...cart, line(1)])).toBe(false);
    // Product 9 used as an add-on on every line, then asked for once more as an add-on.
    const covered = Array.from({ length: MAX_UNITS_PER_PRODUCT }, (_, i) => line(100 + i, [{ id: 9, used: true }]));
    expect(fitsInOrder(line(2, [{ id: 9, used: false }]), covered)).toBe(true);
    expect(fitsInOrder(line(2, [{ id: 9, used: true }]), covered)).toBe(false);
    expect(fitsInOrder(line(9), covered)).toBe(false);
  });

  it('counts a line that holds the product twice (main item and add-on) as two', () => {
    const cart = Array.from({ length: MAX_UNITS_PER_PRODUCT - 1 }, () => line(5));
    expect(fitsInOrder(line(5), cart)).toBe(true);
    expect(fitsInOrder(line(5, [{ id: 5, used: true }]), cart)).toBe(false);
  });
});
