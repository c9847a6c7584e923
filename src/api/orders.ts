// The customer's orders (spec §7): placing one from the checkout (or its replacement in edit mode),
// reading one by its uuid, the list of the logged-in customer's, cancelling one. Each answer is
// parsed with the contract's envelope. Errors reach the caller as the client's ApiClientError
// (422 with field messages; 404/410 without a notice, left to the caller by spec §8).
import { OrderEnvelopeSchema, OrderListEnvelopeSchema, type OrderResponse } from './contract/orders';
import type { ApiClient } from './client';

const uuidPath = (uuid: string) => `v1/orders/${encodeURIComponent(uuid)}`;

/** POST v1/shops/{id}/orders: a new order from the checkout's multipart form. */
export async function placeOrder(api: ApiClient, shopId: number, form: FormData, headers?: Record<string, string>): Promise<OrderResponse> {
  return (await api.post(`v1/shops/${shopId}/orders`, { form, schema: OrderEnvelopeSchema, headers })).data;
}

/** POST v1/orders/{uuid}: edit mode, the patched form replaces the order the cart was loaded from. */
export async function replaceOrder(api: ApiClient, uuid: string, form: FormData): Promise<OrderResponse> {
  return (await api.post(uuidPath(uuid), { form, schema: OrderEnvelopeSchema })).data;
}

/** GET v1/guest/orders/{uuid}: the guest path serves owners and guest-link holders alike. */
export async function fetchOrder(api: ApiClient, uuid: string): Promise<OrderResponse> {
  return (await api.get(`v1/guest/orders/${encodeURIComponent(uuid)}`, { schema: OrderEnvelopeSchema })).data;
}

/** GET v1/orders: the logged-in customer's orders. */
export async function fetchMyOrders(api: ApiClient): Promise<OrderResponse[]> {
  return (await api.get('v1/orders', { schema: OrderListEnvelopeSchema })).data;
}

/** DELETE v1/orders/{uuid}?date=: cancels the order; `day` is today in Rome ('YYYY-MM-DD'). */
export async function cancelMyOrder(api: ApiClient, uuid: string, day: string): Promise<OrderResponse> {
  return (await api.delete(uuidPath(uuid), { query: { date: day }, schema: OrderEnvelopeSchema })).data;
}

/** Where the order's export is downloaded from (a link, not a request: the browser fetches it). */
export function orderExportPath(api: ApiClient, uuid: string): string {
  return api.urlFor(uuidPath(uuid) + '/export').pathname;
}
