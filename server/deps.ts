// Builds everything the API needs from a database and the configuration (server/config.ts);
// shared by `npm start`, `npm run dev` and the tests so they run the same wiring.
import path from 'node:path';
import type { Database } from './db/client';
import { CatalogueCache } from './catalogue/cache';
import { Availability } from './availability/index';
import { createMailer } from './mail/mailer';
import { MemoryRateLimiter } from './http/rate-limit';
import { PgRateLimiter } from './http/pg-rate-limit';
import type { AppDeps, Schedule } from './http/context';
import { trailsDir } from './db/seed/seo';
import { createRealtime, type Realtime } from './realtime/index';
import type { Config } from './config';
import { createMetrics } from './metrics/index';
import { outboxStats } from './mail/outbox';
import { createStripeProvider } from './payments/stripe-client';

export interface DepsOptions {
  database: Database;
  /**
   * The parsed environment (server/config.ts): data folder, SMTP, limits, quotas, demo switches.
   * Tests build one from a partial object (`testConfig`, tests/support/config.ts); what a test
   * changes afterwards it changes on the returned deps.
   */
  config: Config;
  now?: () => Date;
  /** Defaults to `timerSchedule` (setTimeout). */
  schedule?: Schedule;
  /** Defaults to the driver the configuration selects (all four PUSHER_* set: Pusher; otherwise local). */
  realtime?: Realtime;
}

/** Plain in-process timers; unref'd so a pending one never holds the process open at shutdown. */
export const timerSchedule: Schedule = (ms, task) => {
  setTimeout(() => void task(), ms).unref();
};

export async function createDeps(options: DepsOptions): Promise<AppDeps> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const catalogue = new CatalogueCache();
  await catalogue.load(options.database.db);
  const availability = new Availability(catalogue, now);
  await availability.load(options.database.db);
  const outboxDir = path.join(config.dataDir, 'outbox');
  const metrics = createMetrics({ database: options.database, mailOutbox: () => outboxStats(options.database.db, now()) });
  return {
    database: options.database,
    catalogue,
    availability,
    realtime: options.realtime ?? createRealtime(config.realtime, config.trustProxy),
    mailer: createMailer({ db: options.database.db, outboxDir, smtpUrl: config.smtpUrl ?? undefined, limits: config.mail }),
    // PostgreSQL may serve several API processes: they count in one table.
    limiter:
      options.database.driver === 'postgres'
        ? new PgRateLimiter(options.database.db, () => now().getTime())
        : new MemoryRateLimiter(() => now().getTime()),
    uploadsDir: path.join(config.dataDir, 'uploads'),
    trailsDir: trailsDir(),
    now,
    schedule: options.schedule ?? timerSchedule,
    paymentSimulator: config.paymentSimulator,
    stripe: config.stripe ? createStripeProvider(config.stripe) : null,
    uploadQuota: config.uploadQuota,
    demoData: config.demoData,
    pairingCodeTtlMs: config.pairingCodeTtlMs,
    passwordHashing: config.passwordHashing,
    orderLimits: config.orderLimits,
    bookingRequestLimit: config.bookingRequestLimit,
    trustProxy: config.trustProxy,
    siteUrl: config.siteUrl,
    metrics,
    metricsToken: config.metricsToken,
  };
}
