// The shop's physical units as the kiosk's inventory sees them: where each one is (in
// the shop, out for an order, locked by a problem), extras handed out outside the order lines, and
// the problems reported on a unit.
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { toRomeDay } from '~/domain/dates';
import type { Locale } from '~/i18n/index';
import type { z } from 'zod';
import type {
  ExtraSpecificProductSchema,
  InventoryItemSchema,
  UnitHistoryEntrySchema,
  UnitProblemSchema,
} from '~/api/contract/inventory';
import type { Db } from '../db/client';
import { deliveryDetails, orders, products, specificProductProblems, specificProducts } from '../db/schema/index';
import { localized } from '../catalogue/present';

type UnitRow = typeof specificProducts.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type ProblemRow = typeof specificProductProblems.$inferSelect;

export interface InventoryFilter {
  productId?: number;
  q?: string;
  ids?: number[];
}

const escapeLike = (text: string) => text.replace(/[%_\\]/g, (m) => `\\${m}`);

/** Units of the shop with their product and open hand-out, presented. */
export async function inventory(db: Db, shopId: number, filter: InventoryFilter, locale: Locale, today: string): Promise<z.input<typeof InventoryItemSchema>[]> {
  const text = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  const rows = await db
    .select({ unit: specificProducts, product: products })
    .from(specificProducts)
    .innerJoin(products, eq(products.id, specificProducts.productId))
    .where(
      and(
        eq(products.shopId, shopId),
        filter.productId !== undefined ? eq(products.id, filter.productId) : undefined,
        filter.ids ? inArray(specificProducts.id, filter.ids.length ? filter.ids : [-1]) : undefined,
        text ? or(ilike(specificProducts.internalCode, text), ilike(specificProducts.productModel, text)) : undefined,
      ),
    )
    .orderBy(specificProducts.internalCode)
    .limit(1000);
  const unitIds = rows.map((r) => r.unit.id);
  const open = unitIds.length
    ? await db
        .select({ detail: deliveryDetails, number: orders.number, dateTo: orders.dateTo })
        .from(deliveryDetails)
        .innerJoin(orders, eq(orders.id, deliveryDetails.orderId))
        .where(and(inArray(deliveryDetails.specificProductId, unitIds), isNotNull(deliveryDetails.datetimeDelivery), isNull(deliveryDetails.datetimeReturn)))
    : [];
  const outByUnit = new Map(open.map((o) => [o.detail.specificProductId, o]));
  return rows.map(({ unit, product }) => presentUnit(unit, product, outByUnit.get(unit.id), locale, today));
}

function presentUnit(
  unit: UnitRow,
  product: ProductRow,
  out: { detail: typeof deliveryDetails.$inferSelect; number: string; dateTo: string } | undefined,
  locale: Locale,
  today: string,
): z.input<typeof InventoryItemSchema> {
  // A unit without a booked end (an extra) is overdue from the day after it went out.
  const end = out ? (out.detail.idOrderDetail ? out.dateTo : toRomeDay(out.detail.datetimeDelivery!)) : '';
  return {
    id: unit.id,
    internal_code: unit.internalCode,
    product_model: unit.productModel,
    size: unit.size,
    locked: unit.locked,
    product: { id: product.id, code: product.code, label: localized(product.label, locale) },
    status: out ? 'out' : unit.locked ? 'locked' : 'available',
    out: out
      ? {
          delivery_detail_id: out.detail.id,
          order_id: out.detail.orderId,
          order_number: out.number,
          id_order_detail: out.detail.idOrderDetail,
          datetime_delivery: out.detail.datetimeDelivery!.toISOString(),
          date_to: out.dateTo,
          overdue: today > end,
        }
      : null,
  };
}

/** Units handed out outside the order lines (spec §3 "extra specific products"). */
export async function extras(db: Db, shopId: number, orderId: number | undefined): Promise<z.input<typeof ExtraSpecificProductSchema>[]> {
  const rows = await db
    .select({ detail: deliveryDetails, unit: specificProducts })
    .from(deliveryDetails)
    .innerJoin(specificProducts, eq(specificProducts.id, deliveryDetails.specificProductId))
    .innerJoin(orders, eq(orders.id, deliveryDetails.orderId))
    .where(
      and(
        eq(orders.shopId, shopId),
        isNull(deliveryDetails.idOrderDetail),
        // For one order: all its extras; otherwise the extras still out.
        orderId !== undefined ? eq(deliveryDetails.orderId, orderId) : isNull(deliveryDetails.datetimeReturn),
      ),
    )
    .orderBy(desc(deliveryDetails.id));
  return rows.map(({ detail, unit }): z.input<typeof ExtraSpecificProductSchema> => ({
    id: unit.id,
    internal_code: unit.internalCode,
    product_model: unit.productModel,
    order_id: detail.orderId,
    delivery: {
      id: detail.id,
      date: detail.datetimeDelivery?.toISOString() ?? null,
      date_return: detail.datetimeReturn?.toISOString() ?? null,
      forced: detail.forced,
      deleted: false as const,
      add: false as const,
    },
    pickup: detail.datetimeReturn?.toISOString() ?? null,
    used: detail.used,
    managed: detail.managed,
    price: detail.price,
  }));
}

/** The unit's hand-outs, newest first (its history at the counter). */
export async function unitHistory(db: Db, unitId: number): Promise<z.input<typeof UnitHistoryEntrySchema>[]> {
  const rows = await db
    .select({ detail: deliveryDetails, number: orders.number })
    .from(deliveryDetails)
    .innerJoin(orders, eq(orders.id, deliveryDetails.orderId))
    .where(eq(deliveryDetails.specificProductId, unitId))
    .orderBy(desc(deliveryDetails.id))
    .limit(20);
  return rows.map(({ detail, number }): z.input<typeof UnitHistoryEntrySchema> => ({
    delivery_detail_id: detail.id,
    order_id: detail.orderId,
    order_number: number,
    id_order_detail: detail.idOrderDetail,
    datetime_delivery: detail.datetimeDelivery?.toISOString() ?? null,
    datetime_return: detail.datetimeReturn?.toISOString() ?? null,
  }));
}

export function presentProblem(p: ProblemRow): z.input<typeof UnitProblemSchema> {
  return {
    id: p.id,
    specific_product_id: p.specificProductId,
    order_id: p.orderId,
    description: p.description,
    created_at: p.createdAt.toISOString(),
    resolved_at: p.resolvedAt?.toISOString() ?? null,
  };
}
