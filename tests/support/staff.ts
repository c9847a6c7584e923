// Helpers for the staff API tests: paired kiosk tokens, JSON calls, and orders of the demo shop.
import { DEMO_TOTEMS } from '../../server/db/seed/kiosk';
import type { TestApi } from './app';
import { file, json, orderForm, pick, PNG_BYTES, postOrder, type OrderInput, type OrderJson } from './orders';

/** Bardonecchia Sport Rent: the shop with the three demo kiosks (types 10, 20, 30). */
export const SHOP = 6;
/** Sport Noleggio Sestriere: the other shop's cash desk. */
export const OTHER_SHOP = 1;

export const totemOf = (code: string) => DEMO_TOTEMS.find((t) => t.code === code)!;

export interface Kiosks {
  /** Type 10, public kiosk of SHOP. */
  public: string;
  /** Type 20, totem admin of SHOP. */
  admin: string;
  /** Type 30, admin + cash desk of SHOP. */
  cash: string;
  /** Type 30 of OTHER_SHOP. */
  other: string;
}

export async function pair(api: TestApi, code: string): Promise<string> {
  const res = await api.request('/api/v1/pair', { method: 'POST', json: { code } });
  if (res.status !== 200) throw new Error(`pair ${res.status}: ${await res.text()}`);
  return (await json<{ data: { token: string } }>(res)).data.token;
}

export async function pairAll(api: TestApi): Promise<Kiosks> {
  const [pub, admin, cash, other] = await Promise.all(
    ['BARD-01', 'BARD-02', 'BARD-03', 'SEST-01'].map((code) => pair(api, totemOf(code).pairingCode)),
  );
  return { public: pub!, admin: admin!, cash: cash!, other: other! };
}

export interface Call {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A JSON call; the body is parsed when there is one. */
export async function call(api: TestApi, method: string, path: string, token?: string, body?: unknown): Promise<Call> {
  const res = await api.request(path, { method, token, json: body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* CSV and other bodies stay text */
  }
  return { status: res.status, body: parsed };
}

/** An order as the API answers it (pools and lines carry their ids). */
export type StaffOrderJson = OrderJson;

/** An identity document (a small valid PNG): a public kiosk's orders need one (issue #12). */
export const idDocument = (name = 'carta-identita.png') => file(PNG_BYTES, name, 'image/png');

/** A guest order of `code` (no customer info needed: CITYBIKE, CIASPOLE…) with optional add-ons by code. */
export async function placeOrder(
  api: TestApi,
  options: {
    from: string;
    to?: string;
    code?: string;
    addOns?: string[];
    shop?: number;
    morning?: boolean;
    token?: string;
    count?: number;
    medias?: OrderInput['medias'];
  },
): Promise<StaffOrderJson> {
  const shop = options.shop ?? SHOP;
  const to = options.to ?? options.from;
  const params = { from: options.from, to, morning: options.morning ? '1' : undefined };
  const picked = await pick(api, shop, options.code ?? 'CITYBIKE', params);
  const prices = [picked.main.id, ...(options.addOns ?? []).map((c) => picked.addOns[c]!.price.id)];
  const cart = Array.from({ length: options.count ?? 1 }, () => ({ prices }));
  const { status, body, order } = await postOrder(api, shop, orderForm({ from: options.from, to, morning: options.morning, cart, medias: options.medias }), { token: options.token });
  if (status !== 201) throw new Error(`order ${status}: ${JSON.stringify(body)}`);
  return order as never;
}

/** The internal code of the n-th unit (1-based) of a product of a shop, as seeded. */
export const unit = (product: string, n: number, shop = SHOP) => `S${String(shop).padStart(2, '0')}-${product}-${String(n).padStart(2, '0')}`;
