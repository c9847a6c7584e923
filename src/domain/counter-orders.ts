// The orders a counter opens on (cash desk, delivery, pickup): the order of the rows and the days
// of the tabs. A Saturday morning's queue is mostly people who booked at the public kiosk a minute
// ago and walked to the desk: their orders come first, the newest on top, where staff look; the
// orders booked earlier (online, or at the kiosk before) follow, newest first too, so a row found
// once stays near where it was while new ones arrive above.
import type { CounterList, CounterOrder } from '../api/contract/counter';
import { addDays } from './dates';

/** The tabs of the hand-out list: today's orders and tomorrow's, to get ready. */
export const COUNTER_TABS = ['today', 'tomorrow'] as const;
export type CounterTab = (typeof COUNTER_TABS)[number];

/** The shop's day (Europe/Rome 'YYYY-MM-DD') a tab lists, for `today`. */
export function counterTabDay(tab: CounterTab, today: string): string {
  return tab === 'today' ? today : addDays(today, 1);
}

/** The list each screen opens on: the cash desk and delivery what goes out, pickup what comes back. */
export const COUNTER_SCREEN_LIST = { desk: 'hand_out', delivery: 'hand_out', pickup: 'returns' } as const satisfies Record<string, CounterList>;
export type CounterScreen = keyof typeof COUNTER_SCREEN_LIST;

const placedAt = (o: CounterOrder) => Date.parse(o.created_at) || 0;

/**
 * Kiosk orders first (placed at one of the shop's kiosks), newest first; then the others, newest
 * first. Equal instants fall back to the id, newest first, so the order of the rows never depends
 * on the order of the answer.
 */
export function compareCounterOrders(a: CounterOrder, b: CounterOrder): number {
  const kiosk = Number(b.totem_code !== null) - Number(a.totem_code !== null);
  return kiosk || placedAt(b) - placedAt(a) || b.id - a.id;
}

export function sortCounterOrders(orders: readonly CounterOrder[]): CounterOrder[] {
  return [...orders].sort(compareCounterOrders);
}

/** What a row says of the money: paid, or the amount still to collect. */
export function counterMoney(order: Pick<CounterOrder, 'paid' | 'total_amount'>): { paid: true } | { paid: false; due: number } {
  return order.paid ? { paid: true } : { paid: false, due: order.total_amount };
}
