// The mail server down, then refusing, then back, against a real SMTP server the test runs
// (smtp-server) that counts what it accepts: orders still answer 201, their mails wait in the
// outbox table and go out once the server takes them, each exactly once, also with two workers
// (two API processes) sending at once and across a restart (a new worker on the same table); a
// mail the server keeps refusing is left as failed after the bound, and a permanent refusal (5xx)
// fails at once. The API's metrics (GET /api/metrics) say so meanwhile: the mails waiting, then
// none, then the one given up. On PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '~server/app';
import { mailOutbox } from '~server/db/schema/index';
import { createMailer, startMailWorker, type MailerOptions } from '~server/mail/mailer';
import { outboxStats } from '~server/mail/outbox';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { day, orderForm, pick, postOrder } from '../support/orders';
import { SHOP } from '../support/staff';
import { freePort } from '../support/free-port';

/** Short waits so the test runs in seconds; the bound is what the test checks. */
const LIMITS = { maxAttempts: 4, maxDelayMs: 200, firstDelayMs: 50, pollMs: 25 };
const WAIT_LIMIT_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const end = Date.now() + WAIT_LIMIT_MS;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(LIMITS.pollMs);
  }
}

type Mode = 'accept' | 'temporary' | 'permanent';

/** An SMTP server on `port` that answers as `mode` says and counts each Message-ID it accepts. */
function smtpServer(port: number) {
  const accepted: string[] = [];
  const state = { mode: 'accept' as Mode };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.mode === 'accept') return callback();
      const err = Object.assign(new Error(state.mode === 'temporary' ? 'Try again later' : 'No such user'), {
        responseCode: state.mode === 'temporary' ? 451 : 550,
      });
      callback(err);
    },
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => {
        accepted.push(/^Message-ID: (.*)$/im.exec(text)?.[1]?.trim() ?? '(none)');
        callback();
      });
    },
  });
  return {
    accepted,
    state,
    listen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDrivers)('SMTP down or refusing, on $name', (driver) => {
  let api: TestApi;
  let port: number;
  let smtp: ReturnType<typeof smtpServer>;
  let options: MailerOptions;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    api = await createTestApi(driver);
    port = await freePort();
    smtp = smtpServer(port);
    options = { db: api.deps.database.db, outboxDir: `${api.dataDir}/outbox`, smtpUrl: `smtp://127.0.0.1:${port}`, limits: LIMITS };
    api.deps.mailer = createMailer(options);
  }, 120_000);

  afterAll(async () => {
    for (const stop of stops) await stop();
    await smtp?.close().catch(() => undefined);
    await api?.dispose();
  });

  const rows = () => api.deps.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  /** The outbox's gauges as a scraper on this machine reads them. */
  async function outboxGauges() {
    const res = await createApp(api.deps).request('/api/metrics', {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    return { waiting: gauge('rentalp_mail_outbox_waiting'), failed: gauge('rentalp_mail_outbox_failed') };
  }
  async function placeOrders(n: number, first: number) {
    for (let i = 0; i < n; i++) {
      const from = day(10 + first + i);
      const bike = await pick(api, SHOP, 'CITYBIKE', { from });
      const placed = await postOrder(api, SHOP, orderForm({ from, email: `mail-${first + i}@example.com`, cart: [{ prices: [bike.main.id] }] }));
      expect(placed.status).toBe(201);
    }
  }

  it('orders succeed while the server is down and refusing; their mails go out once each when it is back, with two workers and a restart', async () => {
    // Down: nothing listens on the port. The orders answer 201 and their mails wait.
    await placeOrders(3, 0);
    let waiting = await rows();
    expect(waiting).toHaveLength(3);
    expect(waiting.every((r) => r.status === 'pending')).toBe(true);
    expect((await outboxStats(api.deps.database.db)).pending).toBe(3);
    expect(await outboxGauges()).toEqual({ waiting: 3, failed: 0 });

    // Two processes' workers over the same table; the first is then stopped and a new one started.
    const first = startMailWorker(options);
    const second = startMailWorker(options);
    stops.push(second);

    // Refusing (451 to every recipient): retried, still waiting, nothing delivered.
    smtp.state.mode = 'temporary';
    await smtp.listen();
    await until(async () => (await rows()).every((r) => r.attempts >= 2), 'attempts against the refusing server');
    expect(smtp.accepted).toHaveLength(0);
    expect((await rows()).every((r) => r.status === 'pending')).toBe(true);

    // A restart: the first worker goes, a new one takes its place; one more order meanwhile.
    await first();
    stops.push(startMailWorker(options));
    await placeOrders(1, 3);

    // Back: every mail goes out exactly once.
    smtp.state.mode = 'accept';
    await until(async () => (await rows()).every((r) => r.status === 'sent'), 'every mail sent');
    await sleep(LIMITS.maxDelayMs * 2); // more rounds of both workers: nothing goes out again
    waiting = await rows();
    expect(smtp.accepted).toHaveLength(4);
    expect(new Set(smtp.accepted).size).toBe(4);
    expect(waiting.every((r) => r.message === '')).toBe(true);
    expect(await outboxStats(api.deps.database.db)).toMatchObject({ pending: 0, failed: 0, sent: 4, oldestPendingSeconds: null });
    expect(await outboxGauges()).toEqual({ waiting: 0, failed: 0 });
  }, 60_000);

  it('a mail the server keeps refusing is left as failed after the bound, and not retried again', async () => {
    const before = smtp.accepted.length;
    smtp.state.mode = 'temporary';
    await api.deps.mailer.send({ to: 'refused@example.com', subject: 'x', text: 'y' });
    const [row] = (await rows()).slice(-1);
    await until(async () => (await api.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id)))[0]!.status === 'failed', 'the mail to fail');
    await sleep(LIMITS.maxDelayMs * 2);
    const [failed] = await api.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(failed).toMatchObject({ status: 'failed', attempts: LIMITS.maxAttempts });
    expect(failed!.lastError).toContain('451');
    expect(failed!.lastError).not.toContain('refused@example.com');
    expect((await outboxStats(api.deps.database.db)).failed).toBe(1);
    expect(await outboxGauges()).toEqual({ waiting: 0, failed: 1 });

    // A permanent refusal fails at once.
    smtp.state.mode = 'permanent';
    await api.deps.mailer.send({ to: 'nobody@example.com', subject: 'x', text: 'y' });
    const [last] = (await rows()).slice(-1);
    await until(async () => (await api.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, last!.id)))[0]!.status === 'failed', 'the 550 to fail');
    expect((await api.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, last!.id)))[0]!.attempts).toBe(1);
    expect(smtp.accepted.length).toBe(before);
  }, 60_000);
});
