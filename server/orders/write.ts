// The writes that change what an order books: place or edit it (one transaction that can never
// overbook, checked as stock-check.ts says for each database) and cancel it. Each commits through
// the availability hook (server/availability/commit.ts), so the in-memory availability counts the
// change as soon as it is committed.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { splitVat } from '~/domain/charges';
import type { OrderFormInput } from '~/api/contract/order-form';
import type { Locale } from '~/i18n/index';
import type { Db } from '../db/client';
import { insertReturning } from '../db/insert-statements';
import type { IdempotencyClaim } from '../http/context';
import { recordIdempotentOrder } from './idempotent-order';
import { orderDetailPools, orderDetails, orders } from '../db/schema/index';
import type { CatalogueShop } from '../catalogue/cache';
import {
  commitAndRefresh,
  enqueue,
  nothingChanged,
  orderHolds,
  orderReleased,
  type AvailabilityDeps,
} from '../availability/commit';
import { DateModes, toRomeDay } from '~/domain/dates';
import type { Quote } from './quote';
import { saveOrderMedias, type OrderMediasInput } from './order-medias';
import { noClaim, noOtherPaymentClaim } from './payment-claims';
import { changeRefusal, lockOrderForChange, noHandOut } from './hand-outs';
import { redeemCoupons, releaseCoupons } from './coupons';
import { checkAvailabilityInMemory, checkAvailabilityLocked } from './stock-check';

export type OrderRow = typeof orders.$inferSelect;

export interface SaveOrderInput extends OrderMediasInput {
  shop: CatalogueShop;
  quote: Quote;
  form: OrderFormInput;
  /** The kiosk placing a new order; ignored on edits, which keep the order's own. */
  totemId?: number | null;
  locale: Locale;
  /** Set when editing: the order whose lines are replaced. */
  editing?: OrderRow;
  /** The request's `Idempotency-Key`, recorded with a new order in its transaction. */
  idempotency?: IdempotencyClaim;
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

export function saveOrder(deps: AvailabilityDeps, input: SaveOrderInput, now: Date, strategy: WriteStrategy): Promise<SavedOrder> {
  if (!strategy.serialized) return writeOrder(deps, input, now, checkAvailabilityLocked);
  return enqueue(() => {
    checkAvailabilityInMemory(deps.availability, input);
    return writeOrder(deps, input, now);
  });
}

async function writeOrder(
  deps: AvailabilityDeps,
  input: SaveOrderInput,
  now: Date,
  checkInside?: (tx: Db, input: SaveOrderInput, now: Date, written?: number) => Promise<void>,
): Promise<SavedOrder> {
  const { quote, form, shop, editing } = input;
  // Once committed, the in-memory availability counts this order (and no longer its old lines).
  return commitAndRefresh(deps, async (tx) => {
    // An edit checks first (its order's row is locked after the products, as a delivery locks
    // them); a new order once its rows are written (below), so it holds the products' lock for
    // three statements and its commit rather than for all of its writes.
    if (checkInside && editing) await checkInside(tx, input, now);
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
      // A delivery too: the row lock first, then the write sees it (orders/hand-outs.ts).
      await lockOrderForChange(tx, editing.id);
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
      if (!updated) throw await changeRefusal(tx, editing.id, now);
      row = updated as OrderRow;
      await tx.delete(orderDetails).where(eq(orderDetails.orderId, editing.id));
      await tx.delete(orderDetailPools).where(eq(orderDetailPools.orderId, editing.id));
    } else {
      [row] = (await insertReturning(tx, orders, [
        {
          ...values,
          uuid: randomUUID(),
          userId: input.userId,
          createdTotemId: input.totemId ?? null,
          locale: input.locale,
          ref: form.ref ?? null,
          // An edit keeps the consent given when the order was placed.
          termsVersion: form.terms_version ?? null,
          termsAcceptedAt: form.terms_version ? now : null,
          // Set when placed; an edit (the update above) leaves it as it was.
          idAtDesk: form.id_at_desk,
        },
      ])) as [OrderRow];
      if (input.idempotency) await recordIdempotentOrder(tx, input.idempotency, row.id);
    }
    // All pools in one insert, then all lines in one insert: fewer round trips per order.
    const poolRows = await insertReturning(
      tx,
      orderDetailPools,
      quote.pools.map((pool) => ({ orderId: row.id, index: pool.index, customer: pool.customer })),
    );
    const detailRows = await insertReturning(
      tx,
      orderDetails,
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
            size: l.size,
            unitPrice: l.unitPrice,
            totalPrice: l.totalPrice,
            originalTotalPrice: l.originalTotalPrice,
            totalTax: vat.total_tax,
            totalTaxable: vat.total_taxable,
          };
        }),
      ),
    );
    await saveOrderMedias(tx, input, row.id, now);
    // Before the coupons, as an edit does: products then coupons, the one order of locks.
    if (checkInside && !editing) await checkInside(tx, input, now, row.id);
    // Coupon limits: counted and recorded in this transaction, or the order is refused (a new
    // order without coupons, most of them, has nothing to count).
    if (editing || quote.couponCodes.length > 0) {
      await redeemCoupons(tx, {
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
    }
    // No unit of the order is out (an edit is refused then), so no unit out moves with its dates.
    return {
      result: { order: row, pools: poolRows, details: detailRows },
      change: orderHolds(row.id, quote.pools.flatMap((p) => p.lines), quote.period),
    };
  });
}

/**
 * Cancels an order: only an unpaid one, not while a cash desk is charging the card for it, never
 * with units out (even when a delivery lands right now: orders/hand-outs.ts). Its units and its
 * coupons are free again; otherwise the refusal says why (410, 409).
 */
export async function cancelOrder(deps: AvailabilityDeps, orderId: number, now: Date): Promise<OrderRow> {
  const row = await commitAndRefresh(deps, async (tx) => {
    await lockOrderForChange(tx, orderId);
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'confirmed'), isNull(orders.paidAt), noOtherPaymentClaim(now), noHandOut()))
      .returning();
    // Its coupons go back with it (server/orders/coupons.ts).
    if (cancelled) await releaseCoupons(tx, orderId);
    return { result: cancelled, change: cancelled ? orderReleased(orderId) : nothingChanged };
  });
  if (!row) throw await changeRefusal(deps.database.db, orderId, now);
  return row;
}
