// A real API over a fresh, seeded database (PGlite or PostgreSQL) and a temporary data folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '~server/app';
import { createDeps } from '~server/deps';
import { seed } from '~server/db/seed/index';
import type { AppDeps } from '~server/http/context';
import type { OrderLimits } from '~server/orders/limits';
import { toRomeDay } from '~/domain/dates';
import { templatesSeededAt, type TestDriver } from './databases';
import { ManualScheduler } from './scheduler';
import { testConfig, testSeedOptions } from './config';
import { requestInit, type TestRequestInit } from './request';

export interface TestApi {
  deps: AppDeps;
  dataDir: string;
  /** Opened from the run's seeded template rather than seeded here. */
  fromSeededTemplate: boolean;
  request(path: string, init?: TestRequestInit): Promise<Response>;
  /** Emails written to the outbox, oldest first. */
  outbox(): string[];
  /** Moves the API's clock. */
  setNow(date: Date): void;
  /** The API's in-process timers (the late payment confirmation): they run only when advanced. */
  timers: ManualScheduler;
  dispose(): Promise<void>;
}

/**
 * The API tests place dozens of orders from one address (`local`: no socket) and mostly one e-mail,
 * so by default they run with these limits, out of their way; tests/api/order-limits.test.ts runs
 * the production defaults (DEFAULT_ORDER_LIMITS) and its own small ones.
 */
export const TEST_ORDER_LIMITS: OrderLimits = {
  perEmail: { limit: 100_000, windowMs: 60_000 },
  perAddress: { limit: 100_000, windowMs: 60_000 },
  mailsPerRecipient: { limit: 100_000, windowMs: 60_000 },
};

/** The same day in Rome and in UTC (the demo orders are last year's by UTC year). */
function sameDay(a: Date | null, b: Date): boolean {
  return a !== null && toRomeDay(a) === toRomeDay(b) && a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);
}

export async function createTestApi(
  driver: TestDriver,
  options: { poolSize?: number; now?: Date; paymentSimulator?: boolean; orderLimits?: OrderLimits; demo?: boolean } = {},
): Promise<TestApi> {
  let now = options.now ?? new Date();
  const demo = options.demo ?? true;
  // Seeded as the run's seeded template was (demo records, this clock) the same day: a copy of it.
  const { database, dispose, seeded } = await driver.create({ poolSize: options.poolSize, seeded: demo && !options.now && sameDay(templatesSeededAt(), now) });
  if (!seeded) await seed(database.db, now, testSeedOptions({ demo }));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  const timers = new ManualScheduler();
  const deps = await createDeps({
    database,
    config: testConfig({ dataDir, demoData: demo, paymentSimulator: options.paymentSimulator ?? true, orderLimits: options.orderLimits ?? TEST_ORDER_LIMITS }),
    now: () => now,
    schedule: timers.schedule,
  });
  const app = createApp(deps);
  return {
    deps,
    dataDir,
    fromSeededTemplate: seeded === true,
    timers,
    request(url, init) {
      return Promise.resolve(app.request(url, requestInit(init)));
    },
    outbox() {
      const dir = path.join(dataDir, 'outbox');
      try {
        return readdirSync(dir).sort().map((f) => readFileSync(path.join(dir, f), 'utf8'));
      } catch {
        return [];
      }
    },
    setNow(date) {
      now = date;
    },
    async dispose() {
      // As the server's stop does: mails handed to SMTP are marked sent before the database goes
      // (else the mark, 50 ms later, fails on a closed database and logs an error).
      await deps.mailer.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The start most API tests share: a fresh seeded API on `driver`, made before the tests of the
 * calling describe block and disposed after them. Returned at once and filled in place before the
 * first test, so the tests, and the helpers a file defines beside them, use it as it is (read at
 * collection time, it is still empty).
 */
export function seededApi(driver: TestDriver, options?: Parameters<typeof createTestApi>[1]): TestApi {
  const api = {} as TestApi;
  beforeAll(async () => {
    Object.assign(api, await createTestApi(driver, options));
  }, 120_000);
  afterAll(() => api.dispose());
  return api;
}

/**
 * The API's app served over real HTTP on 127.0.0.1, at a port the system picks: for the tests that
 * need a socket (a WebSocket, a connection cut, a client outside the process). Closing is the test's.
 */
export async function listenOnLoopback(api: TestApi): Promise<{ server: Server; port: number }> {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: createApp(api.deps).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  return { server, port: (server.address() as AddressInfo).port };
}
