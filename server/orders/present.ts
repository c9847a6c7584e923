// The order as the storefront sees it (spec §3 Order, pools, details, medias, delivery).
import { asc, eq, inArray, and, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { coupons, deliveryDetails, medias, orderDetailPools, orderDetails, specificProducts, totems } from '../db/schema/index';
import type { CatalogueCache, CatalogueShop } from '../catalogue/cache';
import { todayInRome } from '~/domain/dates';
import type { OrderRow, SavedOrder } from './write';
import { kioskRequiresDocuments } from './order-medias';
import type { z } from 'zod';
import type { OrderResponseSchema } from '~/api/contract/orders';
import { shopAddressLine, shopMapUrl } from '~/domain/shop-place';
import { LOCALES } from '~/domain/locales';
import { shopHours } from '../vouchers/shop-hours';
import { loadPayments } from './order-payments';

/** What the presenter writes: the contract's input, so a field it does not know fails the typecheck. */
type OrderAnswer = z.input<typeof OrderResponseSchema>;
type PoolAnswer = OrderAnswer['order_detail_pools'][number];
type MediaAnswer = OrderAnswer['medias'][number];
type ShopAnswer = NonNullable<OrderAnswer['shop']>;
type DeliveryDetailAnswer = NonNullable<NonNullable<OrderAnswer['delivery']>['delivery_details']>[number];

/** An order can change until its first day starts, while confirmed and unpaid. */
export function isEditable(order: OrderRow, now: Date): boolean {
  return order.status === 'confirmed' && !order.paidAt && todayInRome(now) < order.dateFrom;
}

type PoolRow = typeof orderDetailPools.$inferSelect;
type DetailRow = typeof orderDetails.$inferSelect;
type MediaRow = typeof medias.$inferSelect;
type DeliveredRow = { detail: typeof deliveryDetails.$inferSelect; product: typeof specificProducts.$inferSelect };

interface Related {
  pools: PoolRow[];
  details: DetailRow[];
  docs: MediaRow[];
  delivered: DeliveredRow[];
  /** Each kiosk that placed one of the orders, by totem id. */
  totemCodes: Map<number, PlacedAt>;
  /** The amount of each coupon the orders use, by code. */
  couponAmounts: Map<string, number>;
  /** What the cash desks took for the paid ones, by order id. */
  payments: Map<number, NonNullable<OrderAnswer['payments']>>;
}

/** A kiosk that placed an order: its code, and whether its orders require an identity document. */
interface PlacedAt {
  code: string;
  documentsRequired: boolean;
}

/** The kiosks that placed `rows`: one query for the whole list, none when no kiosk did. */
async function loadTotemCodes(db: Db, rows: OrderRow[]): Promise<Map<number, PlacedAt>> {
  const ids = [...new Set(rows.map((o) => o.createdTotemId).filter((id): id is number => id != null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: totems.id, code: totems.code, dataSecurityUserOptional: totems.dataSecurityUserOptional })
    .from(totems)
    .where(inArray(totems.id, ids));
  return new Map(found.map((t) => [t.id, { code: t.code, documentsRequired: kioskRequiresDocuments(t) }]));
}

/** What each coupon of `rows` takes off: one query for the whole list, none when no order has one. */
async function loadCouponAmounts(db: Db, rows: OrderRow[]): Promise<Map<string, number>> {
  const codes = [...new Set(rows.flatMap((o) => o.couponCodes))];
  if (codes.length === 0) return new Map();
  const found = await db.select({ code: coupons.code, amount: coupons.amount }).from(coupons).where(inArray(coupons.code, codes));
  return new Map(found.map((c) => [c.code, c.amount]));
}

async function loadMedias(db: Db, ids: number[]) {
  return db
    .select()
    .from(medias)
    .where(and(inArray(medias.orderId, ids), isNull(medias.deletedAt)))
    .orderBy(asc(medias.id));
}

async function loadDelivered(db: Db, ids: number[]) {
  return db
    .select({ detail: deliveryDetails, product: specificProducts })
    .from(deliveryDetails)
    .innerJoin(specificProducts, eq(specificProducts.id, deliveryDetails.specificProductId))
    .where(inArray(deliveryDetails.orderId, ids));
}

export async function presentOrders(db: Db, catalogue: CatalogueCache, rows: OrderRow[], now: Date): Promise<OrderAnswer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [pools, details, docs, delivered, totemCodes, couponAmounts, payments] = await Promise.all([
    db.select().from(orderDetailPools).where(inArray(orderDetailPools.orderId, ids)).orderBy(asc(orderDetailPools.index)),
    db.select().from(orderDetails).where(inArray(orderDetails.orderId, ids)).orderBy(asc(orderDetails.id)),
    loadMedias(db, ids),
    loadDelivered(db, ids),
    loadTotemCodes(db, rows),
    loadCouponAmounts(db, rows),
    // Only paid orders have payments: a list of unpaid ones costs no query.
    loadPayments(db, rows.filter((o) => o.paidAt).map((o) => o.id)),
  ]);
  return presentRows(catalogue, rows, { pools, details, docs, delivered, totemCodes, couponAmounts, payments }, now);
}

/** A just-written order, from the rows its transaction returned (no reading back). */
export async function presentSaved(
  db: Db,
  catalogue: CatalogueCache,
  saved: SavedOrder,
  now: Date,
  options: { withMedias: boolean; edited: boolean },
) {
  const ids = [saved.order.id];
  const [docs, delivered, totemCodes, couponAmounts] = await Promise.all([
    options.withMedias || options.edited ? loadMedias(db, ids) : [],
    options.edited ? loadDelivered(db, ids) : [],
    loadTotemCodes(db, [saved.order]),
    loadCouponAmounts(db, [saved.order]),
  ]);
  // Just placed or edited: unpaid, so no payments.
  const related = { pools: saved.pools, details: saved.details, docs, delivered, totemCodes, couponAmounts, payments: new Map() };
  return presentRows(catalogue, [saved.order], related, now)[0]!;
}

/** The shop with where and when to pick up: each part only where the shop's data has it. */
function presentShop({ row }: CatalogueShop): ShopAnswer {
  const address = shopAddressLine(row);
  const map = shopMapUrl(row);
  const hours = LOCALES.flatMap((locale) => {
    const text = shopHours(row.slug, locale);
    return text ? [[locale, text] as const] : [];
  });
  return {
    id: row.id,
    slug: row.slug,
    label: row.label,
    ...(address && { address }),
    ...(row.phone && { phone: row.phone }),
    ...(hours.length > 0 && { opening_hours: Object.fromEntries(hours) }),
    ...(map && { map_url: map }),
  };
}

function presentRows(catalogue: CatalogueCache, rows: OrderRow[], related: Related, now: Date): OrderAnswer[] {
  const { pools, details, docs, delivered, totemCodes, couponAmounts, payments } = related;
  return rows.map((order): OrderAnswer => {
    const shop = catalogue.shopById(order.shopId);
    const placedAt = order.createdTotemId != null ? totemCodes.get(order.createdTotemId) : undefined;
    const orderDocs = docs.filter((m) => m.orderId === order.id);
    return {
      id: order.id,
      uuid: order.uuid,
      number: order.number,
      status: order.status,
      paid: !!order.paidAt,
      paid_at: order.paidAt?.toISOString() ?? null,
      payments: payments.get(order.id) ?? [],
      online_payment_id: (order.paymentLog as { payment_id?: string } | null)?.payment_id ?? null,
      queued_at: order.queuedAt?.toISOString() ?? null,
      editable: isEditable(order, now),
      shop: shop ? presentShop(shop) : null,
      multipleDates: order.mode,
      date_from: order.dateFrom,
      date_to: order.dateTo,
      morning: order.morning,
      afternoon: order.afternoon,
      season: order.season,
      days: order.days,
      first_name: order.firstName,
      last_name: order.lastName,
      phone: order.phone,
      email: order.email,
      invoice: order.invoice,
      fiscal_code: order.fiscalCode,
      fidelity_card_number: order.fidelityCardNumber,
      coupon_codes: order.couponCodes,
      // A coupon gone from the table takes nothing off; its code stays, for the server to refuse it
      // on an edit that carries it (rather than the edit dropping it unseen).
      coupons: order.couponCodes.map((code) => ({ code, amount: couponAmounts.get(code) ?? 0 })),
      total_amount: order.totalAmount,
      original_total_amount: order.originalTotalAmount,
      discount: order.discount,
      total_tax: order.totalTax,
      total_taxable: order.totalTaxable,
      created_at: order.createdAt.toISOString(),
      ref: order.ref,
      terms_version: order.termsVersion,
      terms_accepted_at: order.termsAcceptedAt?.toISOString() ?? null,
      totem_code: placedAt?.code ?? null,
      // The order's own rule (orders/order-medias.ts): the refusals keep it from happening now;
      // an order from before them may still lack one, and the delivery counter warns.
      document_missing: !!placedAt?.documentsRequired && orderDocs.length === 0,
      id_at_desk: order.idAtDesk,
      order_detail_pools: pools
        .filter((p) => p.orderId === order.id)
        .map((p): PoolAnswer => ({
          id: p.id,
          index: p.index,
          customer: p.customer,
          order_details: details
            .filter((d) => d.poolId === p.id)
            .map((d): PoolAnswer['order_details'][number] => ({
              id: d.id,
              product_id: d.productId,
              price_id: d.priceId,
              is_add_on: d.isAddOn,
              product_label: d.productLabel,
              size: d.size,
              unit_price: d.unitPrice,
              total_price: d.totalPrice,
              original_total_price: d.originalTotalPrice,
              total_tax: d.totalTax,
              total_taxable: d.totalTaxable,
            })),
        })),
      medias: orderDocs.map((m, i): MediaAnswer => ({
        id: m.id,
        url: `/api/v1/media/${m.id}?order=${order.uuid}`,
        name: m.originalName,
        mime: m.mime,
        size: m.size,
        front: i === 0,
        stored: true,
        deleted: false,
      })),
      delivery: {
        delivery_details: delivered
          .filter((d) => d.detail.orderId === order.id)
          // Stable order for the kiosk's lists: the order the units were handed out in.
          .sort((a, b) => a.detail.id - b.detail.id)
          .map(({ detail, product }): DeliveryDetailAnswer => ({
            id: detail.id,
            id_order_detail: detail.idOrderDetail,
            forced: detail.forced,
            forced_reason: detail.forcedReason ?? null,
            datetime_delivery: detail.datetimeDelivery?.toISOString() ?? null,
            datetime_return: detail.datetimeReturn?.toISOString() ?? null,
            used: detail.used,
            managed: detail.managed,
            price: detail.price,
            delivery_detail_specific_product: {
              specific_product: { id: product.id, product_model: product.productModel, internal_code: product.internalCode },
            },
          })),
      },
    };
  });
}

export async function presentOrder(db: Db, catalogue: CatalogueCache, row: OrderRow, now: Date): Promise<OrderAnswer> {
  const [order] = await presentOrders(db, catalogue, [row], now);
  return order!;
}
