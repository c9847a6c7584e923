// The cash desk's view of orders: what today asks of each order — money to collect,
// equipment to hand out — so those come first in the list, and how far its hand-out has gone.
import type { OrderResponse } from '../api/contract/orders';
import { dayToDisplay, romeTime, toRomeDay } from './dates';

type DeskOrder = Pick<OrderResponse, 'status' | 'paid' | 'date_from' | 'date_to' | 'delivery' | 'order_detail_pools'>;

export interface DeskOrderFlags {
  /** The rental covers today (Europe/Rome). */
  today: boolean;
  /** Running today and not paid: money to collect at the desk. */
  toCollect: boolean;
  /** Running today and nothing handed out yet. */
  toHandOut: boolean;
}

const dayOf = (value: string) => value.slice(0, 10);

/** What today asks of an order; a cancelled order asks nothing. */
export function deskOrderFlags(order: DeskOrder, today: string): DeskOrderFlags {
  const covers = dayOf(order.date_from) <= today && today <= dayOf(order.date_to);
  const live = covers && order.status === 'confirmed';
  return {
    today: covers,
    toCollect: live && !order.paid,
    toHandOut: live && deliveryProgress(order).out === 0,
  };
}

/**
 * The list with today's orders that still need the desk first (to collect, then to hand out), the
 * others after, each group in the order the API gave (newest first).
 */
export function sortForDesk<T extends DeskOrder>(orders: readonly T[], today: string): T[] {
  const rank = (o: T) => {
    const f = deskOrderFlags(o, today);
    return f.toCollect ? 0 : f.toHandOut ? 1 : 2;
  };
  return orders
    .map((order, index) => ({ order, index, rank: rank(order) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.order);
}

export interface DeliveryProgress {
  /** Order lines: each is one unit to hand out. */
  total: number;
  /** Units handed out (returned ones included). */
  out: number;
  /** Units back in the shop. */
  back: number;
}

export function deliveryProgress(order: Pick<OrderResponse, 'delivery' | 'order_detail_pools'>): DeliveryProgress {
  const details = order.delivery?.delivery_details ?? [];
  return {
    total: order.order_detail_pools.reduce((n, pool) => n + pool.order_details.length, 0),
    out: details.filter((d) => d.datetime_delivery).length,
    back: details.filter((d) => d.datetime_return).length,
  };
}

/**
 * The order whose number is exactly what was typed or scanned (any case, spaces around ignored):
 * a scanned order number opens that order at once instead of listing the search's results.
 */
export function orderWithNumber<T extends Pick<OrderResponse, 'number'>>(orders: readonly T[], typed: string | undefined): T | undefined {
  const wanted = typed?.trim().toUpperCase();
  return wanted ? orders.find((o) => o.number.toUpperCase() === wanted) : undefined;
}

/** The order of a cash-desk address (`/totem/cash-desk/{uuid}`, without locale), or null for the list. */
export function cashDeskOrderUuid(path: string): string | null {
  const match = /^\/totem\/cash-desk\/([^/]+)\/?$/.exec(path);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * When a payment was taken, as the desk says it: "oggi alle 09:42" (`date` null) or "il 05/12/2026
 * alle 09:42", in Rome's time. The words are `kiosk.pay.paidToday` / `kiosk.pay.paidOn`.
 */
export function paidWhen(paidAt: string, now: Date = new Date()): { date: string | null; time: string } {
  const day = toRomeDay(new Date(paidAt));
  return { date: day === toRomeDay(now) ? null : dayToDisplay(day), time: romeTime(paidAt) };
}
