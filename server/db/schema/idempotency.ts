// Idempotency keys of the kiosk's confirmations: the first answer to a request sent
// with an `Idempotency-Key` header, so a retry with the same key gets it again instead of running
// twice. Keys are scoped per caller (`scope`: a totem, a customer, or guests). A row without `completed_at` is in progress: `attempt`
// names the request that holds it since `started_at` (a lease, so a process that died mid-way does
// not block the key forever). See server/http/idempotency.ts.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { totems } from './kiosk';
import { orders } from './orders';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /**
     * Whose key it is: `totem:{id}`, `user:{id}` or `guest` (order creation). A guest's
     * key is a random UUID its browser made, and a replay also needs the same body.
     */
    scope: text('scope').notNull(),
    /** The totem of a `totem:` scope: its keys go when it is deleted. */
    totemId: integer('totem_id').references(() => totems.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 (hex) of the request body, canonical JSON when it is JSON. */
    requestHash: text('request_hash').notNull(),
    /** The request running it now; null once completed. */
    attempt: text('attempt'),
    /** The first answer; null while in progress. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /**
     * The order this request placed, written in the order's own transaction: once it is set the
     * order is committed, and a retry answers it instead of placing another, even when the answer
     * was never stored (a server error after the commit, a process that died).
     */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
