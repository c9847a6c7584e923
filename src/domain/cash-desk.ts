// What shop staff may still change in an order from the cash desk, and why not.
// The server decides (server/orders/access.ts assertCanChange, the pool route in
// server/routes/staff/orders.ts); this mirrors those rules so the screen offers only what the
// server will accept and says why it offers nothing else. A refusal that arrives anyway (a payment
// or a hand-out landing meanwhile) is the server's 410, handled by the screen.
import type { OrderResponse } from '../api/contract/orders';
import type { TotemType } from '../api/contract/kiosk';
import { todayInRome } from './dates';
import { totemRole, TotemPages } from './kiosk';
import { parseDecimal } from './validators';
import type { PersonForm } from './people';

/** Why an action is not offered; `kiosk.changes.why.<reason>` says it to the staff. */
export type ChangeRefusal = 'cancelled' | 'paid' | 'started' | 'handedOut';

export type ChangeOption = { allowed: true } | { allowed: false; reason: ChangeRefusal };

export interface OrderChangeOptions {
  /** Contact data (PATCH v1/orders/{id}): staff may while the order is confirmed. */
  contact: ChangeOption;
  /** Who each item is for (PATCH v1/order_detail_pools/{id}): while confirmed. */
  customers: ChangeOption;
  /** New dates and items (the cart's edit mode): editable, and nothing handed out. */
  replace: ChangeOption;
  /** Cancel: confirmed, unpaid, and nothing handed out. */
  cancel: ChangeOption;
}

type OrderFacts = Pick<OrderResponse, 'status' | 'paid' | 'editable' | 'date_from' | 'delivery'>;

const ALLOWED: ChangeOption = { allowed: true };
const refused = (reason: ChangeRefusal): ChangeOption => ({ allowed: false, reason });

/**
 * A unit of the order went out. The server refuses on any delivery row of the order (a reset
 * deletes the row), so every detail counts, whether or not it carries its time.
 */
export function isHandedOut(order: Pick<OrderResponse, 'delivery'>): boolean {
  return (order.delivery?.delivery_details ?? []).length > 0;
}

/** The rental has begun: its first day (Europe/Rome) is today or past. */
export function hasStarted(order: Pick<OrderResponse, 'date_from'>, now: Date): boolean {
  return todayInRome(now) >= order.date_from.slice(0, 10);
}

/**
 * The options of one order at `now`. `editable` is the server's verdict when the order was read;
 * the first day is checked again against `now`, so a screen left open past midnight stops offering
 * a change the server would refuse. Reasons go from the most to the least final: cancelled, handed
 * out, paid, started.
 */
export function orderChangeOptions(order: OrderFacts, now: Date): OrderChangeOptions {
  if (order.status === 'cancelled') {
    const no = refused('cancelled');
    return { contact: no, customers: no, replace: no, cancel: no };
  }
  const handedOut = isHandedOut(order);
  const replaceRefusal: ChangeRefusal | null = handedOut
    ? 'handedOut'
    : order.paid
      ? 'paid'
      : hasStarted(order, now) || !order.editable
        ? 'started'
        : null;
  const cancelRefusal: ChangeRefusal | null = handedOut ? 'handedOut' : order.paid ? 'paid' : null;
  return {
    contact: ALLOWED,
    customers: ALLOWED,
    replace: replaceRefusal ? refused(replaceRefusal) : ALLOWED,
    cancel: cancelRefusal ? refused(cancelRefusal) : ALLOWED,
  };
}

/** The cash desk's page of one order, without the locale prefix. */
export function cashDeskOrderPath(uuid: string): string {
  return `${TotemPages.CASH_DESK}/${encodeURIComponent(uuid)}`;
}

/**
 * Where a kiosk goes once the checkout saved an order: an admin totem that changed an order (from
 * its cash desk: staff have no other way into the edit mode) goes back to that order's cash-desk
 * page; anything else stays on the checkout's confirmation (null).
 */
export function afterCheckoutPath(totem: { type: TotemType | number } | null | undefined, order: Pick<OrderResponse, 'uuid'>, edited: boolean): string | null {
  return edited && totemRole(totem?.type).isAdmin ? cashDeskOrderPath(order.uuid) : null;
}

export { CUSTOMER_LEVELS, MEASURE_BOUNDS } from './people';

/**
 * What PATCH v1/order_detail_pools/{id} gets from the form: every field, trimmed, so a field
 * emptied at the desk is cleared on the server (its rule: '' clears). A measure typed with a comma
 * ("42,5") is sent with a point, as the booking stores it and the cart reads it back.
 */
export function poolCustomerChanges(form: PersonForm): PersonForm {
  const measure = (value: string) => {
    const n = parseDecimal(value);
    return Number.isFinite(n) ? String(n) : value.trim();
  };
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    height: measure(form.height),
    weight: measure(form.weight),
    shoe_size: measure(form.shoe_size),
    level: form.level.trim(),
  };
}
