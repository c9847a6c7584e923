// The kiosk's delivery and pickup requests (spec §7): a scanned unit, an order, the
// price difference of an early or late return, and the confirmations' paths and answers. The
// confirmations themselves go through the kiosk's outbox (src/api/outbox.ts), never straight from here.
import * as z from 'zod/mini';
import { PriceDiffEnvelopeSchema, type PriceDiff } from './contract/delivery';
import { InventoryItemSchema } from './contract/inventory';
import { OrderEnvelopeSchema, OrderListEnvelopeSchema, type OrderResponse } from './contract/orders';
import { KIOSK_LOOKUP_TIMEOUT_MS } from '../domain/delivery';
import type { ApiClient } from './client';

const UnitEnvelopeSchema = z.object({ data: InventoryItemSchema });
export type ScannedUnitResponse = z.infer<typeof InventoryItemSchema>;

/**
 * GET v1/specific_products/{code}: what a scanned unit is (product, available, out or locked). 404
 * for a code the shop does not have. Quiet: the scan screen says it next to the input. No answer
 * within KIOSK_LOOKUP_TIMEOUT_MS fails like no answer at all (NetworkError): the scan goes on
 * unchecked instead of holding the scans after it.
 */
export async function lookUpUnit(api: ApiClient, code: string, signal?: AbortSignal): Promise<ScannedUnitResponse> {
  const { data } = await api.get(`v1/specific_products/${encodeURIComponent(code)}`, {
    schema: UnitEnvelopeSchema,
    signal,
    quiet: true,
    quietOffline: true,
    timeoutMs: KIOSK_LOOKUP_TIMEOUT_MS,
  });
  return data;
}

/** GET v1/orders/{id} with the kiosk's token. */
export async function fetchOrder(api: ApiClient, id: number, signal?: AbortSignal): Promise<OrderResponse> {
  const { data } = await api.get(`v1/orders/${id}`, { schema: OrderEnvelopeSchema, signal, quiet: true, quietOffline: true });
  return data;
}

/** GET v1/delivery_details/{id}/diff?to=: the hand-out priced as if back on `to`. */
export async function handOutDiff(api: ApiClient, deliveryDetailId: number, to: string, signal?: AbortSignal): Promise<PriceDiff> {
  const { data } = await api.get(`v1/delivery_details/${deliveryDetailId}/diff`, { query: { to }, schema: PriceDiffEnvelopeSchema, signal, quiet: true, quietOffline: true });
  return data;
}

/** GET v1/order_details/{id}/diff: the line priced by its latest hand-out (after the pickup: its return day). */
export async function lineDiff(api: ApiClient, orderDetailId: number, signal?: AbortSignal): Promise<PriceDiff> {
  const { data } = await api.get(`v1/order_details/${orderDetailId}/diff`, { schema: PriceDiffEnvelopeSchema, signal, quiet: true, quietOffline: true });
  return data;
}

/** Paths and answers of the confirmations the outbox sends. */
export const confirmations = {
  delivery: { path: 'v1/delivery', parse: (data: unknown): OrderResponse => OrderEnvelopeSchema.parse(data).data },
  pickup: { path: 'v1/pickup', parse: (data: unknown): OrderResponse[] => OrderListEnvelopeSchema.parse(data).data },
  resetDelivery: { path: (id: number) => `v1/delivery_details/${id}/reset_delivery`, parse: (data: unknown): OrderResponse => OrderEnvelopeSchema.parse(data).data },
  resetPickup: { path: (id: number) => `v1/delivery_details/${id}/reset_pickup`, parse: (data: unknown): OrderResponse => OrderEnvelopeSchema.parse(data).data },
} as const;
