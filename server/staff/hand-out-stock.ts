// Hand-outs against bookings. A unit handed out as an extra, a unit of another product
// given for a line (a forced hand-out), a unit delivered before its booking starts, or a pickup undone
// (reset_pickup) holds a unit of its product that no booking of that product accounts for (see
// availability/out-units.ts). When the other orders have booked every unit of that product for the day, such a
// hand-out would leave a customer who booked on the website without the unit the website sold them.
//
// So these writes are checked inside their lock (or the PGlite queue): the units of each product
// free on the hand-out's day, by the same rule as an order (bookings of confirmed orders plus units
// out), are read before and after the write; a write that takes a product below zero free units
// is refused. Forcing a hand-out (`forced` + `reason`) lets staff give another product for a line,
// never a unit that is already sold: the shop frees one first (moves or cancels a booking).
// A write that does not make a product's count worse (a booked line's own unit, its hand-out on
// the booked day) is never refused, even on a day that is already overbooked by other means.
import { inArray } from 'drizzle-orm';
import { peakUsage } from '~/domain/availability';
import type { Db } from '../db/client';
import { products } from '../db/schema/index';
import { readBookedLines } from '../availability/bookings';
import { outUnitHolds, readOutUnits } from '../availability/out-units';

/** Units of each product free on `day` (negative when overbooked), as the database says now. */
export async function freeUnitsOnDay(tx: Db, productIds: readonly number[], day: string): Promise<Map<number, number>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const stock = await tx.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids));
  const period = { from: day, to: day, half: null };
  const booked = await readBookedLines(tx, ids, period);
  const out = await readOutUnits(tx, ids);
  return new Map(
    stock.map(({ id, stock: units }) => {
      const held = [
        ...booked.filter((b) => b.productId === id).map((b) => b.period),
        ...outUnitHolds(out.filter((u) => u.productId === id), day),
      ];
      return [id, units - peakUsage(held, period)];
    }),
  );
}

/** Products the write took below zero free units on the day (and made worse than before it). */
export function overbooked(before: Map<number, number>, after: Map<number, number>): { productId: number; free: number }[] {
  return [...after]
    .filter(([id, free]) => free < 0 && free < (before.get(id) ?? 0))
    .map(([productId]) => ({ productId, free: Math.max(0, before.get(productId) ?? 0) }));
}
