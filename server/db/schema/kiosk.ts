// In-shop kiosks, the log of payment-terminal failures, cashier closings and problems reported on
// physical units.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops, specificProducts } from './catalogue';
import type { MethodTotal } from '~/domain/desk-methods';

export const totems = pgTable('totems', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** 10 public kiosk, 20 totem admin, 30 totem admin + cash desk. */
  type: integer('type').notNull(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  passwordHash: text('password_hash').notNull(),
  pos: text('pos'),
  dataSecurityUserOptional: boolean('data_security_user_optional').notNull().default(false),
  serverUrl: text('server_url'),
});

/**
 * One-time pairing codes (server/staff/pairing.ts). Each row records who minted it, so revoking a
 * stolen kiosk can end the codes it made for others; used and cancelled rows stay as the record.
 */
export const pairingCodes = pgTable(
  'pairing_codes',
  {
    id: serial('id').primaryKey(),
    /** The kiosk a device pairing with this code becomes. */
    totemId: integer('totem_id')
      .notNull()
      .references(() => totems.id, { onDelete: 'cascade' }),
    /**
     * SHA-256 of the normalised code: the code is looked up, so it cannot be salted (it is random,
     * 12 symbols, and lives minutes).
     */
    codeHash: text('code_hash').notNull().unique(),
    /** The admin kiosk that minted it; null: the command line (`npm run totem -- pairing-code`). */
    mintedBy: integer('minted_by').references(() => totems.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the pairing that used it: a code pairs one device. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Replaced by a newer code, cancelled by staff, or ended by a revoke of its kiosk or its minter. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // At most one pending code per kiosk (a new one replaces the old), whatever the concurrency.
    uniqueIndex('pairing_codes_one_pending_per_totem').on(t.totemId).where(sql`${t.usedAt} is null and ${t.cancelledAt} is null`),
    index('pairing_codes_minted_by_idx').on(t.mintedBy),
  ],
);

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
  /** The day's payments by method (src/domain/desk-methods.ts MethodTotal), as staff saw them before closing. */
  methods: jsonb('methods').$type<MethodTotal[]>(),
  cashExpected: numeric('cash_expected', { precision: 10, scale: 2, mode: 'number' }),
  /** The cash staff counted in the drawer, when they counted it, and their note on a difference. */
  cashCounted: numeric('cash_counted', { precision: 10, scale: 2, mode: 'number' }),
  cashNote: text('cash_note'),
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
