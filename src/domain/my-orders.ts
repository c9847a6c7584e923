// How the customer's orders list reads: the rentals still to come on top, soonest first, and the
// ones that are over below, newest first. An order whose last day has passed says "ended", not
// "to pay": what was owed was settled at the counter, and a two-year-old "to pay" alarms people.
export interface ListedOrder {
  date_from: string;
  date_to: string;
  status: 'confirmed' | 'cancelled';
  paid: boolean;
}

/** What the list's status cell says of an order. */
export type ListedState = 'cancelled' | 'ended' | 'paid' | 'unpaid';

export function listedState(order: ListedOrder, today: string): ListedState {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.date_to < today) return 'ended';
  return order.paid ? 'paid' : 'unpaid';
}

/** Upcoming (or running today) soonest first; past newest first. Days are 'YYYY-MM-DD'. */
export function splitByTime<T extends ListedOrder>(orders: readonly T[], today: string): { upcoming: T[]; past: T[] } {
  const upcoming = orders.filter((o) => o.date_to >= today).sort((a, b) => a.date_from.localeCompare(b.date_from));
  const past = orders.filter((o) => o.date_to < today).sort((a, b) => b.date_from.localeCompare(a.date_from));
  return { upcoming, past };
}
