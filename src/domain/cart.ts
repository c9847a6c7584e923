// Cart rules of spec §3-§5: totals with coupons, availability left after the cart, clearing.
import type { CartProduct, CartState } from '../api/contract/cart';
import type { Coupon } from '../api/contract/orders';
import { roundMoney, sumMoney } from './money';

/**
 * Units of one product (as a main item or a used add-on) one order may hold: a family or
 * a small group; a bigger group asks the shop. Without it one anonymous order could take a product's
 * whole stock for free. The API refuses more (422 on the line), and the cart never holds more.
 */
export const MAX_UNITS_PER_PRODUCT = 10;

export type CouponLike = Pick<Coupon, 'code' | 'amount' | 'blocked'>;

/** Coupons the server accepted: a blocked coupon was refused, so it neither discounts nor is sent. */
export function usableCoupons<T extends CouponLike>(coupons: readonly T[]): T[] {
  return coupons.filter((c) => !c.blocked);
}

export function couponsTotal(coupons: readonly CouponLike[]): number {
  return sumMoney(usableCoupons(coupons).map((c) => c.amount));
}

/** Sum of product prices minus non-blocked coupon amounts, never below 0. */
export function cartTotal(productPrices: readonly number[], coupons: readonly CouponLike[]): number {
  return Math.max(0, roundMoney(sumMoney(productPrices) - couponsTotal(coupons)));
}

export function sendableCouponCodes(coupons: readonly CouponLike[]): string[] {
  return usableCoupons(coupons).map((c) => c.code);
}

export function cartItemCount(cart: { products: readonly unknown[] } | null | undefined): number {
  return cart?.products.length ?? 0;
}

type CartProductRef = Pick<CartProduct, 'id'> & { related?: readonly Pick<CartProduct['related'][number], 'id' | 'used'>[] };

/** How many units of a product the cart holds, counting it also where it is a used add-on. */
export function cartCountOf(productId: number | string, cartProducts: readonly CartProductRef[]): number {
  const id = Number(productId);
  let count = 0;
  for (const product of cartProducts) {
    if (product.id === id) count += 1;
    for (const related of product.related ?? []) if (related.used && related.id === id) count += 1;
  }
  return count;
}

/**
 * Whether one more cart line (its product and its used add-ons) keeps every product within
 * MAX_UNITS_PER_PRODUCT units for the order: the API refuses more, so the cart never
 * takes them.
 */
export function fitsInOrder(line: CartProductRef, cartProducts: readonly CartProductRef[]): boolean {
  const added = new Map<number, number>();
  for (const id of [line.id, ...(line.related ?? []).filter((r) => r.used).map((r) => r.id)]) added.set(id, (added.get(id) ?? 0) + 1);
  return [...added].every(([id, n]) => cartCountOf(id, cartProducts) + n <= MAX_UNITS_PER_PRODUCT);
}

/** Server availability minus what the cart already holds, never below 0 (unknown product: 0). */
export function availableCount(
  productId: number | string,
  serverAvailabilities: Readonly<Record<string | number, number>>,
  cartProducts: readonly CartProductRef[],
): number {
  const server = serverAvailabilities[productId] ?? 0;
  return Math.max(0, server - cartCountOf(productId, cartProducts));
}

export function emptyCart(): CartState {
  return {
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
}

/** Clearing resets every field, coupons and fidelityCardInitialized included (spec §4). */
export function clearCart(): CartState {
  return emptyCart();
}
