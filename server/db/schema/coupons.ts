// Coupon redemptions: one row per coupon an order uses, written in the order's
// transaction. The per-customer limit counts the rows of the same account or e-mail; a cancelled
// order's rows are deleted (server/orders/coupons.ts says why).
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { coupons, orders } from './orders';
import { users } from './accounts';

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id').notNull().references(() => coupons.id),
    orderId: integer('order_id').notNull().references(() => orders.id),
    /** The account that placed the order, if any. */
    userId: integer('user_id').references(() => users.id),
    /** The order's e-mail, lower-cased: guests are counted by it. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An order redeems a coupon once, however often it is edited.
    uniqueIndex('coupon_redemptions_order_idx').on(t.couponId, t.orderId),
    index('coupon_redemptions_email_idx').on(t.couponId, t.email),
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
  ],
);
