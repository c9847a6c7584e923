import { describe, expect, it } from 'vitest';
import { DateModes } from './dates';
import { CartStateSchema } from '../api/contract/cart';
import {
  availableCount,
  cartCountOf,
  cartItemCount,
  cartTotal,
  clearCart,
  couponsTotal,
  emptyCart,
  sendableCouponCodes,
  usableCoupons,
} from './cart';

const coupon = (code: string, amount: number, blocked = false) => ({ code, amount, blocked });

describe('cartTotal', () => {
  it.each([
    [[10, 20.5], [], 30.5], // sum of product prices
    [[10, 20.5], [coupon('A', 5)], 25.5], // minus coupon amounts
    [[10, 20], [coupon('A', 5), coupon('B', 2.5)], 22.5],
    [[10, 20], [coupon('A', 5), coupon('X', 15, true)], 25], // a blocked coupon is refused: not subtracted
    [[10], [coupon('A', 50)], 0], // never below 0
    [[], [coupon('A', 1)], 0],
    [[], [], 0],
    [[0.1, 0.2], [], 0.3], // rounded to cents
    [[19.99, 0.02], [coupon('A', 0.01)], 20],
  ])('%j with coupons %j → %s', (prices, coupons, expected) => {
    expect(cartTotal(prices, coupons)).toBe(expected);
  });

  it('couponsTotal counts only non-blocked coupons', () => {
    expect(couponsTotal([coupon('A', 1.1), coupon('B', 2.2), coupon('C', 9, true)])).toBe(3.3);
  });
});

describe('sendableCouponCodes', () => {
  it.each([
    [[coupon('A', 5), coupon('B', 5, true), coupon('C', 1)], ['A', 'C']],
    [[coupon('B', 5, true)], []],
    [[], []],
  ])('%j → %j', (coupons, expected) => {
    expect(sendableCouponCodes(coupons)).toEqual(expected);
    expect(usableCoupons(coupons).map((c) => c.code)).toEqual(expected);
  });
});

describe('cartItemCount', () => {
  it.each([
    [{ products: [] }, 0],
    [{ products: [{}, {}] }, 2],
    [null, 0],
    [undefined, 0],
  ])('%j → %s', (cart, expected) => {
    expect(cartItemCount(cart)).toBe(expected);
  });
});

describe('availableCount', () => {
  const cart = [
    { id: 1, related: [{ id: 7, used: true }, { id: 8, used: false }] },
    { id: 1, related: [] },
    { id: 2, related: [{ id: 7, used: true }] },
    { id: 3 },
  ];
  const server = { 1: 5, 2: 1, 3: 1, 7: 3, 8: 4, '9': 2 };

  it.each<[number | string, number]>([
    [1, 3], // 5 − two cart lines
    [2, 0], // 1 − 1
    [3, 0],
    [7, 1], // used as a related item twice
    [8, 4], // an unused related item does not count
    [9, 2], // not in the cart
    ['1', 3], // string ids from the availabilities map
    [42, 0], // unknown to the server
  ])('product %s → %s', (productId, expected) => {
    expect(availableCount(productId, server, cart)).toBe(expected);
  });

  it('never goes below 0', () => {
    expect(availableCount(1, { 1: 1 }, cart)).toBe(0);
    expect(cartCountOf(1, cart)).toBe(2);
  });
});

describe('emptyCart / clearCart', () => {
  const expected = {
    phone: null,
    first_name: null,
    last_name: null,
    email: null,
    fiscal_code: null,
    fidelityCardNumber: null,
    products: [],
    medias: [],
    userHaveMedias: false,
    orderCodeToReplace: null,
    orderNumberToReplace: null,
    coupons: [],
    customers: [],
    fidelityCardInitialized: false,
    idAtDesk: false,
  };

  it('resets every field, coupons and fidelityCardInitialized included', () => {
    expect(emptyCart()).toEqual(expected);
    expect(clearCart()).toEqual(expected);
  });

  it('matches the contract schema defaults and every schema field', () => {
    expect(CartStateSchema.parse({})).toEqual(emptyCart());
    expect(Object.keys(emptyCart()).sort()).toEqual(Object.keys(CartStateSchema.shape).sort());
  });

  it('returns a fresh object each time', () => {
    const a = emptyCart();
    a.products.push({ id: 1, id_shop: 1, id_price: 1, related: [], multipleDates: DateModes.SINGLE, dates: [], days: 1 });
    expect(emptyCart().products).toEqual([]);
  });
});
