// The booking index: which confirmed order holds which product for which period. Read from the
// database at start (and after a lost notification connection), then kept equal to it by the
// after-commit hook (commit.ts), order by order; bookings long ended are left out (below).
import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { halfDayOf, type BookingPeriod } from '~/domain/availability';
import { addDays } from '~/domain/dates';
import type { Db } from '../db/client';
import { executedRows } from '../db/rows';
import { orderDetails, orders } from '../db/schema/index';

/** What one order holds: its lines' products for its period; `period` null when it holds nothing (cancelled, gone). */
export interface OrderBookings {
  orderId: number;
  productIds: readonly number[];
  /** The size each line books, in the order of `productIds` (null or missing: any size). */
  sizes?: readonly (string | null)[];
  period: BookingPeriod | null;
}

interface Booking {
  orderId: number;
  period: BookingPeriod;
  size: string | null;
}

/**
 * Bookings that ended more than this many days ago are not kept in memory. Every order ever confirmed
 * would otherwise stay in the index and in the start-up read (about 360 bytes each: a network's
 * years of history against the server's heap cap). No order's stock check looks that far back: an
 * order's dates are refused in the past, and the earliest period checked is a season price's, which
 * starts at most a year before today (a season is a window of month-days). The availability reads
 * accept any day since 2000: for days before the kept window they answer with those bookings gone
 * (the units long back in the shop), which no screen asks.
 */
export const ENDED_BOOKINGS_KEPT_DAYS = 400;

/** The first end day a booking kept in memory may have, on `today` (Rome). */
export const keptFrom = (today: string): string => addDays(today, -ENDED_BOOKINGS_KEPT_DAYS);

export function orderPeriod(o: { mode: number; dateFrom: string; dateTo: string }): BookingPeriod {
  return {
    from: o.dateFrom,
    to: o.dateTo,
    half: halfDayOf(o.mode),
  };
}

/** One unit a confirmed order books: its line's product and size (null: any size) for the order's period. */
export interface BookedLine {
  productId: number;
  size: string | null;
  period: BookingPeriod;
}

/**
 * The lines of confirmed orders booking these products on some day of `period`, as the database
 * holds them (the locked checks read them inside their lock), without those of `excludeOrderId`.
 */
export async function readBookedLines(db: Db, productIds: readonly number[], period: { from: string; to: string }, excludeOrderId?: number): Promise<BookedLine[]> {
  const rows = await db
    .select({ productId: orderDetails.productId, size: orderDetails.size, mode: orders.mode, dateFrom: orders.dateFrom, dateTo: orders.dateTo })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(
      and(
        inArray(orderDetails.productId, [...productIds]),
        eq(orders.status, 'confirmed'),
        lte(orders.dateFrom, period.to),
        gte(orders.dateTo, period.from),
        excludeOrderId !== undefined ? ne(orders.id, excludeOrderId) : undefined,
      ),
    );
  return rows.map((r) => ({ productId: r.productId, size: r.size, period: orderPeriod(r) }));
}

export class BookingIndex {
  /** product id → one entry per booked unit (order line) of a confirmed order. */
  private byProduct = new Map<number, Booking[]>();
  /** order id → the products it has entries under: a commit touches only its order's lists. */
  private productsOf = new Map<number, number[]>();
  /**
   * One period object per distinct period: orders share a handful of periods (a few per day of the
   * kept window), so a year of bookings holds thousands of periods, not hundreds of thousands.
   */
  private periodsByKey = new Map<string, BookingPeriod>();

  /** Forgets everything, then holds these orders' bookings. */
  replaceAll(entries: readonly OrderBookings[]): void {
    this.byProduct.clear();
    this.productsOf.clear();
    this.periodsByKey.clear();
    this.add(entries);
  }

  /** These orders now hold exactly these bookings (none when their period is null). */
  replace(entries: readonly OrderBookings[]): void {
    const ids = new Set(entries.map((e) => e.orderId));
    const touched = new Set<number>();
    for (const id of ids) {
      for (const productId of this.productsOf.get(id) ?? []) touched.add(productId);
      this.productsOf.delete(id);
    }
    for (const productId of touched) {
      const list = this.byProduct.get(productId);
      if (list) this.byProduct.set(productId, list.filter((b) => !ids.has(b.orderId)));
    }
    this.add(entries);
  }

  /** Forgets the bookings that ended before `day` (an order's lines share one period: it goes whole). */
  dropEndedBefore(day: string): void {
    const ended = new Set<number>();
    for (const [productId, list] of this.byProduct) {
      if (!list.some((b) => b.period.to < day)) continue;
      const kept: Booking[] = [];
      for (const b of list) {
        if (b.period.to >= day) kept.push(b);
        else ended.add(b.orderId);
      }
      if (kept.length > 0) this.byProduct.set(productId, kept);
      else this.byProduct.delete(productId);
    }
    for (const orderId of ended) this.productsOf.delete(orderId);
    for (const [key, period] of this.periodsByKey) if (period.to < day) this.periodsByKey.delete(key);
  }

  /**
   * Periods booked on a product, without those of `excludeOrderId` (an order being edited); with
   * `size`, only those of lines booking that size.
   */
  periods(productId: number, excludeOrderId?: number, size?: string): BookingPeriod[] {
    return (this.byProduct.get(productId) ?? [])
      .filter((b) => b.orderId !== excludeOrderId && (size === undefined || b.size === size))
      .map((b) => b.period);
  }

  /** How many orders hold bookings here. */
  get orderCount(): number {
    return this.productsOf.size;
  }

  /** Adds these orders' bookings (orders not held yet: `replace` forgets them first). */
  add(entries: readonly OrderBookings[]): void {
    for (const { orderId, productIds, sizes, period } of entries) {
      if (!period) continue;
      const shared = this.shared(period);
      productIds.forEach((productId, i) => {
        const booking = { orderId, period: shared, size: sizes?.[i] ?? null };
        const list = this.byProduct.get(productId);
        if (list) list.push(booking);
        else this.byProduct.set(productId, [booking]);
        const products = this.productsOf.get(orderId);
        if (!products) this.productsOf.set(orderId, [productId]);
        else if (!products.includes(productId)) products.push(productId);
      });
    }
  }

  private shared(period: BookingPeriod): BookingPeriod {
    const key = `${period.from}|${period.to}|${period.half ?? ''}`;
    const known = this.periodsByKey.get(key);
    if (known) return known;
    this.periodsByKey.set(key, period);
    return period;
  }
}

/** Orders read per statement at start: bounds the rows in memory at once, whatever the history. */
export const BOOKINGS_PAGE_ORDERS = 5000;

const empty = (orderId: number): OrderBookings & { productIds: number[]; sizes: (string | null)[] } => ({ orderId, productIds: [], sizes: [], period: null });

/** One order per row, its lines' products and sizes as arrays in line order. */
const orderRow = {
  id: orders.id,
  status: orders.status,
  mode: orders.mode,
  dateFrom: orders.dateFrom,
  dateTo: orders.dateTo,
  productIds: sql<(number | null)[]>`array_agg(${orderDetails.productId} ORDER BY ${orderDetails.id})`,
  sizes: sql<(string | null)[]>`array_agg(${orderDetails.size} ORDER BY ${orderDetails.id})`,
};

type OrderRow = { id: number; status: string; mode: number; dateFrom: string; dateTo: string; productIds: (number | null)[]; sizes: (string | null)[] };

function bookingsOf(r: OrderRow): OrderBookings {
  const entry = empty(r.id);
  if (r.status === 'confirmed') entry.period = orderPeriod(r);
  r.productIds.forEach((productId, i) => {
    // An order without lines aggregates to one null (the left join's empty side).
    if (productId === null) return;
    entry.productIds.push(Number(productId));
    entry.sizes.push(r.sizes[i] ?? null);
  });
  return entry;
}

/**
 * The bookings of some orders, as the database holds them: one statement, so an order and its
 * lines come from the same snapshot; an order asked for that is gone or not confirmed holds nothing.
 */
export async function readOrderBookings(db: Db, which: { orderIds: readonly number[] }): Promise<OrderBookings[]> {
  if (which.orderIds.length === 0) return [];
  const rows: OrderRow[] = await db
    .select(orderRow)
    .from(orders)
    .leftJoin(orderDetails, eq(orderDetails.orderId, orders.id))
    .where(inArray(orders.id, [...which.orderIds]))
    .groupBy(orders.id);
  const found = new Map(rows.map((r) => [r.id, bookingsOf(r)]));
  return which.orderIds.map((id) => found.get(id) ?? empty(id));
}

/** One order of a start-up page, as the statement writes it: [id, mode, from, to, products, sizes]. */
type PagedOrder = [number, number, string, string, (number | null)[], (string | null)[]];

/**
 * One page of the start-up read: the next `pageOrders` confirmed orders after id `after` ending on
 * or after `endingFrom`, as ONE row holding the page as JSON. Returning 5,000 orders as rows costs
 * PGlite (and the driver's parsing) about three times the JSON: at 193,000 orders, 3.4 s against
 * 1.4 s (bench/years.ts's 10× network, 2026-12-07). The join bounds the lines by `after` too: the
 * planner does not carry the orders' bound over to it, and each page would scan the lines from the
 * first order on (quadratic in the pages: 3.4 s instead of 1.4 s above).
 */
function bookingsPage(endingFrom: string, after: number, pageOrders: number) {
  return sql`
    select max(id) as last, count(*)::int as n,
           coalesce(json_agg(json_build_array(id, mode, date_from, date_to, product_ids, sizes) order by id), '[]') as page
    from (
      select ${orders.id} as id, ${orders.mode} as mode, ${orders.dateFrom} as date_from, ${orders.dateTo} as date_to,
             array_agg(${orderDetails.productId} order by ${orderDetails.id}) as product_ids,
             array_agg(${orderDetails.size} order by ${orderDetails.id}) as sizes
      from ${orders}
      left join ${orderDetails} on ${orderDetails.orderId} = ${orders.id} and ${orderDetails.orderId} > ${after}
      where ${orders.status} = 'confirmed' and ${orders.dateTo} >= ${endingFrom} and ${orders.id} > ${after}
      group by ${orders.id}
      order by ${orders.id}
      limit ${pageOrders}
    ) page_orders`;
}

/**
 * A booking index of every confirmed order ending on or after `endingFrom`, read in pages of
 * `pageOrders` orders by id (keyset: each page starts after the last id of the one before), inside
 * one read-only repeatable-read transaction so every page sees the same snapshot. Built aside and
 * returned whole: the caller swaps it in, so reads never see a half-loaded index. Paged because a
 * network's window holds hundreds of thousands of orders, and one statement's rows (in the driver
 * and as objects) took several times the server's heap cap.
 */
export async function loadBookingIndex(db: Db, endingFrom: string, pageOrders = BOOKINGS_PAGE_ORDERS): Promise<BookingIndex> {
  const index = new BookingIndex();
  await db.transaction(
    async (tx) => {
      let after = 0;
      for (;;) {
        const [row] = executedRows<{ last: number | string | null; n: number; page: PagedOrder[] | string }>(await tx.execute(bookingsPage(endingFrom, after, pageOrders)));
        const page: PagedOrder[] = typeof row!.page === 'string' ? JSON.parse(row!.page) : row!.page;
        index.add(page.map(([id, mode, dateFrom, dateTo, productIds, sizes]) => bookingsOf({ id, status: 'confirmed', mode, dateFrom, dateTo, productIds, sizes })));
        if (row!.n < pageOrders) break;
        after = Number(row!.last);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return index;
}
