// Helpers for the API tests: shop loads, the seeded price list of a product, and order forms in the
// storefront's multipart bracket notation.
import { addDays, todayInRome } from '~/domain/dates';
import { offeredAddOns } from '~/domain/pricing';
import { flag } from '~/domain/booking-params';
import { encodeOrderForm } from '~/domain/orders';
import { TERMS_VERSION } from '~/domain/terms';
import { addOnTemplates, priceList, sportCatalogue } from '~server/db/seed/products';
import { AvailabilitiesSchema, ShopLoadSchema, type RelatedProduct, type ShopLoad } from '~/api/contract/catalogue';
import { LoginResponseSchema } from '~/api/contract/user';
import { SignupResponseSchema } from '~/api/contract/auth';
import type { TestApi } from './app';
import { OrderEnvelopeSchema, type OrderResponse } from '~/api/contract/orders';
import { answer, data, outcome } from './contract';

/** A Rome calendar day `n` days from today. */
export const day = (n: number) => addDays(todayInRome(), n);

export type Params = Record<string, string | undefined>;

export function query(params: Params): string {
  const defined = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  return new URLSearchParams(defined).toString();
}

export async function loadShop(api: TestApi, shopId: number, params: Params, lang?: string): Promise<ShopLoad> {
  const res = await api.request(`/api/v1/shops/${shopId}?${query(params)}`, { lang });
  if (res.status !== 200) throw new Error(`shop load ${res.status}: ${await res.text()}`);
  return data(res, ShopLoadSchema);
}

/** Index of each price in the seeded price list (`priceList`). */
export const TIER = { day: 0, days2to3: 1, days4to6: 2, days7plus: 3, morning: 4, afternoon: 5, season: 6 } as const;

/** The seeded amount of a product or add-on (by code) for a tier, independent of the API. */
export function seededAmount(code: string, tier: keyof typeof TIER): number {
  const templates = [...Object.values(sportCatalogue).flatMap((cats) => cats.flatMap((c) => c.products)), ...addOnTemplates];
  const template = templates.find((t) => t.code === code);
  if (!template) throw new Error(`no seeded product ${code}`);
  return priceList(template)[TIER[tier]]!.amount;
}

export const stockOf = (code: string) =>
  Object.values(sportCatalogue).flatMap((cats) => cats.flatMap((c) => c.products)).find((t) => t.code === code)!.stock;

/** Product id of a seeded product (main or add-on) of a shop, from the loaded catalogue. */
export function productId(api: TestApi, shopId: number, code: string): number {
  const shop = api.deps.catalogue.shopById(shopId)!;
  const main = shop.products.find((p) => p.row.code === code);
  if (main) return main.row.id;
  const addOn = shop.products.flatMap((p) => p.related).find((r) => r.product.code === code);
  if (!addOn) throw new Error(`shop ${shopId} has no product ${code}`);
  return addOn.product.id;
}

export interface Picked {
  product: ShopLoad['products'][number];
  main: NonNullable<ShopLoad['products'][number]['current_price']>;
  addOns: Record<string, RelatedProduct>;
}

/** Loads a shop for `params` and picks the product's current price and its offered add-ons by code. */
export async function pick(api: TestApi, shopId: number, code: string, params: Params): Promise<Picked> {
  const load = await loadShop(api, shopId, params);
  const product = load.products.find((p) => p.code === code);
  if (!product?.current_price) throw new Error(`no current price for ${code} in shop ${shopId}`);
  const addOns: Record<string, RelatedProduct> = {};
  for (const r of offeredAddOns(product.related, product.current_price.id)) {
    addOns[api.deps.catalogue.product(r.id)!.product.code] = r;
  }
  return { product, main: product.current_price, addOns };
}

export const CUSTOMER = { first_name: 'Luca', last_name: 'Bianchi', height: '180', weight: '75', shoe_size: '43', level: 'intermedio' };

export interface OrderInput {
  from: string;
  to?: string;
  morning?: boolean;
  afternoon?: boolean;
  season?: boolean;
  cart: { prices: number[]; customer?: Partial<typeof CUSTOMER>; size?: string }[];
  coupons?: string[];
  invoice?: boolean;
  fiscal_code?: string;
  fidelity_card_number?: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  email?: string;
  medias?: { id?: number; stored?: boolean; deleted?: boolean; file?: File }[];
  /** The terms' version the customer accepted: the one in force unless given; null sends none. */
  terms_version?: string | null;
  /** Any other field, sent as is. */
  extra?: Record<string, string>;
}

/** The multipart order form, with bracket keys as the storefront sends it (the domain's encoder). */
export function orderForm(input: OrderInput): FormData {
  const form = encodeOrderForm({
    from: input.from,
    to: input.to ?? input.from,
    morning: flag(input.morning),
    afternoon: flag(input.afternoon),
    season: flag(input.season),
    invoice: input.invoice ?? false,
    first_name: input.first_name ?? 'Giulia',
    last_name: input.last_name ?? 'Verdi',
    phone: input.phone ?? '+39 333 765 4321',
    email: input.email ?? 'giulia.verdi@example.com',
    fiscal_code: input.fiscal_code || undefined,
    fidelity_card_number: input.fidelity_card_number || undefined,
    coupon_codes: input.coupons ?? [],
    cart: input.cart,
    medias: input.medias ?? [],
    terms_version: input.terms_version === undefined ? TERMS_VERSION : input.terms_version,
  });
  for (const [k, v] of Object.entries(input.extra ?? {})) form.append(k, v);
  return form;
}

/** An order as the API answers it: the contract's schema, so tests read what clients read. */
export type OrderJson = OrderResponse;

/** Places an order: a 2xx answer parsed with the contract, or the refusal (the test checks the status). */
export async function postOrder(api: TestApi, shopId: number, form: FormData, init: { token?: string; lang?: string } = {}) {
  const res = await api.request(`/api/v1/shops/${shopId}/orders`, { method: 'POST', body: form, ...init });
  const body = await outcome(res, OrderEnvelopeSchema);
  return { status: res.status, body, order: body.data };
}

export async function availability(api: TestApi, shopId: number, params: Params): Promise<Record<string, number>> {
  const res = await api.request(`/api/v1/shops/${shopId}/availabilities?${query(params)}`);
  return (await answer(res, AvailabilitiesSchema)).availabilities;
}

export async function login(api: TestApi, username = 'mario.rossi@example.com', password = 'Demo-2026!'): Promise<string> {
  const res = await api.request('/api/v1/login', { method: 'POST', json: { username, password } });
  if (res.status !== 200) throw new Error(`login ${res.status}`);
  return (await answer(res, LoginResponseSchema)).data.token;
}

/** A new customer account; returns its token. */
export async function signup(api: TestApi, username: string, password = 'Password-123'): Promise<string> {
  const res = await api.request('/api/v1/signup', {
    method: 'POST',
    json: { first_name: 'Anna', last_name: 'Neri', username, password, password_confirmation: password },
  });
  if (res.status !== 201) throw new Error(`signup ${res.status}: ${await res.text()}`);
  return (await answer(res, SignupResponseSchema)).data.token;
}

/** Minimal real files: the API recognises documents by their bytes. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
export const file = (bytes: Buffer | string, name: string, type: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

/** An outbox .eml read back (tests/support/mail.ts). */
export { readMail } from './mail';
