// Outgoing e-mail waits here until it is delivered (server/mail/outbox.ts): a row is written when
// the mail is made, and a worker of any API process claims it, sends it, and marks it sent, or
// schedules the next attempt, or after the last one marks it failed. In the database, so it
// survives a restart, is shared by every API process and is in every database backup.
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The whole message as sent (RFC 5322, with its own Message-ID), built once. */
    message: text('message').notNull(),
    /** The envelope's recipient. */
    recipient: text('recipient').notNull(),
    /** pending, sent or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Set while a worker sends it; another worker takes it over only after this moment. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The last failure's text, for the operator (never the message itself). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
