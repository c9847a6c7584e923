// The cash desk's API requests (staff side of spec §7): one order of the shop, the
// payment claim that keeps a second desk from charging it (and staff releasing the claim of a desk
// that is gone), recording a payment the terminal took, and the terminal's failure log (the
// cashier close is api/cashier.ts). Typed by the contract.
import { OrderFidelityCardResponseSchema, type OrderFidelityCard } from './contract/fidelity';
import { OrderEnvelopeSchema, type OrderResponse } from './contract/orders';
import {
  PaymentClaimHolderResponseSchema,
  PaymentClaimResponseSchema,
  type PaymentClaimReleaseRequest,
  type PayRequest,
} from './contract/staff';
import { DESK_RECORD_TIMEOUT_MS } from '../domain/desk-payments';
import type { RecordPaymentsRequest } from './contract/desk-payments';
import { IDEMPOTENCY_HEADER } from './contract/idempotency';
import type { ApiClient } from './client';

/** GET v1/orders/{uuid} with the kiosk's token (an admin totem of the order's shop). */
export async function fetchShopOrder(api: ApiClient, uuid: string, signal?: AbortSignal): Promise<OrderResponse> {
  return (await api.get(`v1/orders/${encodeURIComponent(uuid)}`, { schema: OrderEnvelopeSchema, signal })).data;
}

/** GET v1/orders/{id}/fidelity_card: the loyalty card of the order's customer, or null. */
export async function fetchOrderFidelityCard(api: ApiClient, orderId: number, signal?: AbortSignal): Promise<OrderFidelityCard | null> {
  return (await api.get(`v1/orders/${orderId}/fidelity_card`, { schema: OrderFidelityCardResponseSchema, signal })).data;
}

/** Where one of the order's documents opens: its `url` is a path on the API's host (the kiosk's API may be another origin). */
export function documentHref(api: ApiClient, url: string): string {
  return new URL(url, api.urlFor('')).href;
}

/**
 * POST v1/orders/{id}/payment_claim: 409 while another desk charges it, 410 once paid or cancelled.
 * `timeoutMs`: give up like a dropped line (a claim renewed before a recording must not hang it).
 */
export async function claimPayment(api: ApiClient, orderId: number, attempt: string, timeoutMs?: number) {
  return (await api.post(`v1/orders/${orderId}/payment_claim`, { json: { attempt }, schema: PaymentClaimResponseSchema, quiet: true, timeoutMs })).data;
}

/** GET v1/orders/{id}/payment_claim: the desk holding the order's claim, or null when none does. */
export async function fetchClaimHolder(api: ApiClient, orderId: number) {
  return (await api.get(`v1/orders/${orderId}/payment_claim`, { schema: PaymentClaimHolderResponseSchema, quiet: true })).data;
}

/**
 * POST v1/orders/{id}/payment_claim/release: staff free the order from the claim of desk `totem`
 * (gone), with this kiosk's password. 422 on `password` when wrong, 409 when another desk holds it.
 */
export async function releaseClaimOf(api: ApiClient, orderId: number, body: PaymentClaimReleaseRequest): Promise<OrderResponse> {
  return (await api.post(`v1/orders/${orderId}/payment_claim/release`, { json: body, schema: OrderEnvelopeSchema, quiet: true })).data;
}

/** DELETE v1/orders/{id}/payment_claim: the terminal did not charge; another attempt may start. */
export async function releasePayment(api: ApiClient, orderId: number, attempt: string): Promise<void> {
  await api.delete(`v1/orders/${orderId}/payment_claim`, { query: { attempt }, quiet: true });
}

/** POST v1/orders/{id}/pay: the payment the terminal took (410 when the order is paid or cancelled). */
export async function recordPayment(api: ApiClient, orderId: number, body: PayRequest): Promise<OrderResponse> {
  // Retried until recorded: the screen says so, no notice per attempt. A hung request gives up
  // like a dropped line (a network error), so the store retries it.
  return (
    await api.post(`v1/orders/${orderId}/pay`, { json: body, schema: OrderEnvelopeSchema, quiet: true, quietOffline: true, timeoutMs: DESK_RECORD_TIMEOUT_MS })
  ).data;
}

/**
 * POST v1/orders/{id}/desk_payments with the payment's own Idempotency-Key (the same for every retry
 * of it): cash, a card or transfer outside the terminal, or a split. 422 on `parts` for a wrong
 * total, 409 while a desk holds the order's claim, 410 once paid or cancelled.
 */
export async function recordDeskPayments(api: ApiClient, orderId: number, body: RecordPaymentsRequest, key: string): Promise<OrderResponse> {
  return (
    await api.post(`v1/orders/${orderId}/desk_payments`, {
      json: body,
      headers: { [IDEMPOTENCY_HEADER]: key },
      schema: OrderEnvelopeSchema,
      quiet: true,
      quietOffline: true,
      timeoutMs: DESK_RECORD_TIMEOUT_MS,
    })
  ).data;
}

/** POST {configured base}/pos_logs: a terminal failure, kept by the API with the order number. */
export async function postPosLog(api: ApiClient, log: { order_number: string; date: string; response: unknown }): Promise<void> {
  await api.post('pos_logs', { json: log, quiet: true });
}
