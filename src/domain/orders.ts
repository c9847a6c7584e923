// Order rules: the multipart form sent to create or edit an order (spec §3 "Order form"),
// pools and the extra specific products of a delivery.
import type { CartProduct, CartState } from '../api/contract/cart';
import type { DeliveryDetail, Media, Order, OrderDetailPool, SpecificProduct } from '../api/contract/orders';
import { dateParams, flag } from './booking-params';
import { sendableCouponCodes } from './cart';
import type { DateMode } from './dates';

export const CUSTOMER_FIELDS = ['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level'] as const;

export type OrderFormMedia = Pick<Media, 'id' | 'stored' | 'deleted'> & { file?: Blob | null };

export type OrderFormInput = Pick<
  CartState,
  'phone' | 'first_name' | 'last_name' | 'fiscal_code' | 'fidelityCardNumber' | 'coupons'
> &
  Partial<Pick<CartState, 'orderCodeToReplace'>> & {
    products: readonly Pick<CartProduct, 'id_price' | 'related' | 'customer'>[];
    medias: readonly OrderFormMedia[];
    multipleDates: DateMode;
    dates: readonly (string | null | undefined)[];
    email: string | null | undefined;
    invoice: boolean;
  };

const text = (value: string | number | null | undefined): string => (value == null ? '' : String(value));

/** The chosen main price first, then the add-on prices in use. */
export function cartProductPriceIds(product: Pick<CartProduct, 'id_price' | 'related'>): number[] {
  return [product.id_price, ...product.related.filter((r) => r.used).map((r) => r.id_price)];
}

/** Multipart body of POST v1/shops/{id}/orders, with bracket-notation field names. */
export function buildOrderFormData(input: OrderFormInput): FormData {
  const form = new FormData();
  const dates = dateParams(input.multipleDates, input.dates);
  form.append('from', dates.from);
  form.append('to', dates.to);
  form.append('morning', dates.morning);
  form.append('afternoon', dates.afternoon);
  form.append('season', dates.season);
  form.append('invoice', flag(input.invoice));
  form.append('first_name', text(input.first_name));
  form.append('last_name', text(input.last_name));
  form.append('phone', text(input.phone));
  form.append('email', text(input.email));
  form.append('fiscal_code', text(input.fiscal_code));
  form.append('fidelity_card_number', text(input.fidelityCardNumber));
  sendableCouponCodes(input.coupons).forEach((code, i) => form.append(`coupon_codes[${i}]`, code));

  input.products.forEach((product, i) => {
    cartProductPriceIds(product).forEach((id, j) => form.append(`cart[${i}][prices][${j}]`, String(id)));
    const customer = product.customer;
    if (customer) {
      for (const field of CUSTOMER_FIELDS) form.append(`cart[${i}][customer][${field}]`, text(customer[field]));
    }
  });

  input.medias.forEach((media, i) => {
    form.append(`medias[${i}][id]`, String(media.id || 0));
    form.append(`medias[${i}][stored]`, flag(media.stored));
    form.append(`medias[${i}][deleted]`, flag(media.deleted));
    if (media.file) form.append(`medias[${i}][file]`, media.file);
  });

  if (input.orderCodeToReplace) form.append('edit_order_code', input.orderCodeToReplace);
  return form;
}

/**
 * What makes two order submissions the same one (issue #11, the checkout's Idempotency-Key): every
 * field in order, each document by its name, type, size and date. A retry of the same submission
 * keeps its key; a changed cart or contact is a new submission with a new key. The answer is a
 * digest, never the fields: it is kept in the browser's storage (a kiosk's too) until the
 * submission ends, and must not leave a customer's name, phone or fiscal code there.
 */
export function orderFormFingerprint(form: FormData): string {
  const parts: string[][] = [];
  form.forEach((value, name) => {
    parts.push(typeof value === 'string' ? [name, value] : [name, 'file', value.name, value.type, String(value.size), String(value.lastModified)]);
  });
  return digest53(JSON.stringify(parts));
}

/**
 * A 53-bit digest of a text (cyrb53: two 32-bit multiply-xor lanes), synchronous and small. For
 * telling submissions apart, not for secrets: a collision only means a retry key is reused.
 */
export function digest53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Edit form: the same body sent as POST v1/orders/{id} with the PATCH override. */
export function buildOrderEditFormData(input: OrderFormInput): FormData {
  const form = buildOrderFormData(input);
  form.append('_method', 'PATCH');
  return form;
}

/** Pools with `index` defaulting to their position. */
export function orderDetailPools(
  order: Pick<Order, 'order_detail_pools'>,
): (OrderDetailPool & { index: number })[] {
  return order.order_detail_pools.map((pool, position) => ({ ...pool, index: pool.index ?? position }));
}

export interface ExtraSpecificProduct extends Partial<SpecificProduct> {
  delivery: {
    id: number;
    date: string | null;
    date_return: string | null;
    forced: boolean;
    deleted: false;
    add: false;
  };
  pickup_date: string | null;
  used: boolean;
  managed: boolean;
  price: number | null;
}

/**
 * Delivery details not linked to an order line (id_order_detail null) are specific products
 * handed out on top of the order; each gets its delivery block.
 */
export function extraSpecificProducts(order: Pick<Order, 'delivery'>): ExtraSpecificProduct[] {
  const details: readonly DeliveryDetail[] = order.delivery?.delivery_details ?? [];
  return details
    .filter((d) => d.id_order_detail == null)
    .map((d) => ({
      ...d.delivery_detail_specific_product?.specific_product,
      delivery: {
        id: d.id,
        date: d.datetime_delivery ?? null,
        date_return: d.datetime_return ?? null,
        forced: d.forced,
        deleted: false,
        add: false,
      },
      pickup_date: d.datetime_return ?? null,
      used: d.used,
      managed: d.managed,
      price: d.price ?? null,
    }));
}

/**
 * Which cart line (and which of its customer's fields) a server error is about:
 * `cart.2.customer.level` → { line: 2, customerField: 'level' }, `cart.0.prices` → { line: 0 }.
 * Null for an error that is not about a line.
 */
export function cartLineOfError(field: string): { line: number; customerField: (typeof CUSTOMER_FIELDS)[number] | null } | null {
  const match = /^cart\.(\d+)(?:\.customer\.(\w+))?(?:\.|$)/.exec(field);
  if (!match) return null;
  const customerField = CUSTOMER_FIELDS.find((f) => f === match[2]) ?? null;
  return { line: Number(match[1]), customerField };
}
