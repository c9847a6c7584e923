// Sending the checkout's order: the form built from the cart, the new order with its
// Idempotency-Key (or the replacement of the order being edited), and what the answer means for
// the page. Loaded when the checkout opens, after its first paint (./checkout.ts): the customer
// fills the form meanwhile, and the page's first scripts carry none of it (the order's schemas,
// the form's encoding, the key's bookkeeping).
import { ApiClientError } from '~/api/client';
import type { OrderResponse } from '~/api/contract/orders';
import { placeOrder, replaceOrder } from '~/api/orders';
import { checkoutRefusal, type CheckoutRefusal } from '~/domain/checkout-errors';
import type { OrderContact } from '~/domain/order-contact';
import { buildOrderEditFormData, buildOrderFormData } from '~/domain/orders';
import { TERMS_VERSION } from '~/domain/terms';
import { mayShowIdAtDesk } from '~/domain/order-documents';
import { $cart, clearCart, setContact } from '~/stores/cart';
import { $configuration, $ref } from '~/stores/configuration';
import { markKioskOrderPlaced } from '~/stores/kiosk-device';
import { orderSubmission, type OrderSubmission } from './order-submission';
import { fileFor, forgetFile } from './uploads';
import { loadApi } from '~/stores/api-loader';

/** What the customer typed in the checkout form. */
export interface CheckoutValues extends OrderContact {
  /** The consent to the terms is ticked (not asked at a kiosk nor on an edit). */
  terms: boolean;
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

const GONE_STATUSES: ReadonlySet<number> = new Set([404, 410]);
const UNPROCESSABLE = 422;
const CREATED = 201;

/** Places the cart as an order (or its replacement in edit mode); the documents were checked. */
export async function sendOrder(values: CheckoutValues): Promise<OrderOutcome> {
  const configuration = $configuration.get();
  setContact({ first_name: values.first_name, last_name: values.last_name, phone: values.phone, fiscal_code: values.fiscal_code || null });
  const cart = $cart.get();
  const input = {
    ...cart,
    email: values.email,
    invoice: values.invoice,
    multipleDates: configuration.multipleDates,
    dates: configuration.dates,
    ref: $ref.get(),
    termsVersion: values.terms ? TERMS_VERSION : null,
    idAtDesk: cart.idAtDesk && mayShowIdAtDesk(configuration.totem),
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
    if (err.status === UNPROCESSABLE) return { kind: 'refused', refusal: checkoutRefusal(err, values.invoice, values.terms) };
    return { kind: 'failed' };
  }
}
