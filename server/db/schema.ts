// Database schema of the reference booking API (PostgreSQL dialect: PGlite and PostgreSQL share it).
// Later issues add the catalogue, orders and kiosk tables here and generate a migration with
// `npm run db:generate`.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value facts about the database itself, e.g. which seed version has been applied. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sports = pgTable('sports', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});
