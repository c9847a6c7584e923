// A burst of mails, as the confirmations of orders placed at the same moment: each send resolves
// with its file on disk (no SMTP), every mail is one row, written once, and once the mailer
// settles (a stop) every row is marked sent, though the marks are batched after the sends. On
// PGlite and PostgreSQL.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema/index';
import { createMailer } from '../../server/mail/mailer';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';

const LIMITS = { maxAttempts: 3, maxDelayMs: 60_000 };
const BURST = 30;

describe.each(testDrivers)('a burst of mails, on $name', (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(driver);
  }, 120_000);
  afterAll(async () => api?.dispose());

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
});
