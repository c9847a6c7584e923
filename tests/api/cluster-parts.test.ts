// The pieces several API processes share through the database, in process: the
// PostgreSQL rate limiter, timers that fire once (both databases), the realtime relay with its
// outbox for events larger than a NOTIFY, and `npm run start:cluster`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NotificationBus } from '~server/cluster/bus';
import { relayRealtime } from '~server/cluster/realtime-relay';
import { claimDueTasks, scheduleTask, sweep, TASK_LEASE_MS } from '~server/cluster/timers';
import { projectRoot } from '~server/db/client';
import { orders, paymentSessions, rateLimits, scheduledTasks } from '~server/db/schema/index';
import { PgRateLimiter, PRUNE_BATCH } from '~server/http/pg-rate-limit';
import { MemoryRateLimiter } from '~server/http/rate-limit';
import { openPaymentSession } from '~server/payments/sessions';
import { LocalRealtime } from '~server/realtime/local';
import { createTestApi, seededApi, type TestApi } from '../support/app';
import { clusterDatabase } from '../support/cluster';
import { freePort } from '../support/free-port';
import { testDrivers } from '../support/databases';
import { day } from '../support/orders';
import { placeOrder } from '../support/staff';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.each(testDrivers)('shared state on $name', (driver) => {
  const api = seededApi(driver);

  const session = async (from: string) => {
    const order = await placeOrder(api, { from });
    const [row] = await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    return { order, session: await openPaymentSession(api.deps, row!, `/orders/${order.uuid}`, 'it') };
  };

  it('counts rate limits in the database on PostgreSQL, in memory on the embedded one', () => {
    expect(api.deps.limiter).toBeInstanceOf(driver.name === 'postgres' ? PgRateLimiter : MemoryRateLimiter);
  });

  it('a timer armed in the database fires once, by whichever claim takes it', async () => {
    const { order, session: opened } = await session(day(50));
    await scheduleTask(api.deps, 'payment.late-confirmation', opened.id, new Date(api.deps.now().getTime() - 1));
    // Armed twice (a double click): still one row, one run.
    await scheduleTask(api.deps, 'payment.late-confirmation', opened.id, new Date(api.deps.now().getTime() - 1));
    await Promise.all([sweep(api.deps), sweep(api.deps)]);
    // The arming process's own timer may have claimed it first (and be finishing it): whichever
    // claim took it, it lands, and the row is gone.
    await vi.waitFor(
      async () => {
        const [row] = await api.deps.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, opened.id));
        expect(row!.status).toBe('paid');
        expect(await api.deps.database.db.select().from(scheduledTasks)).toEqual([]);
      },
      { timeout: 10_000, interval: 50 },
    );
    const [paid] = await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.paidAt).not.toBeNull();
  });

  it('two claims at once share the due tasks without overlap; a dead claimer’s task is taken again after its lease', async () => {
    const now = api.deps.now();
    const rows = Array.from({ length: 6 }, (_, i) => ({ kind: 'test.none', subject: `s${i}`, dueAt: new Date(now.getTime() - 1000), createdAt: now }));
    await api.deps.database.db.insert(scheduledTasks).values(rows);
    const [first, second] = await Promise.all([claimDueTasks(api.deps), claimDueTasks(api.deps)]);
    const ids = [...first!, ...second!].map((t) => t.subject).sort();
    expect(ids).toEqual(rows.map((r) => r.subject));
    // Nobody finished them (the claimer died): nothing is due until the lease ends…
    expect(await claimDueTasks(api.deps)).toEqual([]);
    api.setNow(new Date(now.getTime() + TASK_LEASE_MS + 1));
    try {
      const again = await claimDueTasks(api.deps);
      expect(again.map((t) => t.subject).sort()).toEqual(ids);
      expect(again.every((t) => t.attempts === 2)).toBe(true);
    } finally {
      api.setNow(now);
      await api.deps.database.db.delete(scheduledTasks);
    }
  });

  it('the sweep expires open payment sessions past their time', async () => {
    const { session: opened } = await session(day(51));
    const now = api.deps.now();
    api.setNow(new Date(opened.expiresAt.getTime() + 1));
    try {
      await sweep(api.deps);
    } finally {
      api.setNow(now);
    }
    const [row] = await api.deps.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, opened.id));
    expect(row).toMatchObject({ status: 'expired', completedAt: opened.expiresAt });
  });
});

describe.skipIf(!pgUrl)('PostgreSQL rate limiter and realtime relay', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(testDrivers.find((d) => d.name === 'postgres')!);
  }, 120_000);
  afterAll(() => api.dispose());

  it('counts concurrent hits exactly: of 30 at once against a limit of 10, 10 pass', async () => {
    const limiter = new PgRateLimiter(api.deps.database.db, () => api.deps.now().getTime());
    const rule = { limit: 10, windowMs: 60_000 };
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => limiter.hit('test:parallel', rule)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    await expect(limiter.check('test:parallel', rule)).rejects.toMatchObject({ status: 429 });
    await limiter.reset('test:parallel');
    await expect(limiter.check('test:parallel', rule)).resolves.toBeUndefined();
  });

  it('takes several limits in one call: hits counted exactly under concurrency, checks read without counting', async () => {
    const limiter = new PgRateLimiter(api.deps.database.db, () => api.deps.now().getTime());
    const hits = { limit: 10, windowMs: 60_000 };
    const mails = { limit: 5, windowMs: 60_000 };
    const checked = { limit: 2, windowMs: 60_000 };
    await limiter.hit('take:checked', checked);
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, () => limiter.take([{ key: 'take:hits', rule: hits }, { key: 'take:mails', rule: mails }], [{ key: 'take:checked', rule: checked }, { key: 'take:never', rule: checked }])),
    );
    // Of 20 at once, 10 within the first key's limit, 5 within the second's; the checks count nothing.
    expect(verdicts.filter((v) => v[0] === null)).toHaveLength(10);
    expect(verdicts.filter((v) => v[1] === null)).toHaveLength(5);
    expect(verdicts.every((v) => v[2] === null && v[3] === null)).toBe(true);
    expect(verdicts.find((v) => v[1] !== null)![1]).toMatchObject({ status: 429 });
    await limiter.hit('take:checked', checked);
    expect((await limiter.take([], [{ key: 'take:checked', rule: checked }]))[0]).toMatchObject({ status: 429 });
    for (const key of ['take:hits', 'take:mails', 'take:checked']) await limiter.reset(key);
  });

  it('starts a new window once the old one ended, and prunes only ended windows, in bounded batches', async () => {
    let now = Date.now();
    const limiter = new PgRateLimiter(api.deps.database.db, () => now);
    const rule = { limit: 1, windowMs: 1000 };
    await limiter.hit('test:window', rule);
    await expect(limiter.hit('test:window', rule)).rejects.toMatchObject({ status: 429 });
    now += 1001;
    await expect(limiter.hit('test:window', rule)).resolves.toBeUndefined();
    const { db } = api.deps.database;
    await db.delete(rateLimits);
    const ended = Array.from({ length: PRUNE_BATCH + 5 }, (_, i) => ({ key: `old:${i}`, count: 1, resetAt: new Date(now - 1) }));
    await db.insert(rateLimits).values([...ended, { key: 'live', count: 1, resetAt: new Date(now + 60_000) }]);
    expect(await limiter.prune(now)).toBe(PRUNE_BATCH);
    expect(await limiter.prune(now)).toBe(5);
    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(['live']);
  });

  it('relays events to the other processes, through the outbox when larger than a NOTIFY', async () => {
    const { database } = api.deps;
    const config = { key: 'k', secret: 's' };
    const [one, two] = [new LocalRealtime(config), new LocalRealtime(config)];
    const buses = [new NotificationBus(database.url!, database.db), new NotificationBus(database.url!, database.db)];
    relayRealtime(buses[0]!, one, database.db);
    relayRealtime(buses[1]!, two, database.db);
    // A marker the sender's own listener hears: PostgreSQL hands each listener the notifications in
    // the order they were committed, so once it hears the marker it has had its own two before it.
    let heardMarker!: () => void;
    const markerHeard = new Promise<void>((resolve) => (heardMarker = resolve));
    buses[0]!.on('test_marker', () => heardMarker());
    await Promise.all(buses.map((b) => b.start()));
    const own = vi.spyOn(one, 'deliver');
    const other = vi.spyOn(two, 'deliver');
    try {
      const big = { text: 'x'.repeat(20_000) };
      await one.publish('private-shop.6', 'order.created', { id: 1 });
      await one.publish('private-shop.6', 'order.changed', big);
      await vi.waitFor(() => expect(other).toHaveBeenCalledTimes(2), { timeout: 2000 });
      expect(other).toHaveBeenCalledWith('private-shop.6', 'order.created', JSON.stringify({ id: 1 }));
      expect(other).toHaveBeenCalledWith('private-shop.6', 'order.changed', JSON.stringify(big));
      // The sender delivered each to its own sockets once, not again from its own notification.
      await buses[1]!.notify('test_marker', 'after');
      await markerHeard;
      expect(own).toHaveBeenCalledTimes(2);
    } finally {
      await Promise.all(buses.map((b) => b.close()));
      await one.close();
      await two.close();
    }
  });
});

describe('npm run start:cluster', () => {
  const run = (env: Record<string, string>, args: string[]) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts/start-cluster.ts'), ...args], {
      cwd: projectRoot,
      env: { ...process.env, SKIP_BUILD: '1', POS_PORT: '0', ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited, output: () => output };
  };

  it('refuses to start without DATABASE_URL: the embedded database serves one process', async () => {
    const started = run({ DATABASE_URL: '' }, ['--workers', '2']);
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('DATABASE_URL is required');
  }, 30_000);

  it.skipIf(!pgUrl)('starts N API processes on one port and one PostgreSQL, and stops them', async () => {
    const database = await clusterDatabase(pgUrl!);
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-start-'));
    const started = run({ DATABASE_URL: database.url, PORT: String(port), DATA_DIR: dataDir }, ['--workers', '2']);
    try {
      await vi.waitFor(() => expect(started.output().match(/listening on/g)).toHaveLength(2), { timeout: 90_000, interval: 200 });
      const health = await Promise.all(Array.from({ length: 4 }, () => fetch(`http://localhost:${port}/api/health`).then((r) => r.status)));
      expect(health).toEqual([200, 200, 200, 200]);
      const listeners = await database.query("select 1 from pg_stat_activity where application_name like 'rentalp-listen-%' and datname = current_database()");
      expect(listeners).toHaveLength(2);
    } finally {
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(started.output()).toContain('cluster stopped');
  }, 120_000);
});
