// Whether an order's units are free, checked where it cannot go stale before the order commits
// (server/orders/write.ts picks one by database):
// - PostgreSQL (several connections, possibly several processes): the rows of the booked products
//   are locked FOR NO KEY UPDATE (in id order, so two orders cannot deadlock) and their bookings and
//   units out are read again inside the lock. Concurrent orders for the same product wait for each
//   other, so the lock is held as briefly as can be: a new order writes its rows first and takes it
//   last, just before its commit (server/orders/write.ts). That mode, not FOR UPDATE, because those
//   rows' lines already hold the products' rows FOR KEY SHARE (their foreign keys), which FOR UPDATE
//   would wait for: two orders would each wait for the other. Deliveries and pickups take the same
//   mode (server/staff/delivery.ts), so every writer of what is booked or out waits only for another
//   such writer, in id order.
// - PGlite (one connection, one process): every statement is serialized anyway, so order writes
//   go through one in-process queue (server/availability/commit.ts) and the check reads the
//   in-memory index, which inside that queue always equals the committed state. Two queries fewer.
// A line with a size needs a free unit of that size too (src/domain/sizes.ts): the sizes of a
// product are counted under the same product lock (or in the same queue), so they cannot race either.
import { inArray } from 'drizzle-orm';
import { availableUnits, type BookingPeriod } from '~/domain/availability';
import { sizeRefusal, sizesAvailable, type SizeAvailability } from '~/domain/sizes';
import { toRomeDay } from '~/domain/dates';
import type { Db } from '../db/client';
import { products } from '../db/schema/index';
import { ApiError, type FieldErrors } from '../http/errors';
import type { Availability } from '../availability/index';
import { readBookedLines } from '../availability/bookings';
import { outUnitHolds, readOutUnits } from '../availability/out-units';
import type { Quote } from './quote';
import type { CatalogueShop } from '../catalogue/cache';

/** The order being checked: its shop, priced lines and period, and the order it replaces when editing. */
interface StockCheckInput {
  shop: CatalogueShop;
  quote: Quote;
  editing?: { id: number };
}

/** product id → size → how many lines want it and the first item (pool) asking. */
function neededSizes(quote: Quote) {
  const needed = new Map<number, Map<string, { count: number; pool: number; label: string }>>();
  for (const pool of quote.pools) {
    for (const line of pool.lines) {
      if (line.size === null) continue;
      const bySize = needed.get(line.productId) ?? new Map<string, { count: number; pool: number; label: string }>();
      const entry = bySize.get(line.size) ?? { count: 0, pool: pool.index, label: line.label };
      entry.count++;
      bySize.set(line.size, entry);
      needed.set(line.productId, bySize);
    }
  }
  return needed;
}

/** A 422 under `cart.{item}.size` for each size wanted more times than it has units free. */
function refuseSizes(errors: FieldErrors, productId: number, sizes: readonly SizeAvailability[], quote: Quote): void {
  for (const [size, want] of neededSizes(quote).get(productId) ?? []) {
    if (sizeRefusal(sizes, size, want.count) !== 'soldOut') continue;
    const available = sizes.find((s) => s.size === size)?.available ?? 0;
    errors[`cart.${want.pool}.size`] = [{ key: 'api.sizeSoldOut', params: { product: want.label, size, available } }];
  }
}

function neededUnits(quote: Quote) {
  const needed = new Map<number, { count: number; pool: number; label: string }>();
  for (const pool of quote.pools) {
    for (const line of pool.lines) {
      const entry = needed.get(line.productId) ?? { count: 0, pool: pool.index, label: line.label };
      entry.count++;
      needed.set(line.productId, entry);
    }
  }
  return needed;
}

function refuse(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ApiError(422, 'api.invalidData', {}, errors);
}

/** PGlite path: the in-memory index, called only inside the write queue. */
export function checkAvailabilityInMemory(availability: Availability, input: StockCheckInput): void {
  const errors: FieldErrors = {};
  for (const [id, want] of neededUnits(input.quote)) {
    const free = availability.available(id, input.quote.period, input.editing?.id);
    if (want.count > free) {
      errors[`cart.${want.pool}`] = [{ key: 'api.notAvailable', params: { product: want.label, available: free } }];
    }
    refuseSizes(errors, id, availability.sizes(id, input.quote.period, input.editing?.id), input.quote);
  }
  refuse(errors);
}

/**
 * PostgreSQL path: lock the products, re-read their bookings and units out inside the lock.
 * `written`: the order this transaction already wrote (a new order's own lines), left out of the
 * bookings as the edited order's are.
 */
export async function checkAvailabilityLocked(tx: Db, input: StockCheckInput, now: Date, written?: number): Promise<void> {
  const { quote, editing } = input;
  const excluded = written ?? editing?.id;
  const needed = neededUnits(quote);
  const ids = [...needed.keys()].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for('no key update');
  const held = await readBookedLines(tx, ids, quote.period, excluded);
  // Units still out past their booked end stay held until picked up; deliveries and
  // pickups lock the same product rows, so this read is as current as the bookings above.
  const out = await readOutUnits(tx, ids);
  const today = toRomeDay(now);
  const errors: FieldErrors = {};
  for (const { id, stock } of locked) {
    const want = needed.get(id)!;
    // With `size`, what holds a unit of that size.
    const heldOf = (size?: string): BookingPeriod[] => [
      ...held.filter((h) => h.productId === id && (size === undefined || h.size === size)).map((h) => h.period),
      ...outUnitHolds(out.filter((u) => u.productId === id && (size === undefined || u.size === size)), today, editing?.id),
    ];
    const free = availableUnits(stock, heldOf(), quote.period);
    if (want.count > free) {
      errors[`cart.${want.pool}`] = [{ key: 'api.notAvailable', params: { product: want.label, available: free } }];
    }
    const sizes = input.shop.productsById.get(id)?.sizes ?? [];
    if (sizes.length > 0) refuseSizes(errors, id, sizesAvailable(sizes, heldOf, quote.period, free), quote);
  }
  refuse(errors);
}
