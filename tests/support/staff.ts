// Helpers for the staff API tests: paired kiosk tokens, JSON calls, and orders of the demo shop.
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { DEMO_TOTEMS } from '~server/db/seed/kiosk';
import { deliveryDetails, specificProducts } from '~server/db/schema/index';
import { seededApi, type createTestApi, type TestApi } from './app';
import type { TestDriver } from './databases';
import { PairResponseSchema } from '~/api/contract/staff';
import type { OrderResponse } from '~/api/contract/orders';
import { answer, parseByRoute, type Refusal, type RouteAnswer } from './contract';
import { file, orderForm, pick, PNG_BYTES, postOrder, type OrderInput } from './orders';

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
  return (await answer(res, PairResponseSchema)).data.token;
}

export async function pairAll(api: TestApi): Promise<Kiosks> {
  const [pub, admin, cash, other] = await Promise.all(
    ['BARD-01', 'BARD-02', 'BARD-03', 'SEST-01'].map((code) => pair(api, totemOf(code).pairingCode)),
  );
  return { public: pub!, admin: admin!, cash: cash!, other: other! };
}

/**
 * The start the staff tests share: a fresh seeded API on `driver` with the four demo kiosks paired,
 * made before the tests of the calling describe block and disposed after them. The two objects are
 * returned at once and filled in place before the first test, so the tests, and the helpers a file
 * defines beside them, use `api` and `k` as they are (read at collection time, they are still empty).
 */
export function pairedKiosks(driver: TestDriver, options?: Parameters<typeof createTestApi>[1]): { api: TestApi; k: Kiosks } {
  const api = seededApi(driver, options);
  const k = {} as Kiosks;
  beforeAll(async () => {
    Object.assign(k, await pairAll(api));
  }, 120_000);
  return { api, k };
}

/** A call's status and body: the route's parsed 2xx answer (RouteAnswer), or a refusal. */
export interface Call<Body = unknown> {
  status: number;
  body: Body & Refusal;
}

/**
 * A JSON call; the body is parsed when there is one: a 2xx answer with its route's contract schema
 * (tests/support/contract-routes.ts), so the staff tests read what the kiosk reads.
 */
export async function call<M extends string, P extends string>(
  api: TestApi,
  method: M,
  path: P,
  token?: string,
  body?: unknown,
): Promise<Call<RouteAnswer<M, P>>> {
  const res = await api.request(path, { method, token, json: body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* CSV and other bodies stay text */
  }
  if (res.status >= 200 && res.status < 300 && typeof parsed === 'object' && parsed !== null) parsed = parseByRoute(method, path, parsed);
  // Typed by route (RouteAnswer) from the same table that parsed it at run time (parseByRoute).
  return { status: res.status, body: parsed as RouteAnswer<M, P> & Refusal };
}

/**
 * A payment taken at cash desk `token` as the desk takes it: the order claimed by a new attempt,
 * then recorded with that attempt and the total the claim answered (`extra` overrides the body).
 */
export async function payAtDesk(api: TestApi, orderId: number, token: string, extra: Record<string, unknown> = {}) {
  const attempt = randomUUID();
  const claim = await call(api, 'POST', `/api/v1/orders/${orderId}/payment_claim`, token, { attempt });
  if (claim.status !== 200) throw new Error(`claim ${claim.status}: ${JSON.stringify(claim.body)}`);
  const body = { date: new Date().toISOString(), pos_log: { test: true }, attempt, amount: claim.body.data.total_amount, ...extra };
  return call(api, 'POST', `/api/v1/orders/${orderId}/pay`, token, body);
}

/** An order as the API answers it (pools and lines carry their ids): the contract's type. */
export type StaffOrderJson = OrderResponse;

/** An identity document (a small valid PNG): a public kiosk's orders need one. */
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

/** How many times the unit was handed out (its delivery details, back or not), as the database holds it. */
export async function handOutsOf(api: TestApi, code: string): Promise<number> {
  const [row] = await api.deps.database.db
    .select({ n: count() })
    .from(deliveryDetails)
    .innerJoin(specificProducts, eq(specificProducts.id, deliveryDetails.specificProductId))
    .where(eq(specificProducts.internalCode, code));
  return row!.n;
}
