// Sizes at the counter. A line booked without a size (a kiosk order, an order older than sizes)
// may take a unit of any size, but a unit of a size that other orders booked by size is not free for
// it: handing the one L to such a line leaves the customer who booked the L online without it. So
// a unit that goes out for anything other than a line of its own size (a line without a size, an
// extra, a forced unit) is refused when its size has no unit free for the order's period, by the
// same rule as an order's size check (server/orders/stock-check.ts): the size's units minus the
// peak of the bookings of that size and of its units out. Run inside the delivery's lock.
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { availableUnits, type BookingPeriod } from '~/domain/availability';
import { dayToDisplay } from '~/domain/dates';
import type { Db } from '../db/client';
import { deliveryDetails, orderDetails, specificProducts } from '../db/schema/index';
import type { FieldErrors } from '../http/errors';
import type { OrderRow } from '../orders/write';
import { orderPeriod, readBookedLines } from '../availability/bookings';
import { outUnitHolds, readOutUnits } from '../availability/out-units';

type LineRow = typeof orderDetails.$inferSelect;

/** A unit going out in this delivery, with the line it goes to (none for an extra). */
export interface SizedHandOut {
  index: number;
  code: string;
  productId: number;
  productLabel: string;
  size: string | null;
  line: LineRow | undefined;
}

/** A unit held by no booking of its size: not on a line of its product and size. */
function unbookedSize(unit: { productId: number; size: string | null }, line: { productId: number; size: string | null } | undefined): unit is { productId: number; size: string } {
  return unit.size !== null && !(line && line.productId === unit.productId && line.size === unit.size);
}

/**
 * 422 errors under `delivery_details.{i}.internal_code` for the units whose size is fully held, for
 * the order's period (from `day` when handed out early), by the bookings of that size: those of
 * other orders and the order's own sized lines, the units of that size other orders have out, and
 * the units of it this order already has out, or takes in this delivery, for no line of that size.
 */
export async function sizeHeldErrors(tx: Db, order: OrderRow, handOuts: readonly SizedHandOut[], day: string): Promise<FieldErrors> {
  const picks = handOuts.filter((h) => unbookedSize(h, h.line));
  if (picks.length === 0) return {};
  const ids = [...new Set(picks.map((p) => p.productId))];
  const period: BookingPeriod = day < order.dateFrom ? { from: day, to: order.dateTo, half: null } : orderPeriod(order);
  const units = await tx
    .select({ productId: specificProducts.productId, size: specificProducts.size })
    .from(specificProducts)
    .where(and(inArray(specificProducts.productId, ids), isNotNull(specificProducts.size)));
  const booked = await readBookedLines(tx, ids, period);
  const out = await readOutUnits(tx, ids);
  const ownOut = await tx
    .select({ productId: specificProducts.productId, size: specificProducts.size, lineProductId: orderDetails.productId, lineSize: orderDetails.size })
    .from(deliveryDetails)
    .innerJoin(specificProducts, eq(specificProducts.id, deliveryDetails.specificProductId))
    .leftJoin(orderDetails, eq(orderDetails.id, deliveryDetails.idOrderDetail))
    .where(and(eq(deliveryDetails.orderId, order.id), isNotNull(deliveryDetails.datetimeDelivery), isNull(deliveryDetails.datetimeReturn)));

  const errors: FieldErrors = {};
  const taken = new Map<string, number>();
  for (const pick of picks) {
    const key = `${pick.productId}:${pick.size}`;
    const ofSize = <T extends { productId: number; size: string | null }>(rows: readonly T[]) =>
      rows.filter((r) => r.productId === pick.productId && r.size === pick.size);
    if (!taken.has(key)) {
      taken.set(key, ofSize(ownOut).filter((o) => unbookedSize(o, o.lineProductId === null ? undefined : { productId: o.lineProductId, size: o.lineSize })).length);
    }
    const held = [...ofSize(booked).map((b) => b.period), ...outUnitHolds(ofSize(out), day, order.id)];
    const free = availableUnits(ofSize(units).length, held, period) - taken.get(key)!;
    if (free <= 0) {
      errors[`delivery_details.${pick.index}.internal_code`] = [
        { key: 'api.unitSizeBooked', params: { code: pick.code, size: pick.size!, product: pick.productLabel, from: dayToDisplay(period.from), to: dayToDisplay(period.to) } },
      ];
    }
    taken.set(key, taken.get(key)! + 1);
  }
  return errors;
}
