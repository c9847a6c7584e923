// Customers, their sessions, password reset codes and loyalty cards.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** The login name: the customer's email, stored lower-cased. */
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  fiscalCode: text('fiscal_code'),
  fidelityCardNumber: text('fidelity_card_number'),
  scope: jsonb('scope').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bearer tokens, stored as SHA-256 hashes: a leaked table does not leak sessions. */
export const tokens = pgTable(
  'tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').references(() => users.id),
    totemId: integer('totem_id'),
    /**
     * A kiosk device paired with a demo kiosk's published code (demo mode only): a production
     * start ends every such session (server/db/seed/demo.ts), whoever copied the code.
     */
    demoCode: boolean('demo_code').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tokens_user_idx').on(t.userId)],
);

export const resetCodes = pgTable('reset_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const fidelityCards = pgTable('fidelity_cards', {
  id: serial('id').primaryKey(),
  number: text('number').notNull().unique(),
  userId: integer('user_id').references(() => users.id),
  holderName: text('holder_name').notNull(),
  points: integer('points').notNull().default(0),
  active: integer('active').notNull().default(1),
});
