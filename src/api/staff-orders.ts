// The kiosk's order requests (staff side of spec §7): search the shop's orders.
import { OrderListEnvelopeSchema, type OrderResponse } from './contract/orders';
import type { ApiClient } from './client';

export interface ShopOrderQuery {
  /** Number, name, e-mail or phone (any shape: the server compares digits). */
  q?: string;
  /** A day ('YYYY-MM-DD') the order covers. */
  date?: string;
}

/** GET v1/orders/search with the kiosk's token: its shop's orders, newest first (at most 100). */
export async function searchShopOrders(api: ApiClient, query: ShopOrderQuery, signal?: AbortSignal): Promise<OrderResponse[]> {
  const { data } = await api.get('v1/orders/search', { query: { q: query.q?.trim(), date: query.date }, schema: OrderListEnvelopeSchema, signal });
  return data;
}
