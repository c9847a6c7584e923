// Units out on delivery and what they hold: shared by the in-memory availability
// (index.ts) and the locked checks on the database (server/orders/stock-check.ts,
// server/staff/hand-out-stock.ts).
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { BookingPeriod } from '~/domain/availability';
import { addDays, toRomeDay } from '~/domain/dates';
import type { Db } from '../db/client';
import { deliveryDetails, orderDetails, orders, specificProducts } from '../db/schema/index';

/**
 * A physical unit handed out and not back yet. While its booking runs, the booking holds
 * it; handed out before the booking starts, it is also held from its delivery day; once the booked
 * end has passed it stays held, from the day after that end until it is picked up. A unit out with
 * no booking of its product (an extra, or a unit of another product given for a line) is held from
 * its delivery day until picked up.
 */
export interface OutUnit {
  deliveryDetailId: number;
  orderId: number;
  productId: number;
  /** The unit's size (null when its product's units do not differ by size). */
  size: string | null;
  /** Held before its booking starts (delivered early), if so. */
  early: BookingPeriod | null;
  /** First day the unit is held beyond its booking once overdue. */
  heldFrom: string;
}

/** Open end of the hold of a unit that is not back. */
const UNTIL_PICKED_UP = '2999-12-31';

/** Extra periods held by out units of one product, as of `today`. */
export function outUnitHolds(units: readonly OutUnit[], today: string, excludeOrderId?: number): BookingPeriod[] {
  return units
    .filter((u) => u.orderId !== excludeOrderId)
    .flatMap((u) => [
      ...(u.early ? [u.early] : []),
      ...(u.heldFrom <= today ? [{ from: u.heldFrom, to: UNTIL_PICKED_UP, half: null }] : []),
    ]);
}

/** Units out on delivery, from the database (all, or those of some products). */
export async function readOutUnits(db: Db, productIds?: readonly number[]): Promise<OutUnit[]> {
  if (productIds && productIds.length === 0) return [];
  const rows = await db
    .select({
      id: deliveryDetails.id,
      orderId: deliveryDetails.orderId,
      productId: specificProducts.productId,
      size: specificProducts.size,
      lineProductId: orderDetails.productId,
      deliveredAt: deliveryDetails.datetimeDelivery,
      dateFrom: orders.dateFrom,
      dateTo: orders.dateTo,
    })
    .from(deliveryDetails)
    .innerJoin(specificProducts, eq(specificProducts.id, deliveryDetails.specificProductId))
    .innerJoin(orders, eq(orders.id, deliveryDetails.orderId))
    .leftJoin(orderDetails, eq(orderDetails.id, deliveryDetails.idOrderDetail))
    .where(
      and(
        isNotNull(deliveryDetails.datetimeDelivery),
        isNull(deliveryDetails.datetimeReturn),
        productIds ? inArray(specificProducts.productId, [...productIds]) : undefined,
      ),
    );
  return rows.map((r) => {
    const deliveryDay = toRomeDay(r.deliveredAt!);
    const booked = r.lineProductId === r.productId;
    return {
      deliveryDetailId: r.id,
      orderId: r.orderId,
      productId: r.productId,
      size: r.size,
      early: booked && deliveryDay < r.dateFrom ? { from: deliveryDay, to: addDays(r.dateFrom, -1), half: null } : null,
      heldFrom: booked ? addDays(r.dateTo, 1) : deliveryDay,
    };
  });
}
