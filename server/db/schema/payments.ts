// Online payments by the customer ("pay"): one row per visit to the payment provider's
// hosted page. The amount is frozen when the session opens, so an order edited meanwhile is never
// marked paid for an old total.
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentOutcome } from '../../../src/api/contract/payments';
import { orders } from './orders';

export const paymentSessions = pgTable(
  'payment_sessions',
  {
    /** Unguessable: the hosted page is reached by it alone. */
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /**
     * `open` until the customer pays, gives up or the card is refused; `expired` once past its time;
     * `refund_due` when money was taken that the order did not get (server/payments/sessions.ts).
     */
    status: text('status').$type<'open' | Exclude<PaymentOutcome, 'refund'> | 'refund_due'>().notNull().default('open'),
    /** Storefront path the customer comes back to (an internal path, checked when the session opens). */
    returnPath: text('return_path').notNull(),
    locale: text('locale').notNull().default('it'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_sessions_order_idx').on(t.orderId),
    // At most one open session per order: two tabs or a double click continue the same payment.
    uniqueIndex('payment_sessions_one_open_idx').on(t.orderId).where(sql`status = 'open'`),
  ],
);
