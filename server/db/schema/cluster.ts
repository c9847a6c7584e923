// What several API processes on one PostgreSQL share beyond the business tables:
// rate-limit windows, timers that must fire once, and realtime events too large for a NOTIFY.
// The embedded database (one process) has the same tables; only the timers are used there.
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One fixed window per key: `count` hits since the window opened, until `reset_at`. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  // Expired windows are deleted in bounded batches by this index, never by a scan per hit.
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * Work due at a moment (a late payment confirmation…). Any process may run it: the one that claims
 * the row moves `due_at` forward by a lease and deletes the row when done, so a process that dies
 * in between leaves it to be claimed again once the lease is over (server/cluster/timers.ts).
 */
export const scheduledTasks = pgTable(
  'scheduled_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('scheduled_tasks_kind_subject_idx').on(t.kind, t.subject), index('scheduled_tasks_due_at_idx').on(t.dueAt)],
);

/** A realtime event larger than a NOTIFY payload: the notification carries only this row's id. */
export const realtimeOutbox = pgTable(
  'realtime_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_outbox_created_at_idx').on(t.createdAt)],
);
