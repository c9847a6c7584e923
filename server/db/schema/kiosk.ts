// In-shop kiosks, the log of payment-terminal failures, cashier closings and problems reported on
// physical units.
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shops, specificProducts } from './catalogue';

export const totems = pgTable('totems', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** 10 public kiosk, 20 totem admin, 30 totem admin + cash desk. */
  type: integer('type').notNull(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  /**
   * SHA-256 of the pending pairing code: the code is looked up, so it cannot be salted (it is random,
   * 12 symbols, and lives a day). Cleared when a device pairs with it: a code pairs one device.
   */
  pairingCodeHash: text('pairing_code_hash').unique(),
  pairingCodeExpiresAt: timestamp('pairing_code_expires_at', { withTimezone: true }),
  passwordHash: text('password_hash').notNull(),
  pos: text('pos'),
  dataSecurityUserOptional: boolean('data_security_user_optional').notNull().default(false),
  serverUrl: text('server_url'),
});

export const posLogs = pgTable('pos_logs', {
  id: serial('id').primaryKey(),
  totemId: integer('totem_id'),
  orderNumber: text('order_number').notNull(),
  date: text('date').notNull(),
  response: jsonb('response').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The end-of-day close of a cash desk (type-30 totem), with what it had taken that day. */
export const cashierClosings = pgTable('cashier_closings', {
  id: serial('id').primaryKey(),
  totemId: integer('totem_id').notNull().references(() => totems.id),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  date: text('date').notNull(),
  ordersCount: integer('orders_count').notNull(),
  total: numeric('total', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A problem found on a unit (at pickup or in the inventory); the unit stays locked until unlocked. */
export const specificProductProblems = pgTable(
  'specific_product_problems',
  {
    id: serial('id').primaryKey(),
    specificProductId: integer('specific_product_id').notNull().references(() => specificProducts.id),
    totemId: integer('totem_id'),
    orderId: integer('order_id'),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('specific_product_problems_sp_idx').on(t.specificProductId)],
);
