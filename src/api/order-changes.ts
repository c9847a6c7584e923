// Changes shop staff make to an order from the cash desk: contact data, who each item
// is for, cancelling (reading the order again is api/cash-desk.ts fetchShopOrder). The kiosk's
// token goes with every call (the page's client sends it on a kiosk); the server checks what the order
// still allows (410 otherwise; 409 while a cash desk is charging the card). Errors are the client's
// ApiClientError (422 with field messages). The changes are `quiet`: the screen says every refusal
// itself, where the staff are looking (a network failure is still announced by the client).
import type * as z from 'zod/mini';
import { ApiClientError, type ApiClient } from './client';
import { OrderEnvelopeSchema, type OrderResponse } from './contract/orders';
import type { OrderChangesSchema } from './contract/order-form';
import type { PoolChanges } from './contract/staff';

/** PATCH v1/orders/{id}: what the form sends (absent fields stay as they are). */
export type OrderContactChanges = z.input<typeof OrderChangesSchema>;

/** The order as the API answers it, with the translated message of the action when there is one. */
export interface ChangedOrder {
  order: OrderResponse;
  message?: string;
}

const orderPath = (id: number) => `v1/orders/${id}`;
/** The caller shows every refusal (under a field, in the screen, or as a notice). */
const QUIET = { quiet: true } as const;

/** PATCH v1/orders/{id}: first and last name, phone, e-mail, invoice and fiscal code. */
export async function changeOrderContact(api: ApiClient, id: number, changes: OrderContactChanges): Promise<OrderResponse> {
  const { data } = await api.patch(orderPath(id), { ...QUIET, json: changes, schema: OrderEnvelopeSchema });
  return data;
}

/** PATCH v1/order_detail_pools/{id}: who the pool's items are for (an empty string clears a field). */
export async function changePoolCustomer(api: ApiClient, poolId: number, customer: NonNullable<PoolChanges['customer']>): Promise<OrderResponse> {
  const { data } = await api.patch(`v1/order_detail_pools/${poolId}`, { ...QUIET, json: { customer } satisfies PoolChanges, schema: OrderEnvelopeSchema });
  return data;
}

/** DELETE v1/orders/{id}?date=: cancels an unpaid order; `day` is today in Rome ('YYYY-MM-DD'). */
export async function cancelOrder(api: ApiClient, id: number, day: string): Promise<ChangedOrder> {
  const { data, message } = await api.delete(orderPath(id), { ...QUIET, query: { date: day }, schema: OrderEnvelopeSchema });
  return { order: data, message };
}

/**
 * A 422 split between the form's fields (the first message of each, in the form's order, so the
 * first one can take the focus) and the rest (fields the form does not show; the message alone
 * when no field is named).
 */
export function splitFieldErrors<F extends string>(
  err: ApiClientError,
  fields: readonly F[],
  /** Taken off the server's field names first ('customer.' for a pool's customer). */
  prefix = '',
): { fields: [F, string][]; rest: string[] } {
  const onFields: [F, string][] = [];
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(err.errors)) {
    const field = prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name;
    if ((fields as readonly string[]).includes(field) && messages[0]) onFields.push([field as F, messages[0]]);
    else rest.push(...messages);
  }
  if (onFields.length === 0 && rest.length === 0 && err.message) rest.push(err.message);
  onFields.sort(([a], [b]) => fields.indexOf(a) - fields.indexOf(b));
  return { fields: onFields, rest: [...new Set(rest)] };
}

/**
 * Statuses meaning "the order does not allow this now": changed, paid or gone meanwhile (410, 404),
 * or a cash desk charging the card for it (409, naming the desk).
 */
const REFUSED_STATUSES: ReadonlySet<number> = new Set([404, 409, 410]);

/** The server refused a change because of the order's state: show its message, read the order again. */
export function isRefusal(err: unknown): err is ApiClientError {
  return err instanceof ApiClientError && REFUSED_STATUSES.has(err.status);
}
