// The checkout's actions, kept out of the islands. Placing the order: the documents a kiosk
// needs, then the sending (./send-order.ts: the customer's details kept in the cart, the multipart
// form or the patched one in edit mode, its Idempotency-Key, what the outcome means for the page),
// loaded when the customer starts on the form. Applying a coupon: what the cart keeps of the API's answer.
// The Checkout island renders the outcome; tests/unit/features/customer/checkout/checkout-store.test.ts
// proves each branch.
import { atom } from 'nanostores';
import { isUnprocessable } from '~/api/errors';
import type { Coupon } from '~/api/contract/orders';
import { checkCoupon } from '~/api/coupons';
import { isPlausibleFidelityCardNumber } from '~/domain/fidelity';
import { documentsRequired } from '~/domain/kiosk';
import { mayShowIdAtDesk } from '~/domain/order-documents';
import { visibleMedias } from '~/domain/medias';
import { $cart, addCoupon, markFidelityCardInitialized, removeCoupon, removeMedia, repriceForDates, setContact } from '~/stores/cart';
import { $configuration, $products, setFidelityCard } from '~/stores/configuration';
import { notify } from '~/stores/notifications';
import { loadFidelityCard, loadShop } from '~/stores/shop-load';
import { fileFor } from './uploads';
import { loadApi } from '~/stores/api-loader';
import type { CheckoutValues, OrderOutcome } from './send-order';

export type { CheckoutValues, OrderOutcome } from './send-order';

/**
 * Opening the checkout of `shop`: documents picked before a reload lost their file (files do not
 * survive one) and cannot be sent any more; the shop is read for the chosen dates and every line
 * takes the price of those dates. Settles once both are done (a failed read changes nothing).
 */
/** The checkout's opening in progress or done: the own card waits for it (applyOwnFidelityCard). */
const $opening = atom<Promise<void>>(Promise.resolve());

export function openCheckout(shop: string): Promise<void> {
  const opening = open(shop);
  $opening.set(opening);
  return opening;
}

async function open(shop: string): Promise<void> {
  for (const m of $cart.get().medias) if (!m.stored && !fileFor(m.img)) removeMedia(m);
  try {
    await loadShop(shop);
    const { multipleDates, dates } = $configuration.get();
    repriceForDates($products.get(), multipleDates, dates);
  } catch {
    // The cart stays as it was; the API client has said what went wrong.
  }
}

/** The order's sending, fetched while the customer fills the form (see ./send-order.ts). */
const loadSending = () => import('./send-order');

/**
 * Fetches the order's sending when the customer starts on the form, so it is ready by the time they
 * send it; not with the page, whose first load stays within the checkout's budget (120 KB gzip:
 * with its API modules it is about 4 KB). A failure is retried when they send it.
 */
export function prepareSending(): void {
  void loadSending().catch(() => undefined);
}

/** Places the cart as an order (or its replacement in edit mode). */
export async function submitOrder(values: CheckoutValues): Promise<OrderOutcome> {
  // A kiosk's order needs an identity document unless the totem says otherwise, or, on a public
  // kiosk, the customer will show it at the desk (server-enforced too).
  const { totem } = $configuration.get();
  const cart = $cart.get();
  const atDesk = cart.idAtDesk && mayShowIdAtDesk(totem);
  if (documentsRequired(totem) && !atDesk && visibleMedias(cart.medias).length === 0) return { kind: 'documentsMissing' };
  let sending: Awaited<ReturnType<typeof loadSending>>;
  try {
    sending = await loadSending();
  } catch {
    // The line dropped before the page had it: nothing was sent, the customer can press again.
    notify({ key: 'errors.network' }, 'error');
    return { kind: 'failed' };
  }
  return sending.sendOrder(values);
}

export type CouponOutcome =
  /** The code was blank: nothing asked. */
  | { kind: 'blank' }
  /** In the cart: usable, or blocked (shown as refused with the reason, never sent — spec §5). */
  | { kind: 'added'; coupon: Coupon }
  /** An unknown code: the API's own message ("Il codice sconto … non esiste"). */
  | { kind: 'refused'; message: string }
  /** No answer, or an error the API client has already announced. */
  | { kind: 'failed' };

/** Checks a coupon code and keeps it in the cart. */
export async function applyCoupon(code: string): Promise<CouponOutcome> {
  if (!code.trim()) return { kind: 'blank' };
  try {
    const coupon = await checkCoupon(await loadApi(), code);
    // A code that applies replaces the earlier refusals on screen: refused codes are never sent
    // (spec §5), so dropping them changes nothing but the noise.
    if (!coupon.blocked) for (const c of $cart.get().coupons) if (c.blocked) removeCoupon(c.code);
    addCoupon(coupon);
    return { kind: 'added', coupon };
  } catch (err) {
    if (isUnprocessable(err)) return { kind: 'refused', message: err.errors.code?.[0] ?? err.message };
    return { kind: 'failed' };
  }
}

/** The outcome of a fidelity card typed at checkout: applied, unknown, or mistyped (no request). */
export type FidelityCardCheck = 'ok' | 'ko' | 'typo';

/** Checks the typed card and keeps in the cart the number the order will carry (null: none). */
export async function applyFidelityCard(typed: string): Promise<FidelityCardCheck> {
  // A wrong check digit is a typo: said at once, without asking the server.
  if (!isPlausibleFidelityCardNumber(typed)) {
    setContact({ fidelityCardNumber: null });
    return 'typo';
  }
  const card = await loadFidelityCard(typed.trim());
  setContact({ fidelityCardNumber: card ? card.number : null });
  return card ? 'ok' : 'ko';
}

/**
 * The logged-in customer's own card (`number`, the profile's), applied without typing once per cart:
 * not when the cart already carries a card, nor again once removed (`fidelityCardInitialized`).
 * After the checkout's shop is read, so the prices are read again with the card's discount.
 * Null when nothing was applied.
 */
export async function applyOwnFidelityCard(number: string | null | undefined): Promise<FidelityCardCheck | null> {
  const cart = $cart.get();
  if (!number?.trim() || cart.fidelityCardInitialized || cart.fidelityCardNumber || cart.products.length === 0) return null;
  markFidelityCardInitialized();
  await $opening.get();
  return applyFidelityCard(number);
}

/** Takes the card off the order: none is sent, and the prices are read again without its discount. */
export async function removeFidelityCard(): Promise<void> {
  setContact({ fidelityCardNumber: null });
  const shop = $configuration.get().shop;
  if (setFidelityCard(null) && shop && $products.get().length > 0) await loadShop(shop.slug).catch(() => undefined);
}
