// A burst of mails, as the confirmations of orders placed at the same moment: each send resolves
// with its file on disk (no SMTP), every mail is one row, written once, and once the mailer
// settles (a stop) every row is marked sent, though the marks are batched after the sends. And the
// records of sent mails deleted once past their retention. On PGlite and PostgreSQL.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '~server/db/schema/index';
import { createMailer } from '~server/mail/mailer';
import { MailOutbox } from '~server/mail/outbox';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';

const LIMITS = { maxAttempts: 3, maxDelayMs: 60_000 };
const BURST = 30;

describe.each(testDrivers)('a burst of mails, on $name', (driver) => {
  const api = seededApi(driver);

  it('stores each once, writes each once before its send resolves, and marks them all sent', async () => {
    const outboxDir = path.join(api.dataDir, 'burst');
    const mailer = createMailer({ db: api.deps.database.db, outboxDir, limits: LIMITS });
    const files = () => readdirSync(outboxDir).length;
    await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        await mailer.send({ to: `burst-${i}@example.com`, subject: `Burst ${i}`, text: 'body' });
        // Without SMTP a send resolves once its mail is written.
        expect(readdirSync(outboxDir).some((f) => f.endsWith('.eml'))).toBe(true);
      }),
    );
    expect(files()).toBe(BURST);
    await mailer.close();
    const rows = await api.deps.database.db.select().from(mailOutbox);
    const burst = rows.filter((r) => r.recipient.startsWith('burst-'));
    expect(burst).toHaveLength(BURST);
    expect(new Set(burst.map((r) => r.recipient)).size).toBe(BURST);
    expect(burst.every((r) => r.status === 'sent' && r.attempts === 1 && r.claimedUntil === null && r.message === '')).toBe(true);
    expect(files()).toBe(BURST);
  });

  it('deletes the records of mails sent before the retention, and nothing else', async () => {
    const { db } = api.deps.database;
    const now = new Date('2026-11-28T10:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const row = (recipient: string, status: string, days: number) => ({
      message: status === 'sent' ? '' : 'Subject: x',
      recipient,
      status,
      nextAttemptAt: daysAgo(days),
      createdAt: daysAgo(days),
      sentAt: status === 'sent' ? daysAgo(days) : null,
    });
    await db.insert(mailOutbox).values([
      row('old-sent@example.com', 'sent', 31),
      row('recent-sent@example.com', 'sent', 29),
      row('old-failed@example.com', 'failed', 400),
      row('old-pending@example.com', 'pending', 400),
    ]);
    const outbox = new MailOutbox(db, { deliverAll: async (mails) => mails.map(() => null) }, { ...LIMITS, sentRetentionMs: 30 * 24 * 60 * 60 * 1000 });
    expect(await outbox.purgeSent(now)).toBe(1);
    const left = (await db.select({ recipient: mailOutbox.recipient }).from(mailOutbox)).map((r) => r.recipient);
    expect(left).not.toContain('old-sent@example.com');
    expect(left).toEqual(expect.arrayContaining(['recent-sent@example.com', 'old-failed@example.com', 'old-pending@example.com']));
    expect(await outbox.purgeSent(now)).toBe(0);

    // The worker of a running process does it on its own: its first round, then every hour, even
    // while the mail server refuses every delivery (the old pending mail above is tried, and fails).
    await db.insert(mailOutbox).values({ ...row('worker-old@example.com', 'sent', 0), sentAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) });
    const refusing = {
      deliverAll: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      },
    };
    const worker = new MailOutbox(db, refusing, { ...LIMITS, pollMs: 20, sentRetentionMs: 30 * 24 * 60 * 60 * 1000 });
    const stop = worker.start();
    try {
      await expect
        .poll(async () => (await db.select({ recipient: mailOutbox.recipient }).from(mailOutbox)).map((r) => r.recipient), { timeout: 5000 })
        .not.toContain('worker-old@example.com');
    } finally {
      await stop();
    }
  });
});
