// The booking index: which confirmed order holds which product for which period. Read from the
// database at start (and after a lost notification connection), then kept equal to it by the
// after-commit hook (commit.ts), order by order; bookings long ended are left out (below).
import { and, eq, gte, inArray } from 'drizzle-orm';
import { halfDayOf, type BookingPeriod } from '../../src/domain/availability';
import { addDays } from '../../src/domain/dates';
import type { Db } from '../db/client';
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

export class BookingIndex {
  /** product id → one entry per booked unit (order line) of a confirmed order. */
  private byProduct = new Map<number, Booking[]>();
  /** order id → the products it has entries under: a commit touches only its order's lists. */
  private productsOf = new Map<number, Set<number>>();

  /** Forgets everything, then holds these orders' bookings. */
  replaceAll(entries: readonly OrderBookings[]): void {
    this.byProduct.clear();
    this.productsOf.clear();
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

  private add(entries: readonly OrderBookings[]): void {
    for (const { orderId, productIds, sizes, period } of entries) {
      if (!period) continue;
      productIds.forEach((productId, i) => {
        const booking = { orderId, period, size: sizes?.[i] ?? null };
        const list = this.byProduct.get(productId);
        if (list) list.push(booking);
        else this.byProduct.set(productId, [booking]);
        const products = this.productsOf.get(orderId);
        if (products) products.add(productId);
        else this.productsOf.set(orderId, new Set([productId]));
      });
    }
  }
}

/**
 * The bookings of some orders (`orderIds`), or of every confirmed order ending on or after
 * `endingFrom`, as the database holds them. One statement, so an order and its lines come from the
 * same snapshot; an order asked for that is gone or not confirmed holds nothing.
 */
export async function readOrderBookings(db: Db, which: { orderIds: readonly number[] } | { endingFrom: string }): Promise<OrderBookings[]> {
  const orderIds = 'orderIds' in which ? which.orderIds : undefined;
  if (orderIds && orderIds.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      mode: orders.mode,
      dateFrom: orders.dateFrom,
      dateTo: orders.dateTo,
      productId: orderDetails.productId,
      size: orderDetails.size,
    })
    .from(orders)
    .leftJoin(orderDetails, eq(orderDetails.orderId, orders.id))
    .where(orderIds ? inArray(orders.id, [...orderIds]) : and(eq(orders.status, 'confirmed'), gte(orders.dateTo, (which as { endingFrom: string }).endingFrom)));
  const empty = (orderId: number) => ({ orderId, productIds: [] as number[], sizes: [] as (string | null)[], period: null as BookingPeriod | null });
  const entries = new Map((orderIds ?? []).map((id) => [id, empty(id)]));
  for (const r of rows) {
    let entry = entries.get(r.id);
    if (!entry) entries.set(r.id, (entry = empty(r.id)));
    if (r.status === 'confirmed') entry.period = orderPeriod(r);
    if (r.productId !== null) {
      entry.productIds.push(r.productId);
      entry.sizes.push(r.size);
    }
  }
  return [...entries.values()];
}
