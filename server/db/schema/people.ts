// The people a customer rents for ("returning skiers"): one row per person and account,
// unique by normalised name (personNameKey), so an order's skiers update the known ones instead of
// piling up duplicates. Measures are kept as numbers: a shoe size can be 42.5.
import { doublePrecision, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const people = pgTable(
  'people',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** personNameKey(first, last): the dedupe key. */
    nameKey: text('name_key').notNull(),
    height: doublePrecision('height').notNull(),
    weight: doublePrecision('weight').notNull(),
    shoeSize: doublePrecision('shoe_size').notNull(),
    level: text('level').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last edit or last order that carried this person: the dialog offers the latest first. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Its leading user_id also serves the per-account listing.
  (t) => [uniqueIndex('people_user_name_idx').on(t.userId, t.nameKey)],
);
