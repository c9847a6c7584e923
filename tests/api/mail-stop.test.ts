// A stop closes the database after the mails being handed to SMTP: one the server took but that
// was not marked sent would go out again after its lease. The wait is bounded, so a hung SMTP
// server cannot hold the stop past its margin (scripts/start.ts).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '~server/db/schema/index';
import { oneByOne } from '~server/mail/compose';
import { MailOutbox } from '~server/mail/outbox';
import { seededApi } from '../support/app';
import { testDrivers } from '../support/databases';

const LIMITS = { maxAttempts: 3, maxDelayMs: 60_000 };
const SLOW_SEND_MS = 300;

describe.each(testDrivers.slice(0, 1))('stopping while a mail is being sent, on $name', (driver) => {
  const api = seededApi(driver);

  it('waits for the send in flight, so the mail is marked sent before the database closes', async () => {
    const delivered: string[] = [];
    const outbox = new MailOutbox(api.deps.database.db, oneByOne({ deliver: async (_message, recipient) => void (await new Promise((r) => setTimeout(r, SLOW_SEND_MS)), delivered.push(recipient)) }), LIMITS);
    const id = await outbox.enqueue('Subject: x\n\nbody', 'stop@example.com');
    void outbox.deliverDue(id);
    await outbox.settle();
    expect(delivered).toEqual(['stop@example.com']);
    const [row] = await api.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.status).toBe('sent');
  });

  it('gives up waiting after its bound when the SMTP server never answers', async () => {
    const outbox = new MailOutbox(api.deps.database.db, oneByOne({ deliver: () => new Promise<void>(() => undefined) }), LIMITS);
    const id = await outbox.enqueue('Subject: y\n\nbody', 'hung@example.com');
    void outbox.deliverDue(id);
    const started = Date.now();
    await outbox.settle(100);
    expect(Date.now() - started).toBeLessThan(SLOW_SEND_MS * 10);
  });
});
