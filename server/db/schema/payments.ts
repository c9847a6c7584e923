// Online payments by the customer ("pay"): one row per visit to the payment provider's
// hosted page. The amount is frozen when the session opens, so an order edited meanwhile is never
// marked paid for an old total.
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentMethod } from '~/domain/desk-methods';
import { totems } from './kiosk';
import type { PaymentOutcome } from '~/api/contract/payments';
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
     * `refund_due` when money was taken that the order did not get (server/payments/sessions.ts),
     * `refunded` once the provider gave it back.
     */
    status: text('status').$type<'open' | Exclude<PaymentOutcome, 'refund'> | 'refund_due' | 'refunded'>().notNull().default('open'),
    /**
     * Who hosts the page: `simulator` (the demo's own page) or `stripe` (a Checkout Session). The
     * simulator's page refuses a Stripe session: pressing "pay" there must never mark one paid.
     */
    provider: text('provider').$type<'simulator' | 'stripe'>().notNull().default('simulator'),
    /** The provider's session (Stripe: `cs_…`) and its hosted page; null until the provider answered. */
    providerSessionId: text('provider_session_id'),
    providerUrl: text('provider_url'),
    /** The provider's payment once money was taken (Stripe: the PaymentIntent `pi_…`): what a refund names. */
    providerPaymentId: text('provider_payment_id'),
    /** The provider's refund (Stripe: `re_…`) of money the order did not get, and when. */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
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
    uniqueIndex('payment_sessions_provider_session_idx').on(t.providerSessionId),
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

/**
 * The provider's notifications already applied, by their id (Stripe: `evt_…`): written in the same
 * transaction as what the event changed, so an event delivered twice (Stripe retries until it gets
 * a 2xx, and may deliver more than once) changes the order once.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The payment session the event was about; null when it named none of ours. */
  sessionId: text('session_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
