// In-shop kiosks and the log of payment-terminal failures.
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { shops } from './catalogue';

export const totems = pgTable('totems', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** 10 public kiosk, 20 totem admin, 30 totem admin + cash desk. */
  type: integer('type').notNull(),
  shopId: integer('shop_id').notNull().references(() => shops.id),
  pairingCodeHash: text('pairing_code_hash').notNull(),
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
