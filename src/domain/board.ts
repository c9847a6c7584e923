// The shop's wall board: which column each of today's orders belongs in. A rental shop's
// day at the counter: customers waiting in the queue, orders starting today to get ready, what went
// out today, and what is due back today. Each order shows in one column at most, so the wall never
// lists it twice; an order with everything back, or cancelled (the server leaves it out), is done
// and leaves the board.
import type { BoardOrder } from '../api/contract/board';
import { toRomeDay } from './dates';

export const BoardColumns = {
  /** Pushed in the queue today and not handed out yet: the customer is at the shop, waiting. */
  QUEUE: 'queue',
  /** Starting today, not handed out yet and not in the queue: to get ready before they come. */
  PREPARE: 'prepare',
  /** Handed out today and not due back today. */
  DELIVERED: 'delivered',
  /** Out and due back today (or overdue): what the counter expects back before closing. */
  RETURNS: 'returns',
} as const;
export type BoardColumn = (typeof BoardColumns)[keyof typeof BoardColumns];

/** Left to right (top to bottom on a portrait screen): the order a customer goes through the shop. */
export const BOARD_COLUMNS: readonly BoardColumn[] = [BoardColumns.QUEUE, BoardColumns.PREPARE, BoardColumns.DELIVERED, BoardColumns.RETURNS];

/**
 * Cards a column shows before "and N more": what fits without scrolling at the type size read from
 * 3 m, on a 1920×1080 landscape wall (one row of four columns) and a 1080×1920 portrait one (two
 * rows of two columns).
 */
export const BOARD_CARDS_SHOWN = { landscape: 3, portrait: 4 } as const;

export type BoardColumnsMap = Record<BoardColumn, BoardOrder[]>;

const romeDayOf = (iso: string | null): string | null => (iso ? toRomeDay(new Date(iso)) : null);

/** The column of one order on `today` (Europe/Rome 'YYYY-MM-DD'), or null when it is not on the board. */
export function boardColumn(order: BoardOrder, today: string): BoardColumn | null {
  if (order.delivered_at) {
    // Everything back: the rental is over.
    if (order.units_out === 0) return null;
    if (order.date_to <= today) return BoardColumns.RETURNS;
    return romeDayOf(order.delivered_at) === today ? BoardColumns.DELIVERED : null;
  }
  if (romeDayOf(order.queued_at) === today) return BoardColumns.QUEUE;
  return order.date_from === today ? BoardColumns.PREPARE : null;
}

const byTime = (field: 'queued_at' | 'delivered_at', direction: 1 | -1) => (a: BoardOrder, b: BoardOrder) =>
  direction * (Date.parse(a[field] ?? '') - Date.parse(b[field] ?? '')) || a.id - b.id;
const byId = (a: BoardOrder, b: BoardOrder) => a.id - b.id;

/** How each column is sorted: the queue first come first served, the newest hand-out on top. */
const SORTS: Record<BoardColumn, (a: BoardOrder, b: BoardOrder) => number> = {
  [BoardColumns.QUEUE]: byTime('queued_at', 1),
  [BoardColumns.PREPARE]: byId,
  [BoardColumns.DELIVERED]: byTime('delivered_at', -1),
  [BoardColumns.RETURNS]: byId,
};

/** Today's orders by column, each column in its order. */
export function classifyBoard(orders: readonly BoardOrder[], today: string): BoardColumnsMap {
  const columns: BoardColumnsMap = { queue: [], prepare: [], delivered: [], returns: [] };
  for (const order of orders) {
    const column = boardColumn(order, today);
    if (column) columns[column].push(order);
  }
  for (const column of BOARD_COLUMNS) columns[column].sort(SORTS[column]);
  return columns;
}

/** "R." for "rossi", "D." for "de Rossi": a wall shows the first name and an initial only. */
export function lastInitial(lastName: string | null | undefined): string {
  const first = Array.from((lastName ?? '').trim())[0];
  return first ? `${first.toLocaleUpperCase('it-IT')}.` : '';
}

/** "Giulia V.", as the wall shows a customer. */
export function boardName(order: Pick<BoardOrder, 'first_name' | 'last_initial'>): string {
  return `${order.first_name.trim()} ${order.last_initial}`.trim();
}

/**
 * An order number split for a wall: "06-0000042" → lead "06-00000", tail "42". The tail is what
 * people say and look for; the lead (shop and padding) is shown smaller. A number of another shape
 * is all tail.
 */
export function numberParts(number: string): { lead: string; tail: string } {
  const match = /^(\d+-0*)(\d+)$/.exec(number);
  return match ? { lead: match[1]!, tail: match[2]! } : { lead: '', tail: number };
}
