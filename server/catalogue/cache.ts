// The catalogue and the bookings held in memory. Reads of shops and availabilities are the hot
// paths (every visitor, every date change) and PGlite answers one query at a time, so they are
// served from here; the database stays the source of truth: this is loaded from it at start, and
// every order write updates it right after its transaction commits. On PostgreSQL several API
// processes each hold one, kept coherent by the database's notifications (server/cluster/sync.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  categories,
  orderDetails,
  orders,
  prices,
  productCategories,
  products,
  relatedProducts,
  shopSports,
  shops,
  sites,
  sports,
} from '../db/schema/index';
import { availableUnits, halfDayAvailability, halfDayOf, type BookingPeriod } from '../../src/domain/availability';
import { toRomeDay } from '../../src/domain/dates';
import type { DayAvailability } from '../../src/api/contract/availability';
import { outUnitHolds, readOutUnits, type OutUnit } from '../availability/out-units';

export type SiteRow = typeof sites.$inferSelect;
export type SportRow = typeof sports.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;
export type RelatedRow = typeof relatedProducts.$inferSelect;

export interface CatalogueProduct {
  row: ProductRow;
  categoryIds: number[];
  prices: PriceRow[];
  related: { link: RelatedRow; product: ProductRow; prices: PriceRow[] }[];
}

export interface CatalogueShop {
  row: ShopRow;
  site: SiteRow;
  sports: SportRow[];
  categories: CategoryRow[];
  products: CatalogueProduct[];
  productsById: Map<number, CatalogueProduct>;
}

interface Booking {
  orderId: number;
  period: BookingPeriod;
}

export function orderPeriod(o: { mode: number; dateFrom: string; dateTo: string }): BookingPeriod {
  return {
    from: o.dateFrom,
    to: o.dateTo,
    half: halfDayOf(o.mode),
  };
}

export class CatalogueCache {
  sites: SiteRow[] = [];
  sports: SportRow[] = [];
  shops: CatalogueShop[] = [];
  private byId = new Map<number, CatalogueShop>();
  private bySlug = new Map<string, CatalogueShop>();
  /** All products of every shop, main and add-on. */
  private productIndex = new Map<number, { shop: CatalogueShop; product: ProductRow }>();
  /** product id → one entry per booked unit (order line) of a confirmed order. */
  private bookings = new Map<number, Booking[]>();
  /** product id → its units out on delivery (issue #7). */
  private outUnits = new Map<number, OutUnit[]>();
  private outUnitsTicket = 0;
  private outUnitsApplied = 0;
  /** Memoised shop bodies, keyed by everything they depend on; the catalogue is read-only at run time. */
  readonly responses = new Map<string, string>();
  private readonly availabilityBodies = new Map<string, string>();
  private availabilityDay = '';
  private todayMemo = { at: Number.NaN, day: '' };

  /** `clock` decides when an out unit is past its booked end (the API's injected clock). */
  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** The Rome day of the clock, worked out at most once a second (hot path). */
  private today(): string {
    const at = this.clock().getTime();
    if (!(Math.abs(at - this.todayMemo.at) < 1000)) this.todayMemo = { at, day: toRomeDay(new Date(at)) };
    return this.todayMemo.day;
  }

  /**
   * An availability body, memoised by everything it depends on (`key`). The memo is emptied
   * whenever a booking or an out unit changes, and when the day changes (an out unit becomes
   * overdue without any write); it is capped so odd queries cannot fill the memory.
   */
  availabilityBody(key: string, compute: () => unknown): string {
    const today = this.today();
    if (today !== this.availabilityDay) {
      this.availabilityBodies.clear();
      this.availabilityDay = today;
    }
    let body = this.availabilityBodies.get(key);
    if (body === undefined) {
      body = JSON.stringify(compute());
      if (this.availabilityBodies.size > 5000) this.availabilityBodies.clear();
      this.availabilityBodies.set(key, body);
    }
    return body;
  }

  async load(db: Db): Promise<void> {
    const [siteRows, sportRows, shopRows, shopSportRows, categoryRows, productRows, priceRows, linkRows, pcRows] =
      await Promise.all([
        db.select().from(sites).orderBy(sites.label),
        db.select().from(sports).orderBy(sports.id),
        db.select().from(shops).orderBy(shops.label),
        db.select().from(shopSports),
        db.select().from(categories).orderBy(categories.position, categories.id),
        db.select().from(products).orderBy(products.position, products.id),
        db.select().from(prices).orderBy(prices.id),
        db.select().from(relatedProducts),
        db.select().from(productCategories),
      ]);
    this.sites = siteRows;
    this.sports = sportRows;
    const sportById = new Map(sportRows.map((s) => [s.id, s]));
    const siteById = new Map(siteRows.map((s) => [s.id, s]));
    const pricesByProduct = group(priceRows, (p) => p.productId);
    const categoriesByProduct = group(pcRows, (r) => r.productId);
    const productById = new Map(productRows.map((p) => [p.id, p]));
    const linksByProduct = group(linkRows, (l) => l.productId);

    this.shops = shopRows.map((row) => {
      const shopProducts: CatalogueProduct[] = productRows
        .filter((p) => p.shopId === row.id && !p.isAddOn)
        .map((p) => {
          const ownPrices = pricesByProduct.get(p.id) ?? [];
          const ownIds = new Set(ownPrices.map((price) => price.id));
          return {
            row: p,
            categoryIds: (categoriesByProduct.get(p.id) ?? []).map((r) => r.categoryId),
            prices: ownPrices,
            // An add-on's prices are each linked to one main price: keep those of this product.
            related: (linksByProduct.get(p.id) ?? []).flatMap((link) => {
              const product = productById.get(link.relatedProductId);
              const linked = (pricesByProduct.get(link.relatedProductId) ?? []).filter(
                (price) => price.idMainPrice !== null && ownIds.has(price.idMainPrice),
              );
              return product ? [{ link, product, prices: linked }] : [];
            }),
          };
        });
      return {
        row,
        site: siteById.get(row.siteId)!,
        sports: shopSportRows.filter((s) => s.shopId === row.id).map((s) => sportById.get(s.sportId)!).filter(Boolean),
        categories: categoryRows.filter((c) => c.shopId === row.id),
        products: shopProducts,
        productsById: new Map(shopProducts.map((p) => [p.row.id, p])),
      };
    });
    this.byId = new Map(this.shops.map((s) => [s.row.id, s]));
    this.bySlug = new Map(this.shops.map((s) => [s.row.slug, s]));
    this.productIndex = new Map(
      productRows.map((p) => [p.id, { shop: this.byId.get(p.shopId)!, product: p }]),
    );
    this.responses.clear();
    await this.loadBookings(db);
    this.setOutUnits(await readOutUnits(db));
  }

  private async loadBookings(db: Db): Promise<void> {
    const rows = await db
      .select({
        productId: orderDetails.productId,
        orderId: orders.id,
        mode: orders.mode,
        dateFrom: orders.dateFrom,
        dateTo: orders.dateTo,
      })
      .from(orderDetails)
      .innerJoin(orders, eq(orders.id, orderDetails.orderId))
      .where(eq(orders.status, 'confirmed'));
    this.bookings.clear();
    this.availabilityBodies.clear();
    for (const r of rows) this.addBooking(r.productId, { orderId: r.orderId, period: orderPeriod(r) });
  }

  private addBooking(productId: number, booking: Booking) {
    const list = this.bookings.get(productId);
    if (list) list.push(booking);
    else this.bookings.set(productId, [booking]);
  }

  shopById(id: number): CatalogueShop | undefined {
    return this.byId.get(id);
  }

  shopBySlug(slug: string): CatalogueShop | undefined {
    return this.bySlug.get(slug);
  }

  product(id: number) {
    return this.productIndex.get(id);
  }

  /** Periods held on a product: its bookings and its units out, without those of `excludeOrderId`. */
  private heldPeriods(productId: number, excludeOrderId?: number): BookingPeriod[] {
    const held = (this.bookings.get(productId) ?? [])
      .filter((b) => b.orderId !== excludeOrderId)
      .map((b) => b.period);
    const out = this.outUnits.get(productId);
    if (out) held.push(...outUnitHolds(out, this.today(), excludeOrderId));
    return held;
  }

  /** Units free for `period`, leaving out the bookings of `excludeOrderId` (an order being edited). */
  available(productId: number, period: BookingPeriod, excludeOrderId?: number): number {
    const entry = this.productIndex.get(productId);
    if (!entry) return 0;
    return availableUnits(entry.product.stock, this.heldPeriods(productId, excludeOrderId), period);
  }

  /** Units of one product free in each half of every day from `from` to `to` (the calendar). */
  dailyAvailability(productId: number, from: string, to: string, excludeOrderId?: number): DayAvailability[] {
    const entry = this.productIndex.get(productId);
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

  /** After a committed write: the order now holds these lines for this period (none when cancelled). */
  setOrderBookings(orderId: number, productIds: readonly number[], period: BookingPeriod | null): void {
    this.replaceOrders([{ orderId, productIds, period }]);
  }

  /** Several orders at once, in one pass over the bookings (a batch of notifications, issue #15). */
  replaceOrders(entries: readonly { orderId: number; productIds: readonly number[]; period: BookingPeriod | null }[]): void {
    this.availabilityBodies.clear();
    const ids = new Set(entries.map((e) => e.orderId));
    for (const [productId, list] of this.bookings) {
      const kept = list.filter((b) => !ids.has(b.orderId));
      if (kept.length !== list.length) this.bookings.set(productId, kept);
    }
    for (const { orderId, productIds, period } of entries) {
      if (period) for (const productId of productIds) this.addBooking(productId, { orderId, period });
    }
  }

  /** Replaces the units out on delivery (all of them, as read from the database). */
  setOutUnits(units: readonly OutUnit[]): void {
    this.outUnits = group(units, (u) => u.productId);
    this.availabilityBodies.clear();
  }

  /** Forgets every unit out on delivery (availability then counts bookings only). */
  clearOutUnits(): void {
    this.setOutUnits([]);
  }

  /**
   * Re-reads the units out on delivery after a delivery, pickup or reset committed. A read that
   * started earlier than one already applied is dropped, so concurrent refreshes cannot go back.
   */
  async refreshOutUnits(db: Db): Promise<void> {
    const ticket = ++this.outUnitsTicket;
    const units = await readOutUnits(db);
    if (ticket < this.outUnitsApplied) return;
    this.outUnitsApplied = ticket;
    this.setOutUnits(units);
  }
}

function group<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
