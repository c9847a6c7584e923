// Whether an order's units are free, checked where it cannot go stale before the order commits
// (server/orders/write.ts picks one by database):
// - PostgreSQL (several connections, possibly several processes): the rows of the booked products
//   are locked FOR UPDATE (in id order, so two orders cannot deadlock) and their bookings and units
//   out are read again inside the lock. Concurrent orders for the same product wait for each other.
// - PGlite (one connection, one process): every statement is serialized anyway, so order writes
//   go through one in-process queue (server/availability/commit.ts) and the check reads the
//   in-memory index, which inside that queue always equals the committed state. Two queries fewer.
import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { availableUnits } from '../../src/domain/availability';
import { toRomeDay } from '../../src/domain/dates';
import type { Db } from '../db/client';
import { orderDetails, orders, products } from '../db/schema/index';
import { ApiError, type FieldErrors } from '../http/errors';
import type { Availability } from '../availability/index';
import { orderPeriod } from '../availability/bookings';
import { outUnitHolds, readOutUnits } from '../availability/out-units';
import type { Quote } from './quote';

/** The order being checked: its priced lines and period, and the order it replaces when editing. */
interface StockCheckInput {
  quote: Quote;
  editing?: { id: number };
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
  }
  refuse(errors);
}

/** PostgreSQL path: lock the products, re-read their bookings and units out inside the lock. */
export async function checkAvailabilityLocked(tx: Db, input: StockCheckInput, now: Date): Promise<void> {
  const { quote, editing } = input;
  const needed = neededUnits(quote);
  const ids = [...needed.keys()].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id)
    .for('update');
  const held = await tx
    .select({ productId: orderDetails.productId, mode: orders.mode, dateFrom: orders.dateFrom, dateTo: orders.dateTo })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(
      and(
        inArray(orderDetails.productId, ids),
        eq(orders.status, 'confirmed'),
        lte(orders.dateFrom, quote.period.to),
        gte(orders.dateTo, quote.period.from),
        editing ? ne(orders.id, editing.id) : undefined,
      ),
    );
  // Units still out past their booked end stay held until picked up; deliveries and
  // pickups lock the same product rows, so this read is as current as the bookings above.
  const out = await readOutUnits(tx, ids);
  const today = toRomeDay(now);
  const errors: FieldErrors = {};
  for (const { id, stock } of locked) {
    const want = needed.get(id)!;
    const periods = held.filter((h) => h.productId === id).map(orderPeriod);
    periods.push(...outUnitHolds(out.filter((u) => u.productId === id), today, editing?.id));
    const free = availableUnits(stock, periods, quote.period);
    if (want.count > free) {
      errors[`cart.${want.pool}`] = [{ key: 'api.notAvailable', params: { product: want.label, available: free } }];
    }
  }
  refuse(errors);
}
