// Writes an order in one transaction that can never overbook, with the same availability rule as
// everywhere else. Two strategies, by database:
// - PostgreSQL (several connections, possibly several processes): the rows of the booked products
//   are locked FOR UPDATE (in id order, so two orders cannot deadlock) and their bookings are read
//   again inside the lock. Concurrent orders for the same product wait for each other.
// - PGlite (one connection, one process): every statement is serialized anyway, so order writes
//   go through one in-process queue and the check reads the in-memory booking index, which inside
//   that queue always equals the committed state. Two queries fewer per order.
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNull, lte, ne } from 'drizzle-orm';
import { availableUnits } from '../../src/domain/availability';
import { splitVat } from '../../src/domain/charges';
import type { OrderFormInput } from '../../src/api/contract/order-form';
import type { Locale } from '../../src/i18n/index';
import type { Db } from '../db/client';
import { orderDetailPools, orderDetails, orders, products } from '../db/schema/index';
import { ApiError, type FieldErrors } from '../http/errors';
import { orderPeriod, type CatalogueCache, type CatalogueShop } from '../catalogue/cache';
import { outUnitHolds, readOutUnits } from '../availability/out-units';
import { DateModes, toRomeDay } from '../../src/domain/dates';
import type { Quote } from './quote';
import { saveOrderMedias, type OrderMediasInput } from './order-medias';
import { noClaim, noOtherPaymentClaim } from './payment-claims';
import { changeRefusal, lockOrderForChange, noHandOut } from './hand-outs';
import { redeemCoupons } from './coupons';

export type OrderRow = typeof orders.$inferSelect;

export interface SaveOrderInput extends OrderMediasInput {
  shop: CatalogueShop;
  quote: Quote;
  form: OrderFormInput;
  /** The kiosk placing a new order (issue #12); ignored on edits, which keep the order's own. */
  totemId?: number | null;
  locale: Locale;
  /** Set when editing: the order whose lines are replaced. */
  editing?: OrderRow;
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
function checkAvailabilityInMemory(catalogue: CatalogueCache, input: SaveOrderInput): void {
  const errors: FieldErrors = {};
  for (const [id, want] of neededUnits(input.quote)) {
    const free = catalogue.available(id, input.quote.period, input.editing?.id);
    if (want.count > free) {
      errors[`cart.${want.pool}`] = [{ key: 'api.notAvailable', params: { product: want.label, available: free } }];
    }
  }
  refuse(errors);
}

/** PostgreSQL path: lock the products, re-read their bookings and units out inside the lock. */
async function checkAvailabilityLocked(tx: Db, input: SaveOrderInput, now: Date): Promise<void> {
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
  // Units still out past their booked end stay held until picked up (issue #7); deliveries and
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

export interface SavedOrder {
  order: OrderRow;
  pools: (typeof orderDetailPools.$inferSelect)[];
  details: (typeof orderDetails.$inferSelect)[];
}

export interface WriteStrategy {
  /** True on PGlite: order writes are queued in-process and checked against memory. */
  serialized: boolean;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `task` after every task queued before it (the PGlite write queue). Deliveries and pickups
 * join it too (issue #7), so the in-memory index stays equal to the committed state inside it.
 */
export function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export function saveOrder(
  db: Db,
  catalogue: CatalogueCache,
  input: SaveOrderInput,
  now: Date,
  strategy: WriteStrategy,
): Promise<SavedOrder> {
  if (!strategy.serialized) return writeOrder(db, catalogue, input, now, () => undefined, checkAvailabilityLocked);
  return enqueue(() => writeOrder(db, catalogue, input, now, () => checkAvailabilityInMemory(catalogue, input)));
}

async function writeOrder(
  db: Db,
  catalogue: CatalogueCache,
  input: SaveOrderInput,
  now: Date,
  checkBefore: () => void,
  checkInside?: (tx: Db, input: SaveOrderInput, now: Date) => Promise<void>,
): Promise<SavedOrder> {
  const { quote, form, shop, editing } = input;
  checkBefore();
  const saved = await db.transaction(async (tx) => {
    if (checkInside) await checkInside(tx as unknown as Db, input, now);
    const values = {
      shopId: shop.row.id,
      mode: quote.mode,
      dateFrom: quote.period.from,
      dateTo: quote.period.to,
      morning: quote.mode === DateModes.MORNING,
      afternoon: quote.mode === DateModes.AFTERNOON,
      season: quote.mode === DateModes.SEASONAL,
      days: quote.days,
      firstName: form.first_name,
      lastName: form.last_name,
      phone: form.phone,
      email: form.email.toLowerCase(),
      invoice: form.invoice,
      fiscalCode: form.invoice ? (form.fiscal_code ?? null) : null,
      fidelityCardNumber: form.fidelity_card_number ?? null,
      couponCodes: quote.couponCodes,
      totalAmount: quote.total,
      originalTotalAmount: quote.originalTotal,
      discount: quote.discount,
      totalTax: quote.totalTax,
      totalTaxable: quote.totalTaxable,
      updatedAt: now,
    };
    let row: OrderRow;
    // An edit updates the order's row in place: what is not in `values` (user, kiosk that placed it,
    // uuid, locale, ref, payment) stays as it was.
    if (editing) {
      // Checked again inside the transaction: a payment or a cancellation may have landed since the
      // order was read (a slow upload), and a paid order must keep the total it was paid for.
      // A delivery too (issue #11): the row lock first, then the write sees it (orders/hand-outs.ts).
      await lockOrderForChange(tx as unknown as Db, editing.id);
      const [updated] = await tx
        .update(orders)
        // A claim left (only a lapsed one lets the edit through) goes: the old total is no longer
        // what anyone may charge, and a desk that lost track of its claim (a claim whose answer was
        // lost, then a reload) no longer keeps every desk from taking the payment. A charge still
        // unresolved behind it is refused on recording (the amount changed) and given back.
        .set({ ...values, ...noClaim })
        // …and a cash desk may be charging the card for the old total right now.
        .where(and(eq(orders.id, editing.id), eq(orders.status, 'confirmed'), isNull(orders.paidAt), noOtherPaymentClaim(now), noHandOut()))
        .returning();
      if (!updated) throw await changeRefusal(tx as unknown as Db, editing.id, now);
      row = updated as OrderRow;
      await tx.delete(orderDetails).where(eq(orderDetails.orderId, editing.id));
      await tx.delete(orderDetailPools).where(eq(orderDetailPools.orderId, editing.id));
    } else {
      [row] = (await tx
        .insert(orders)
        .values({
          ...values,
          uuid: randomUUID(),
          userId: input.userId,
          createdTotemId: input.totemId ?? null,
          locale: input.locale,
          ref: form.ref ?? null,
        })
        .returning()) as [OrderRow];
    }
    // All pools in one insert, then all lines in one insert: fewer round trips per order.
    const poolRows = await tx
      .insert(orderDetailPools)
      .values(quote.pools.map((pool) => ({ orderId: row.id, index: pool.index, customer: pool.customer })))
      .returning();
    const detailRows = await tx
      .insert(orderDetails)
      .values(
        quote.pools.flatMap((pool, i) =>
          pool.lines.map((l) => {
            const vat = splitVat(l.totalPrice);
            return {
              orderId: row.id,
              poolId: poolRows[i]!.id,
              productId: l.productId,
              priceId: l.priceId,
              isAddOn: l.isAddOn,
              productLabel: l.label,
              unitPrice: l.unitPrice,
              totalPrice: l.totalPrice,
              originalTotalPrice: l.originalTotalPrice,
              totalTax: vat.total_tax,
              totalTaxable: vat.total_taxable,
            };
          }),
        ),
      )
      .returning();
    await saveOrderMedias(tx as unknown as Db, input, row.id, now);
    // Coupon limits (issue #11): counted and recorded in this transaction, or the order is refused.
    await redeemCoupons(tx as unknown as Db, {
      orderId: row.id,
      codes: quote.couponCodes.map((code) => ({
        code,
        field: `coupon_codes.${Math.max(0, form.coupon_codes.findIndex((typed) => typed.trim().toUpperCase() === code))}`,
      })),
      userId: row.userId,
      email: row.email,
      today: toRomeDay(now),
      edited: !!editing,
    });
    return { order: row, pools: poolRows, details: detailRows };
  });
  // Only after the commit: the in-memory availability now counts this order.
  catalogue.setOrderBookings(
    saved.order.id,
    quote.pools.flatMap((p) => p.lines.map((l) => l.productId)),
    quote.period,
  );
  return saved;
}
