// Order rules: the multipart form sent to create or edit an order (spec §3 "Order form"), and
// what an order's page reads back (the line of a server error, the order of an address).
import type { CartProduct, CartState } from '../api/contract/cart';
import type { Media } from '../api/contract/orders';
import { dateParams, flag, type DateParams } from './booking-params';
import { sendableCouponCodes } from './cart';
import type { DateMode } from './dates';
import { splitLocale } from './locale-path';
import { ORDER_FIELD_MAX } from './validators';

export const CUSTOMER_FIELDS = ['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level'] as const;

export type OrderFormMedia = Pick<Media, 'id' | 'stored' | 'deleted'> & { file?: Blob | null };

export type OrderFormInput = Pick<
  CartState,
  'phone' | 'first_name' | 'last_name' | 'fiscal_code' | 'fidelityCardNumber' | 'coupons'
> &
  Partial<Pick<CartState, 'orderCodeToReplace' | 'idAtDesk'>> & {
    /** The stored referral (`forced_ref`); an edit keeps the order's own whatever is sent. */
    ref?: string | null;
    /** The terms' version the customer accepted in the checkout; null at a kiosk (signed at the counter). */
    termsVersion?: string | null;
    products: readonly Pick<CartProduct, 'id_price' | 'related' | 'customer' | 'size'>[];
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

type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/** The order form's fields as they go on the wire (spec §3 "Order form"), before any cart rule. */
export interface OrderFormFields extends DateParams {
  invoice: boolean;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  /** Left out when undefined (the storefront sends them blank). */
  fiscal_code?: string;
  fidelity_card_number?: string;
  coupon_codes: readonly string[];
  /** Each item: its main price id first, then its add-on price ids; the person it is for; its size. */
  cart: readonly { prices: readonly number[]; customer?: Partial<Record<CustomerField, string>> | null; size?: string | null }[];
  medias: readonly { id?: number | null; stored?: boolean; deleted?: boolean; file?: Blob | null }[];
  edit_order_code?: string | null;
  ref?: string | null;
  /** The version of the terms the customer ticked (src/domain/terms.ts); none at a kiosk. */
  terms_version?: string | null;
  /** No document: the customer will show it at the desk (a public kiosk's order only). */
  id_at_desk?: boolean;
}

/**
 * Multipart body of POST v1/shops/{id}/orders, with bracket-notation field names: the one encoder
 * of the order form, for the storefront (buildOrderFormData) and the tests that post orders.
 */
export function encodeOrderForm(fields: OrderFormFields): FormData {
  const form = new FormData();
  form.append('from', fields.from);
  form.append('to', fields.to);
  form.append('morning', fields.morning);
  form.append('afternoon', fields.afternoon);
  form.append('season', fields.season);
  form.append('invoice', flag(fields.invoice));
  form.append('first_name', fields.first_name);
  form.append('last_name', fields.last_name);
  form.append('phone', fields.phone);
  form.append('email', fields.email);
  if (fields.fiscal_code !== undefined) form.append('fiscal_code', fields.fiscal_code);
  if (fields.fidelity_card_number !== undefined) form.append('fidelity_card_number', fields.fidelity_card_number);
  fields.coupon_codes.forEach((code, i) => form.append(`coupon_codes[${i}]`, code));

  fields.cart.forEach((entry, i) => {
    entry.prices.forEach((id, j) => form.append(`cart[${i}][prices][${j}]`, String(id)));
    const customer = entry.customer;
    if (customer) {
      for (const field of CUSTOMER_FIELDS) {
        const value = customer[field];
        if (value !== undefined) form.append(`cart[${i}][customer][${field}]`, value);
      }
    }
    if (entry.size) form.append(`cart[${i}][size]`, entry.size);
  });

  fields.medias.forEach((media, i) => {
    form.append(`medias[${i}][id]`, String(media.id || 0));
    form.append(`medias[${i}][stored]`, flag(media.stored));
    form.append(`medias[${i}][deleted]`, flag(media.deleted));
    if (media.file) form.append(`medias[${i}][file]`, media.file);
  });

  if (fields.edit_order_code) form.append('edit_order_code', fields.edit_order_code);
  if (fields.ref) form.append('ref', fields.ref);
  if (fields.terms_version) form.append('terms_version', fields.terms_version);
  if (fields.id_at_desk) form.append('id_at_desk', '1');
  return form;
}

/** The storefront's order form, from the cart: its dates, contact, coupons, items and documents. */
export function buildOrderFormData(input: OrderFormInput): FormData {
  return encodeOrderForm({
    ...dateParams(input.multipleDates, input.dates),
    invoice: input.invoice,
    first_name: text(input.first_name),
    last_name: text(input.last_name),
    phone: text(input.phone),
    email: text(input.email),
    fiscal_code: text(input.fiscal_code),
    fidelity_card_number: text(input.fidelityCardNumber),
    coupon_codes: sendableCouponCodes(input.coupons),
    cart: input.products.map((product) => {
      const customer = product.customer;
      return {
        prices: cartProductPriceIds(product),
        // Every field, blank when unknown: the API reads a blank as not given.
        customer: customer ? Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, text(customer[field])])) : null,
        size: product.size ?? null,
      };
    }),
    medias: input.medias,
    edit_order_code: input.orderCodeToReplace,
    // One the API would refuse (too long) is left out: a referral must never block the order.
    ref: input.ref && input.ref.length <= ORDER_FIELD_MAX.code ? input.ref : null,
    terms_version: input.termsVersion ?? null,
    // Sent only without documents: one photographed after choosing it is the document itself.
    id_at_desk: !!input.idAtDesk && !input.medias.some((m) => !m.deleted),
  });
}

/**
 * What makes two order submissions the same one (the checkout's Idempotency-Key): every
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

/** The last segment of the static shell that serves every order page (/orders/view/). */
export const ORDER_PAGE_SHELL = 'view';

/** The page a just-placed order lands on, a static page of its own under /orders/. */
const CONFIRMATION_PAGE = 'confirmed';

/**
 * The address of an order's confirmation: the order's uuid (the guest link's capability, what its
 * page's address holds) in the query, so a reload, Back or another language shows it again.
 */
export function confirmationPath(uuid: string): string {
  return `/orders/${CONFIRMATION_PAGE}/?order=${encodeURIComponent(uuid)}`;
}

/** The order a confirmation's query names; null when it names none. */
export function confirmedOrderId(search: string): string | null {
  return new URLSearchParams(search).get('order')?.trim() || null;
}

/**
 * The order's uuid in the address of its page (/orders/{uuid}, with or without the locale
 * prefix); null on the static shell /orders/view and the confirmation page themselves, and on any other page. The order page
 * reads its order with it, and the product server serves the shell for exactly these addresses.
 */
export function orderIdFromPath(pathname: string): string | null {
  const id = /^\/orders\/([^/]+)\/?$/.exec(splitLocale(pathname).path)?.[1] ?? null;
  return id === ORDER_PAGE_SHELL || id === CONFIRMATION_PAGE ? null : id;
}
