// The checkout's actions, kept out of the islands. Placing the
// order: the documents a kiosk needs, the customer's details kept in the cart, the multipart form
// (or the patched one in edit mode) with its Idempotency-Key (order-submission.ts), and what the
// outcome means for the page. Applying a coupon: what the cart keeps of the API's answer. The
// Checkout island renders the outcome; tests/unit/features/customer/checkout/checkout-store.test.ts proves each branch.
import { ApiClientError } from '../../../../api/client';
import type { Coupon, OrderResponse } from '../../../../api/contract/orders';
import { checkCoupon } from '../../../../api/coupons';
import { placeOrder, replaceOrder } from '../../../../api/orders';
import { checkoutRefusal, type CheckoutRefusal } from '../../../../domain/checkout-errors';
import { isPlausibleFidelityCardNumber } from '../../../../domain/fidelity';
import { documentsRequired } from '../../../../domain/kiosk';
import { visibleMedias } from '../../../../domain/medias';
import { buildOrderEditFormData, buildOrderFormData } from '../../../../domain/orders';
import { $cart, addCoupon, clearCart, removeCoupon, removeMedia, repriceForDates, setContact } from '../../../../stores/cart';
import { $configuration, $products, $ref } from '../../../../stores/configuration';
import { loadFidelityCard, loadShop } from '../../../../stores/shop-load';
import { markKioskOrderPlaced } from '../../../../stores/kiosk-device';
import { orderSubmission, type OrderSubmission } from './order-submission';
import { fileFor, forgetFile } from './uploads';
import { loadApi } from '../../../../stores/api-loader';

/** What the customer typed in the checkout form. */
export interface CheckoutValues {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  invoice: boolean;
  fiscal_code: string;
}

export type OrderOutcome =
  /** Placed (or, `edited`, the replacement of the order the cart was loaded from): the cart is empty. */
  | { kind: 'placed'; order: OrderResponse; edited: boolean }
  /** A kiosk's order without an identity document: nothing was sent. */
  | { kind: 'documentsMissing' }
  /**
   * 404/410, which the API client leaves to the caller (spec §8): an edit of an order that can no
   * longer change, a shop gone. The page says the server's message rather than nothing.
   */
  | { kind: 'gone'; message: string }
  /** 422: where each message goes. */
  | { kind: 'refused'; refusal: CheckoutRefusal }
  /** No answer, or another error the API client has already announced. */
  | { kind: 'failed' };

/**
 * Opening the checkout of `shop`: documents picked before a reload lost their file (files do not
 * survive one) and cannot be sent any more; the shop is read for the chosen dates and every line
 * takes the price of those dates. Settles once both are done (a failed read changes nothing).
 */
export async function openCheckout(shop: string): Promise<void> {
  for (const m of $cart.get().medias) if (!m.stored && !fileFor(m.img)) removeMedia(m);
  try {
    await loadShop(shop);
    const { multipleDates, dates } = $configuration.get();
    repriceForDates($products.get(), multipleDates, dates);
  } catch {
    // The cart stays as it was; the API client has said what went wrong.
  }
}

const GONE_STATUSES: ReadonlySet<number> = new Set([404, 410]);
const UNPROCESSABLE = 422;
const CREATED = 201;

/** Places the cart as an order (or its replacement in edit mode). */
export async function submitOrder(values: CheckoutValues): Promise<OrderOutcome> {
  const configuration = $configuration.get();
  // A kiosk's order needs an identity document unless the totem says otherwise (server-enforced too).
  if (documentsRequired(configuration.totem) && visibleMedias($cart.get().medias).length === 0) return { kind: 'documentsMissing' };
  setContact({ first_name: values.first_name, last_name: values.last_name, phone: values.phone, fiscal_code: values.fiscal_code || null });
  const cart = $cart.get();
  const input = {
    ...cart,
    email: values.email,
    invoice: values.invoice,
    multipleDates: configuration.multipleDates,
    dates: configuration.dates,
    ref: $ref.get(),
    // Documents picked in this session go as files; stored ones by their id.
    medias: cart.medias.map((m) => ({ ...m, file: m.stored ? null : (fileFor(m.img) ?? null) })),
  };
  // A new order carries an Idempotency-Key, the same for a retry of this very submission.
  let submission: OrderSubmission | null = null;
  try {
    const editing = cart.orderCodeToReplace;
    let order: OrderResponse;
    if (editing) order = await replaceOrder(await loadApi(), editing, buildOrderEditFormData(input));
    else {
      const form = buildOrderFormData(input);
      submission = orderSubmission(form);
      order = await placeOrder(await loadApi(), configuration.shop!.id, form, submission.headers);
    }
    submission?.settle(CREATED);
    for (const m of cart.medias) forgetFile(m.img);
    clearCart();
    markKioskOrderPlaced();
    return { kind: 'placed', order, edited: !!editing };
  } catch (err) {
    submission?.settle(err instanceof ApiClientError ? err.status : null);
    if (!(err instanceof ApiClientError)) return { kind: 'failed' };
    if (GONE_STATUSES.has(err.status)) return { kind: 'gone', message: err.message };
    if (err.status === UNPROCESSABLE) return { kind: 'refused', refusal: checkoutRefusal(err, values.invoice) };
    return { kind: 'failed' };
  }
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
    if (err instanceof ApiClientError && err.status === UNPROCESSABLE) return { kind: 'refused', message: err.errors.code?.[0] ?? err.message };
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
