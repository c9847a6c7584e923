// Delivery and pickup of physical units. Handing a unit out or taking it back changes
// what is available (a unit out past its booked end stays held until picked up, see
// server/availability/out-units.ts), so these writes follow the order writes' discipline: on
// PostgreSQL they lock the products' rows FOR NO KEY UPDATE, in id order, like an order does
// (server/orders/stock-check.ts says why that mode); on PGlite
// they run in the same in-process write queue. The in-memory units out are read again after each
// commit (stockWrite).
// A confirmation that reaches the API after its unit moved on (a replay from the kiosk's outbox) is
// refused on that unit: see confirmation-moments.ts.
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DeliveryRequestSchema, PickupRequestSchema } from '~/api/contract/delivery';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { deliveries, deliveryDetails, orderDetails, products, specificProductProblems, specificProducts } from '../db/schema/index';
import { ApiError, fieldError, type FieldErrors } from '../http/errors';
import { isUniqueViolation } from '../db/errors';
import type { AppDeps, AuthTotem } from '../http/context';
import type { OrderRow } from '../orders/write';
import { commitAndRefresh, enqueue, outUnitsChanged } from '../availability/commit';
import { dayToDisplay, toRomeDay } from '~/domain/dates';
import { unitFitsSize } from '~/domain/delivery';
import { freeUnitsOnDay, overbooked } from './hand-out-stock';
import { sizeHeldErrors } from './hand-out-sizes';
import { lockOrderForHandOut } from '../orders/hand-outs';
import { momentToDisplay, returnRecordedAfter, returnsAfter } from './confirmation-moments';

type SpecificProductRow = typeof specificProducts.$inferSelect;
type DeliveryDetailRow = typeof deliveryDetails.$inferSelect;


/**
 * Runs a write that changes which units are out, under the same lock or queue as order writes, and
 * commits it through the availability hook (server/availability/commit.ts): once committed, the
 * in-memory units out are read again.
 */
export async function stockWrite<T>(deps: AppDeps, productIds: readonly number[], work: (tx: Db) => Promise<T>): Promise<T> {
  const serialized = deps.database.driver === 'pglite';
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  const task = () =>
    commitAndRefresh(deps, async (tx) => {
      if (!serialized && ids.length > 0) {
        await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(products.id).for('no key update');
      }
      return { result: await work(tx), change: outUnitsChanged };
    });
  return serialized ? enqueue(task) : task();
}

function refuse(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ApiError(422, 'api.invalidData', {}, errors);
}

/** The shop's units named by these codes (others are simply missing from the map). */
export async function unitsByCode(db: Db, shopId: number, codes: readonly string[]): Promise<Map<string, SpecificProductRow>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ unit: specificProducts })
    .from(specificProducts)
    .innerJoin(products, eq(products.id, specificProducts.productId))
    .where(and(inArray(specificProducts.internalCode, [...codes]), eq(products.shopId, shopId)));
  return new Map(rows.map((r) => [r.unit.internalCode, r.unit]));
}

/** Hand-outs of these units that are not back. */
async function openHandOuts(db: Db, where: { units?: number[]; lines?: number[] }): Promise<DeliveryDetailRow[]> {
  const filter = where.units
    ? inArray(deliveryDetails.specificProductId, where.units.length ? where.units : [-1])
    : inArray(deliveryDetails.idOrderDetail, where.lines?.length ? where.lines : [-1]);
  return db
    .select()
    .from(deliveryDetails)
    .where(and(filter, isNotNull(deliveryDetails.datetimeDelivery), isNull(deliveryDetails.datetimeReturn)));
}

type DeliveryInput = z.output<typeof DeliveryRequestSchema>;
type PickupInput = z.output<typeof PickupRequestSchema>;

/** POST v1/delivery: the units go out for the order's lines (or as extras) at `at`. */
export async function deliver(deps: AppDeps, totem: AuthTotem, order: OrderRow, input: DeliveryInput, at: Date): Promise<void> {
  if (order.status !== 'confirmed') throw new ApiError(410, 'api.orderNotEditable');
  const { db } = deps.database;
  const items = input.delivery_details;
  const known = await unitsByCode(db, totem.shopId, items.map((i) => i.internal_code));
  const lines = await db.select().from(orderDetails).where(eq(orderDetails.orderId, order.id));
  const lockIds = [...[...known.values()].map((u) => u.productId), ...lines.map((l) => l.productId)];
  try {
    await stockWrite(deps, lockIds, async (tx) => {
      // The order's row first: a cancel or edit in progress finishes before, and one
      // that comes after sees these units out (orders/hand-outs.ts). Its lines are read again under
      // that lock: an edit may have just replaced them.
      await lockOrderForHandOut(tx, order.id);
      const liveLines = await tx.select().from(orderDetails).where(eq(orderDetails.orderId, order.id));
      // Read again inside the lock: a unit may have been locked or handed out meanwhile.
      const units = await unitsByCode(tx, totem.shopId, items.map((i) => i.internal_code));
      const unitIds = [...units.values()].map((u) => u.id);
      const lineIds = items.flatMap((i) => (i.id_order_detail ? [i.id_order_detail] : []));
      const outUnits = new Set((await openHandOuts(tx, { units: unitIds })).map((d) => d.specificProductId));
      const outLines = new Set((await openHandOuts(tx, { lines: lineIds })).map((d) => d.idOrderDetail));
      const backSince = await returnsAfter(tx, unitIds, at);
      const errors: FieldErrors = {};
      const seenCodes = new Set<string>();
      const seenLines = new Set<number>();
      items.forEach((item, i) => {
        const field = `delivery_details.${i}`;
        const unit = units.get(item.internal_code);
        const code = item.internal_code;
        if (seenCodes.has(code)) errors[`${field}.internal_code`] = [{ key: 'validators.invalid' }];
        else if (!unit) errors[`${field}.internal_code`] = [{ key: 'api.notFound' }];
        else if (backSince.has(unit.id)) {
          errors[`${field}.internal_code`] = [{ key: 'api.unitReturnedSince', params: { code, date: momentToDisplay(backSince.get(unit.id)!) } }];
        } else if (unit.locked) errors[`${field}.internal_code`] = [{ key: 'api.unitLocked', params: { code } }];
        else if (outUnits.has(unit.id)) errors[`${field}.internal_code`] = [{ key: 'api.unitOut', params: { code } }];
        seenCodes.add(code);
        if (!item.id_order_detail) return;
        const line = liveLines.find((l) => l.id === item.id_order_detail);
        if (!line) errors[`${field}.id_order_detail`] = [{ key: 'api.notFound' }];
        else if (seenLines.has(line.id) || outLines.has(line.id)) {
          errors[`${field}.id_order_detail`] = [{ key: 'api.unitOut', params: { code: line.productLabel } }];
        } else if (unit && unit.productId !== line.productId && !item.forced) {
          errors[`${field}.internal_code`] = [{ key: 'api.unitWrongProduct', params: { code, product: line.productLabel } }];
        } else if (unit && unit.productId === line.productId && !unitFitsSize(line.size, unit.size)) {
          // Not even forced: the line holds a unit of its size, and a unit of another size handed
          // for it would be held by nothing, so that size could be booked twice.
          errors[`${field}.internal_code`] = [{ key: 'api.unitWrongSize', params: { code, size: unit.size ?? '–', wanted: line.size!, product: line.productLabel } }];
        }
        seenLines.add(item.id_order_detail);
      });
      refuse(errors);
      const day = toRomeDay(at);
      // A unit for a line without a size (or an extra) must not take a size other orders booked.
      const handOuts = items.map((item, index) => {
        const unit = units.get(item.internal_code)!;
        const line = liveLines.find((l) => l.id === item.id_order_detail);
        return { index, code: unit.internalCode, productId: unit.productId, productLabel: unit.productModel, size: unit.size, line };
      });
      refuse(await sizeHeldErrors(tx, order, handOuts, day));
      // Extras, forced and early hand-outs must not take units other orders booked.
      const touched = items.map((item) => units.get(item.internal_code)!.productId);
      const before = await freeUnitsOnDay(tx, touched, day);
      const recordedAt = deps.now();
      const [delivery] = await tx.insert(deliveries).values({ orderId: order.id, kind: 'delivery', totemId: totem.id }).returning();
      await tx.insert(deliveryDetails).values(
        items.map((item) => ({
          orderId: order.id,
          deliveryId: delivery!.id,
          idOrderDetail: item.id_order_detail ?? null,
          specificProductId: units.get(item.internal_code)!.id,
          forced: item.forced,
          forcedReason: item.forced ? (item.reason ?? null) : null,
          datetimeDelivery: at,
          deliveryRecordedAt: recordedAt,
          used: true,
          price: item.price ?? null,
        })),
      );
      refuse(overbookingErrors(overbooked(before, await freeUnitsOnDay(tx, touched, day)), items, units, liveLines, order, day));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('delivery_details', 'api.unitOut', { code: items.map((i) => i.internal_code).join(', ') });
    throw err;
  }
}

/**
 * The items to blame for products a delivery overbooked: those holding a unit no booking of its
 * product accounts for on `day` (an extra, a forced unit, a unit out before its booking starts).
 */
function overbookingErrors(
  over: { productId: number; free: number }[],
  items: DeliveryInput['delivery_details'],
  units: Map<string, SpecificProductRow>,
  lines: (typeof orderDetails.$inferSelect)[],
  order: OrderRow,
  day: string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const { productId, free } of over) {
    const ofProduct = items.flatMap((item, i) => (units.get(item.internal_code)!.productId === productId ? [{ item, i }] : []));
    const unbooked = ofProduct.filter(({ item }) => {
      const line = lines.find((l) => l.id === item.id_order_detail);
      return !line || line.productId !== productId || day < order.dateFrom;
    });
    for (const { item, i } of unbooked.length > 0 ? unbooked : ofProduct.slice(0, 1)) {
      const unit = units.get(item.internal_code)!;
      errors[`delivery_details.${i}.internal_code`] = [
        { key: 'api.handOutOverbooks', params: { code: unit.internalCode, product: unit.productModel, date: dayToDisplay(day), available: free } },
      ];
    }
  }
  return errors;
}

/** POST v1/pickup: the units are back at `at`; a reported problem locks the unit. Returns the orders touched. */
export async function pickUp(deps: AppDeps, totem: AuthTotem, input: PickupInput, at: Date): Promise<number[]> {
  const { db } = deps.database;
  const known = await unitsByCode(db, totem.shopId, input.items.map((i) => i.internal_code));
  return stockWrite(deps, [...known.values()].map((u) => u.productId), async (tx) => {
    const units = await unitsByCode(tx, totem.shopId, input.items.map((i) => i.internal_code));
    const open = await openHandOuts(tx, { units: [...units.values()].map((u) => u.id) });
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    const recordedAt = deps.now();
    const plan: { item: PickupInput['items'][number]; unit: SpecificProductRow; detail: DeliveryDetailRow }[] = [];
    input.items.forEach((item, i) => {
      const field = `items.${i}.internal_code`;
      const code = item.internal_code;
      const unit = units.get(code);
      const detail = unit && open.find((d) => d.specificProductId === unit.id);
      if (seen.has(code)) errors[field] = [{ key: 'validators.invalid' }];
      else if (!unit) errors[field] = [{ key: 'api.notFound' }];
      else if (!detail || (input.order_id !== undefined && detail.orderId !== input.order_id)) {
        errors[field] = [{ key: 'api.unitNotOut', params: { code } }];
      } else if (at < detail.datetimeDelivery!) {
        // Out since after this return's moment: a new hand-out, not the one this return is for.
        errors[field] = [{ key: 'api.unitOutSince', params: { code, date: momentToDisplay(detail.datetimeDelivery!) } }];
      } else plan.push({ item, unit, detail });
      seen.add(code);
    });
    refuse(errors);
    for (const { item, unit, detail } of plan) {
      await tx.update(deliveryDetails).set({ datetimeReturn: at, returnRecordedAt: recordedAt, managed: true }).where(eq(deliveryDetails.id, detail.id));
      if (item.problem) {
        await tx.insert(specificProductProblems).values({ specificProductId: unit.id, totemId: totem.id, orderId: detail.orderId, description: item.problem });
        await tx.update(specificProducts).set({ locked: true }).where(eq(specificProducts.id, unit.id));
      }
    }
    const orderIds = [...new Set(plan.map((p) => p.detail.orderId))];
    await tx.insert(deliveries).values(orderIds.map((orderId) => ({ orderId, kind: 'pickup' as const, totemId: totem.id })));
    return orderIds;
  });
}

/** A delivery detail of the totem's shop with its unit, or null. */
export async function shopDeliveryDetail(db: Db, totem: AuthTotem, id: number) {
  const [row] = await db
    .select({ detail: deliveryDetails, unit: specificProducts })
    .from(deliveryDetails)
    .innerJoin(specificProducts, eq(specificProducts.id, deliveryDetails.specificProductId))
    .innerJoin(products, eq(products.id, specificProducts.productId))
    .where(and(eq(deliveryDetails.id, id), eq(products.shopId, totem.shopId)));
  return row ?? null;
}

type HandOut = { detail: DeliveryDetailRow; unit: SpecificProductRow };

/** reset_delivery: the hand-out never happened (only while the unit is not back). */
export async function resetDelivery(deps: AppDeps, { detail, unit }: HandOut): Promise<void> {
  await stockWrite(deps, [unit.productId], async (tx) => {
    const [current] = await tx.select().from(deliveryDetails).where(eq(deliveryDetails.id, detail.id));
    if (!current) throw new ApiError(404, 'api.notFound');
    if (current.datetimeReturn) throw fieldError('id', 'api.unitReturned', { code: unit.internalCode });
    await tx.delete(deliveryDetails).where(eq(deliveryDetails.id, detail.id));
  });
}

/**
 * reset_pickup: the unit is out again (refused if it went out again for someone else). Confirmed at
 * `confirmedAt` (the kiosk's Confirm), a return recorded after that moment is a later one: refused.
 */
export async function resetPickup(deps: AppDeps, { detail, unit }: HandOut, confirmedAt?: Date): Promise<void> {
  const code = unit.internalCode;
  try {
    await stockWrite(deps, [unit.productId], async (tx) => {
      const [current] = await tx.select().from(deliveryDetails).where(eq(deliveryDetails.id, detail.id));
      if (!current) throw new ApiError(404, 'api.notFound');
      if (!current.datetimeReturn) throw fieldError('id', 'api.unitNotReturned', { code });
      if (confirmedAt && returnRecordedAfter(current, confirmedAt)) {
        throw fieldError('id', 'api.unitReturnedSince', { code, date: momentToDisplay(current.datetimeReturn) });
      }
      if ((await openHandOuts(tx, { units: [unit.id] })).length > 0) throw fieldError('id', 'api.unitOut', { code });
      // Out again from today: refused when other orders booked every unit of it today.
      const day = toRomeDay(deps.now());
      const before = await freeUnitsOnDay(tx, [unit.productId], day);
      await tx.update(deliveryDetails).set({ datetimeReturn: null, returnRecordedAt: null, managed: false }).where(eq(deliveryDetails.id, detail.id));
      const [over] = overbooked(before, await freeUnitsOnDay(tx, [unit.productId], day));
      if (over) throw fieldError('id', 'api.handOutOverbooks', { code, product: unit.productModel, date: dayToDisplay(day), available: over.free });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('id', 'api.unitOut', { code });
    throw err;
  }
}
