// The cart (spec §3 "Cart state"), persisted and shared by every island and tab. Components call
// these actions; the rules (totals, counts, media handling) come from src/domain.
import { computed } from 'nanostores';
import { CartStateSchema, type CartProduct, type CartState } from '../api/contract/cart';
import type { Coupon, Media } from '../api/contract/orders';
import type { UserMedia } from '../api/contract/user';
import { cartItemCount, clearCart as emptiedCart, emptyCart, fitsInOrder } from '../domain/cart';
import { addMedia as withMedia, dropStoredMedias, removeMedia as withoutMedia, userMediasToCart } from '../domain/medias';
import { persistentValidated } from './persisted';
import { repriceCart } from '../domain/reprice';
import type { Product } from '../api/contract/catalogue';
import type { DateMode } from '../domain/dates';

export const CART_KEY = 'cart';

export const $cart = persistentValidated(CART_KEY, CartStateSchema, emptyCart);

/** Drives the app bar's badge and the cart button's visibility. */
export const $cartCount = computed($cart, (cart) => cartItemCount(cart));

const update = (change: (cart: CartState) => CartState) => $cart.set(change($cart.get()));

/** Adds a line; false (nothing added) when it would pass the units one order may hold. */
export function addProduct(product: CartProduct): boolean {
  if (!fitsInOrder(product, $cart.get().products)) return false;
  update((cart) => ({ ...cart, products: [...cart.products, product] }));
  return true;
}

export function removeProduct(index: number): void {
  update((cart) => ({ ...cart, products: cart.products.filter((_, i) => i !== index) }));
}

export function setContact(contact: Partial<Pick<CartState, 'phone' | 'first_name' | 'last_name' | 'fiscal_code' | 'fidelityCardNumber'>>): void {
  update((cart) => ({ ...cart, ...contact }));
}

/** The customer's own fidelity card has been offered to this cart: never again, even once removed. */
export function markFidelityCardInitialized(): void {
  update((cart) => ({ ...cart, fidelityCardInitialized: true }));
}

/** Adds or replaces a coupon; a blocked one is kept to be shown as refused, never sent. */
export function addCoupon(coupon: Coupon): void {
  update((cart) => ({ ...cart, coupons: [...cart.coupons.filter((c) => c.code !== coupon.code), coupon] }));
}

export function removeCoupon(code: string): void {
  update((cart) => ({ ...cart, coupons: cart.coupons.filter((c) => c.code !== code) }));
}

export function addMedia(media: Media): void {
  update((cart) => ({ ...cart, medias: withMedia(cart.medias, media) }));
}

/** At a public kiosk: the customer will show the identity document at the desk instead (or no longer). */
export function setIdAtDesk(idAtDesk: boolean): void {
  update((cart) => ({ ...cart, idAtDesk }));
}

/** A stored document is only flagged deleted; one not yet uploaded is removed. */
export function removeMedia(media: Media): void {
  update((cart) => ({ ...cart, medias: withoutMedia(cart.medias, media) }));
}

/** After login: up to two of the user's stored documents, before those the customer added. */
export function loadUserMedias(userMedias: readonly UserMedia[]): void {
  update((cart) => ({
    ...cart,
    userHaveMedias: userMedias.length > 0,
    medias: [...userMediasToCart(userMedias), ...dropStoredMedias(cart.medias)],
  }));
}

export function dropStoredUserMedias(): void {
  update((cart) => ({ ...cart, userHaveMedias: false, medias: dropStoredMedias(cart.medias) }));
}

/**
 * After the shop was loaded for the current dates: every item takes the price of those dates.
 * Items that cannot be rented then leave the cart; they are returned so the page can say so.
 */
export function repriceForDates(products: readonly Product[], mode: DateMode, dates: readonly string[]): CartProduct[] {
  const cart = $cart.get();
  if (cart.products.length === 0) return [];
  const { items, unpriced } = repriceCart(cart.products, products, mode, dates);
  $cart.set({ ...cart, products: items });
  return unpriced;
}

/** Edit mode: the cart now replaces this order when sent. */
export function startEditingOrder(order: { uuid: string; number: string }, products: CartProduct[], contact: Partial<CartState> = {}): void {
  // The uuid addresses the order (guests too); the number is what the customer reads.
  $cart.set({ ...emptyCart(), ...contact, products, orderCodeToReplace: order.uuid, orderNumberToReplace: order.number });
}

/** Resets every field, coupons and fidelityCardInitialized included. */
export function clearCart(): void {
  $cart.set(emptiedCart());
}
