// Keeps this process's catalogue cache coherent with writes committed by any process (issue #15).
// The database's triggers notify `rentalp_cache` at commit (migration 0014_cache_notify):
// `o:<id>` an order's bookings changed, `u` units out on delivery changed, `c` the catalogue
// changed. Notifications are gathered and applied one batch at a time, in arrival order, so a
// slow read can never overwrite a newer one; a batch re-reads only what its notifications name.
import { eq, inArray } from 'drizzle-orm';
import type { BookingPeriod } from '../../src/domain/availability';
import { orderPeriod, type CatalogueCache } from '../catalogue/cache';
import type { Db } from '../db/client';
import { orderDetails, orders } from '../db/schema/index';
import { RECONNECT_MIN_MS, type NotificationBus } from './bus';

export const CACHE_CHANNEL = 'rentalp_cache';
const ORDER = /^o:([1-9]\d{0,15})$/;

export class CacheSync {
  private orders = new Set<number>();
  private outUnits = false;
  private everything = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly catalogue: CatalogueCache,
    private readonly db: Db,
  ) {}

  attach(bus: NotificationBus): void {
    bus.on(CACHE_CHANNEL, (payload) => this.receive(payload));
    bus.onResync(() => this.reloadAll());
  }

  receive(payload: string): void {
    const order = ORDER.exec(payload);
    if (order) this.orders.add(Number(order[1]));
    else if (payload === 'u') this.outUnits = true;
    else if (payload === 'c') this.everything = true;
    else return;
    this.schedule();
  }

  /** After missed notifications: the whole cache is read again. */
  reloadAll(): void {
    this.everything = true;
    this.schedule();
  }

  private schedule() {
    if (this.running) return;
    this.running = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.everything || this.outUnits || this.orders.size > 0) {
        const everything = this.everything;
        const outUnits = this.outUnits;
        const orderIds = [...this.orders];
        this.everything = false;
        this.outUnits = false;
        this.orders.clear();
        try {
          if (everything) await this.catalogue.load(this.db);
          else {
            await refreshOrders(this.catalogue, this.db, orderIds);
            if (outUnits) await this.catalogue.refreshOutUnits(this.db);
          }
        } catch (error) {
          // The database went away mid-read: the bus reconnects and asks for a full reload.
          console.error('[cluster] cache refresh failed:', (error as Error).message);
          this.everything = true;
          await new Promise((resolve) => setTimeout(resolve, RECONNECT_MIN_MS).unref());
        }
      }
    } finally {
      this.running = null;
    }
  }
}

/**
 * Re-reads the bookings of some orders into the cache (written by another process, or by a path
 * that does not update the cache itself). One statement, so an order and its lines come from the
 * same snapshot; an order that is gone holds nothing.
 */
export async function refreshOrders(catalogue: CatalogueCache, db: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await db
    .select({ id: orders.id, status: orders.status, mode: orders.mode, dateFrom: orders.dateFrom, dateTo: orders.dateTo, productId: orderDetails.productId })
    .from(orders)
    .leftJoin(orderDetails, eq(orderDetails.orderId, orders.id))
    .where(inArray(orders.id, [...orderIds]));
  const entries = new Map(orderIds.map((id) => [id, { orderId: id, productIds: [] as number[], period: null as BookingPeriod | null }]));
  for (const r of rows) {
    const entry = entries.get(r.id)!;
    if (r.status === 'confirmed') entry.period = orderPeriod(r);
    if (r.productId !== null) entry.productIds.push(r.productId);
  }
  catalogue.replaceOrders([...entries.values()]);
}
