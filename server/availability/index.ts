// Availability served from memory: units of a product minus the peak of what holds them in the
// asked period (bookings of confirmed orders, units out on delivery), the rule of
// src/domain/availability.ts. Reads of availabilities are a hot path (every visitor, every date
// change) and PGlite answers one query at a time, so they never query; the database stays the
// source of truth. This is loaded from it at start and changed only by the after-commit hook
// (commit.ts) that every write changing bookings or units out goes through; on PostgreSQL the
// other processes' commits reach it through the same hook (server/cluster/sync.ts).
import { availableUnits, halfDayAvailability, type BookingPeriod } from '~/domain/availability';
import { toRomeDay } from '~/domain/dates';
import type { DayAvailability } from '~/api/contract/availability';
import { sizesAvailable, type SizeAvailability } from '~/domain/sizes';
import type { Db } from '../db/client';
import type { CatalogueCache, CatalogueShop } from '../catalogue/cache';
import { BookingIndex, keptFrom, loadBookingIndex, type OrderBookings } from './bookings';
import { AnswerMemo } from './memo';
import { outUnitHolds, readOutUnits, type OutUnit } from './out-units';

export class Availability {
  private bookings = new BookingIndex();
  /** product id → its units out on delivery. */
  private outUnits = new Map<number, OutUnit[]>();
  private outUnitsTicket = 0;
  private outUnitsApplied = 0;
  private readonly memo = new AnswerMemo();
  private todayMemo = { at: Number.NaN, day: '' };

  /**
   * The catalogue gives each product's stock; `clock` decides when an out unit is past its booked
   * end (the API's injected clock).
   */
  constructor(
    private readonly catalogue: CatalogueCache,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Everything read again from the database (start-up, missed notifications, a catalogue change). */
  async load(db: Db): Promise<void> {
    this.bookings = await loadBookingIndex(db, keptFrom(this.today()));
    this.memo.clear();
    await this.refreshOutUnits(db);
  }

  /**
   * The Rome day of the clock, worked out at most once a second (hot path: the shop routes ask it
   * too). A new day also forgets the bookings that have ended too long ago to matter (bookings.ts).
   */
  today(): string {
    const at = this.clock().getTime();
    if (!(Math.abs(at - this.todayMemo.at) < 1000)) {
      const day = toRomeDay(new Date(at));
      if (day !== this.todayMemo.day) this.bookings.dropEndedBefore(keptFrom(day));
      this.todayMemo = { at, day };
    }
    return this.todayMemo.day;
  }

  /** An availability body, memoised by everything it depends on (`key`): see memo.ts. */
  answer(key: string, compute: () => unknown): Uint8Array<ArrayBuffer> {
    return this.memo.get(key, this.today(), compute);
  }

  /**
   * Periods held on a product: its bookings and its units out, without those of `excludeOrderId`;
   * with `size`, those holding a unit of that size.
   */
  private heldPeriods(productId: number, excludeOrderId?: number, size?: string): BookingPeriod[] {
    const held = this.bookings.periods(productId, excludeOrderId, size);
    const out = this.outUnits.get(productId)?.filter((u) => size === undefined || u.size === size);
    if (out?.length) held.push(...outUnitHolds(out, this.today(), excludeOrderId));
    return held;
  }

  /** Units free for `period`, leaving out the bookings of `excludeOrderId` (an order being edited). */
  available(productId: number, period: BookingPeriod, excludeOrderId?: number): number {
    const entry = this.catalogue.product(productId);
    if (!entry) return 0;
    return availableUnits(entry.product.stock, this.heldPeriods(productId, excludeOrderId), period);
  }

  /** Units of each size of a product free for `period` (none for a product without sizes): src/domain/sizes.ts. */
  sizes(productId: number, period: BookingPeriod, excludeOrderId?: number): SizeAvailability[] {
    const entry = this.catalogue.product(productId);
    const sizes = entry?.shop.productsById.get(productId)?.sizes ?? [];
    if (sizes.length === 0) return [];
    const productFree = this.available(productId, period, excludeOrderId);
    return sizesAvailable(sizes, (size) => this.heldPeriods(productId, excludeOrderId, size), period, productFree);
  }

  /** Units of one product free in each half of every day from `from` to `to` (the calendar). */
  dailyAvailability(productId: number, from: string, to: string, excludeOrderId?: number): DayAvailability[] {
    const entry = this.catalogue.product(productId);
    if (!entry) return [];
    return halfDayAvailability(entry.product.stock, this.heldPeriods(productId, excludeOrderId), from, to);
  }

  /** Availability of every product of a shop, add-ons included (they have stock too). */
  availabilities(shop: CatalogueShop, period: BookingPeriod, excludeOrderId?: number): Record<string, number> {
    const result: Record<string, number> = {};
    for (const p of shop.products) {
      result[p.row.id] = this.available(p.row.id, period, excludeOrderId);
      for (const r of p.related) result[r.product.id] ??= this.available(r.product.id, period, excludeOrderId);
    }
    return result;
  }

  /** These orders now hold these bookings. Only the after-commit hook calls it (commit.ts). */
  replaceOrders(entries: readonly OrderBookings[]): void {
    if (entries.length === 0) return;
    this.bookings.replace(entries);
    this.memo.clear();
  }

  /**
   * Re-reads the units out on delivery. Only the after-commit hook and `load` call it. A read that
   * started earlier than one already applied is dropped, so concurrent refreshes cannot go back.
   */
  async refreshOutUnits(db: Db): Promise<void> {
    const ticket = ++this.outUnitsTicket;
    const units = await readOutUnits(db);
    if (ticket < this.outUnitsApplied) return;
    this.outUnitsApplied = ticket;
    this.outUnits = new Map();
    for (const unit of units) {
      const list = this.outUnits.get(unit.productId);
      if (list) list.push(unit);
      else this.outUnits.set(unit.productId, [unit]);
    }
    this.memo.clear();
  }
}
