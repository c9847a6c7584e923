// Orders and their lines, documents, coupons, and the delivery/pickup of physical units.
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { products, prices, shops, specificProducts } from './catalogue';
import { users } from './accounts';

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

export type OrderStatus = 'confirmed' | 'cancelled';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Unguessable id for links and the guest path. */
    uuid: text('uuid').notNull().unique(),
    /** Human order number, printed on receipts. */
    number: text('number').notNull().unique(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').references(() => users.id),
    status: text('status').$type<OrderStatus>().notNull().default('confirmed'),
    /** multipleDates of the booking: 0 morning, 1 afternoon, 2 single day, 3 range, 20 season. */
    mode: integer('mode').notNull(),
    dateFrom: text('date_from').notNull(),
    dateTo: text('date_to').notNull(),
    morning: boolean('morning').notNull().default(false),
    afternoon: boolean('afternoon').notNull().default(false),
    season: boolean('season').notNull().default(false),
    days: integer('days').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    invoice: boolean('invoice').notNull().default(false),
    fiscalCode: text('fiscal_code'),
    fidelityCardNumber: text('fidelity_card_number'),
    couponCodes: jsonb('coupon_codes').$type<string[]>().notNull().default([]),
    locale: text('locale').notNull().default('it'),
    ref: text('ref'),
    totalAmount: money('total_amount').notNull(),
    originalTotalAmount: money('original_total_amount').notNull(),
    discount: money('discount').notNull().default(0),
    totalTax: money('total_tax').notNull(),
    totalTaxable: money('total_taxable').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_shop_dates_idx').on(t.shopId, t.dateFrom, t.dateTo),
    index('orders_user_idx').on(t.userId),
  ],
);

/** The person a pool's item is for, as typed in the form (height cm, weight kg, shoe size, level). */
export type CustomerInfo = {
  first_name?: string;
  last_name?: string;
  height?: string;
  weight?: string;
  shoe_size?: string;
  level?: string;
};

/** One rented item with its add-ons, for one person. */
export const orderDetailPools = pgTable(
  'order_detail_pools',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    index: integer('index').notNull(),
    customer: jsonb('customer').$type<CustomerInfo>(),
  },
  (t) => [index('pools_order_idx').on(t.orderId)],
);

/** A priced line; each line books one unit of its product for the order's dates. */
export const orderDetails = pgTable(
  'order_details',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    poolId: integer('pool_id').notNull().references(() => orderDetailPools.id),
    productId: integer('product_id').notNull().references(() => products.id),
    priceId: integer('price_id').notNull().references(() => prices.id),
    isAddOn: boolean('is_add_on').notNull().default(false),
    productLabel: text('product_label').notNull(),
    unitPrice: money('unit_price').notNull(),
    totalPrice: money('total_price').notNull(),
    originalTotalPrice: money('original_total_price').notNull(),
    totalTax: money('total_tax').notNull(),
    totalTaxable: money('total_taxable').notNull(),
  },
  (t) => [index('order_details_order_idx').on(t.orderId), index('order_details_product_idx').on(t.productId)],
);

export const medias = pgTable(
  'medias',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    userId: integer('user_id').references(() => users.id),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    // Not unique: a customer's stored document reused on a later order is a new row on the same file.
    storedName: text('stored_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('medias_order_idx').on(t.orderId), index('medias_user_idx').on(t.userId)],
);

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  amount: money('amount').notNull(),
  blocked: boolean('blocked').notNull().default(false),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A hand-out (delivery) or take-back (pickup) at the shop counter. */
export const deliveries = pgTable('deliveries', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => orders.id),
  kind: text('kind').$type<'delivery' | 'pickup'>().notNull(),
  totemId: integer('totem_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A physical unit handed out for an order line (or as an extra outside the lines). */
export const deliveryDetails = pgTable(
  'delivery_details',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    deliveryId: integer('delivery_id').references(() => deliveries.id),
    idOrderDetail: integer('id_order_detail').references(() => orderDetails.id),
    specificProductId: integer('specific_product_id').notNull().references(() => specificProducts.id),
    forced: boolean('forced').notNull().default(false),
    datetimeDelivery: timestamp('datetime_delivery', { withTimezone: true }),
    datetimeReturn: timestamp('datetime_return', { withTimezone: true }),
    used: boolean('used').notNull().default(false),
    managed: boolean('managed').notNull().default(false),
    price: money('price'),
  },
  (t) => [index('delivery_details_order_idx').on(t.orderId), index('delivery_details_sp_idx').on(t.specificProductId)],
);
