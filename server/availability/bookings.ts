// The booking index: which confirmed order holds which product for which period. Read whole from
// the database at start (and after a lost notification connection), then kept equal to it by the
// after-commit hook (commit.ts), order by order.
import { eq, inArray } from 'drizzle-orm';
import { halfDayOf, type BookingPeriod } from '../../src/domain/availability';
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
 * The bookings of some orders (`orderIds`), or of every confirmed order, as the database holds
 * them. One statement, so an order and its lines come from the same snapshot; an order asked for
 * that is gone or not confirmed holds nothing.
 */
export async function readOrderBookings(db: Db, orderIds?: readonly number[]): Promise<OrderBookings[]> {
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
    .where(orderIds ? inArray(orders.id, [...orderIds]) : eq(orders.status, 'confirmed'));
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
