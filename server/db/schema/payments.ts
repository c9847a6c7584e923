// Online payments by the customer ("pay"): one row per visit to the payment provider's
// hosted page. The amount is frozen when the session opens, so an order edited meanwhile is never
// marked paid for an old total.
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '../../../src/domain/desk-methods';
import { totems } from './kiosk';
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

/**
 * What a cash desk took for an order: one row per method (a split payment is two rows), with the
 * cash handed over and the reference staff typed. Written in the transaction that marks the order
 * paid, so the rows always add up to the order's total.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    method: text('method').$type<PaymentMethod>().notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** Cash only: what the customer handed over (the change is the difference). */
    received: numeric('received', { precision: 10, scale: 2, mode: 'number' }),
    reference: text('reference'),
    totemId: integer('totem_id').references(() => totems.id),
    /** The Idempotency-Key of the request that recorded it: the same key again answers, never records twice. */
    idempotencyKey: text('idempotency_key'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_payments_order_idx').on(t.orderId), index('order_payments_totem_paid_idx').on(t.totemId, t.paidAt)],
);
