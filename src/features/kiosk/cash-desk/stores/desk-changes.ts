// Changes staff make to an order at the cash desk (kept out of the
// islands): contact data, who an item is for, cancelling. Each answers an outcome the screen
// renders: saved; a 422's messages for the form's fields (the rest listed); refused by the order's
// state (changed, paid or gone meanwhile, or a desk charging it) with the order as it is now read
// again; another answer's message; or nothing to say (no answer: the client said so).
import type { OrderResponse } from '~/api/contract/orders';
import { fetchShopOrder } from '~/api/cash-desk';
import { apiMessage, isUnprocessable } from '~/api/errors';
import { cancelOrder, changeOrderContact, changePoolCustomer, isRefusal, splitFieldErrors } from '~/api/order-changes';
import { poolCustomerChanges } from '~/domain/cash-desk';
import type { PersonForm } from '~/domain/people';
import { shownCheckoutFields, type CheckoutTextField, type OrderContact } from '~/domain/order-contact';
import { todayInRome } from '~/domain/dates';
import { api } from '~/stores/api';

export type DeskFailure =
  /** The order's state refused it: the server's why, and the order read again (null if it could not be). */
  | { kind: 'refused'; message: string; current: Promise<OrderResponse | null> }
  /** Another answer of the server: its message ('' when it gave none). */
  | { kind: 'error'; message: string }
  /** No answer: the API client already said so. */
  | { kind: 'failed' };

/** Saved: the order as the server now holds it, with its message when it gave one. */
export type DeskSaved = { kind: 'saved'; order: OrderResponse; message?: string };

export type DeskChange<F extends string> =
  | DeskSaved
  /** 422: the first message of each of the form's fields, in its order; the others listed. */
  | { kind: 'invalid'; fields: [F, string][]; rest: string[] }
  | DeskFailure;

/** The order as the desk reads it now; null when it cannot be read. */
export function readDeskOrder(uuid: string): Promise<OrderResponse | null> {
  return fetchShopOrder(api, uuid).catch(() => null);
}

function failure(err: unknown, orderUuid: string): DeskFailure {
  if (isRefusal(err)) return { kind: 'refused', message: err.message, current: readDeskOrder(orderUuid) };
  const message = apiMessage(err);
  return message === null ? { kind: 'failed' } : { kind: 'error', message };
}

/** PATCH the order's contact data. */
export async function changeDeskContact(order: Pick<OrderResponse, 'id' | 'uuid'>, values: OrderContact): Promise<DeskChange<CheckoutTextField>> {
  try {
    const saved = await changeOrderContact(api, order.id, {
      first_name: values.first_name,
      last_name: values.last_name,
      phone: values.phone,
      email: values.email,
      invoice: values.invoice,
      // Without an invoice the server drops the code; not sending it keeps the two in step.
      fiscal_code: values.invoice ? values.fiscal_code : undefined,
    });
    return { kind: 'saved', order: saved };
  } catch (err) {
    if (!isUnprocessable(err)) return failure(err, order.uuid);
    // The fiscal code is on the form only with an invoice; otherwise its message is listed.
    return { kind: 'invalid', ...splitFieldErrors(err, shownCheckoutFields(values.invoice)) };
  }
}

/** The pool form's fields in page order. */
export const DESK_POOL_FIELDS = ['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level'] as const;
export type DeskPoolField = (typeof DESK_POOL_FIELDS)[number];

/** PATCH who a pool's items are for (an emptied field clears it on the server). */
export async function changeDeskPoolCustomer(orderUuid: string, poolId: number, values: PersonForm): Promise<DeskChange<DeskPoolField>> {
  try {
    return { kind: 'saved', order: await changePoolCustomer(api, poolId, poolCustomerChanges(values)) };
  } catch (err) {
    if (!isUnprocessable(err)) return failure(err, orderUuid);
    // The API names them customer.height…; the form's fields are height…
    return { kind: 'invalid', ...splitFieldErrors(err, DESK_POOL_FIELDS, 'customer.') };
  }
}

/** Cancels an unpaid order (today in Rome is the day the API checks against). */
export async function cancelAtDesk(order: Pick<OrderResponse, 'id' | 'uuid'>): Promise<DeskSaved | DeskFailure> {
  try {
    const { order: cancelled, message } = await cancelOrder(api, order.id, todayInRome());
    return { kind: 'saved', order: cancelled, message };
  } catch (err) {
    return failure(err, order.uuid);
  }
}
