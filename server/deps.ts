// Builds everything the API needs from a database and a data folder; shared by `npm start`,
// `npm run dev` and the tests so they run the same wiring.
import path from 'node:path';
import type { Database } from './db/client';
import { CatalogueCache } from './catalogue/cache';
import { Availability } from './availability/index';
import { createMailer } from './mail/mailer';
import { MemoryRateLimiter } from './http/rate-limit';
import { PgRateLimiter } from './http/pg-rate-limit';
import { orderLimitsFromEnv, type OrderLimits } from './orders/limits';
import type { AppDeps, Schedule } from './http/context';
import { trailsDir } from './db/seed/seo';
import { createRealtime, type Realtime } from './realtime/index';
import { uploadQuotaFromEnv } from './orders/upload-quota';
import type { UploadQuota } from '../src/domain/upload-quota';
import { demoPairingCodesEnabled, pairingCodeTtlFromEnv } from './staff/pairing';

export interface DepsOptions {
  database: Database;
  /** Folder for uploads and the mail outbox. */
  dataDir: string;
  smtpUrl?: string;
  now?: () => Date;
  /** Defaults to `timerSchedule` (setTimeout). */
  schedule?: Schedule;
  /** Defaults to the driver the environment selects (PUSHER_* set: Pusher; otherwise local). */
  realtime?: Realtime;
  /** Defaults to `paymentSimulatorEnabled()`. */
  paymentSimulator?: boolean;
  /** Defaults to the env's UPLOAD_* settings, else the constants of src/domain/upload-quota.ts. */
  uploadQuota?: Partial<UploadQuota>;
  /** Defaults to `demoPairingCodesEnabled()` (server/staff/pairing.ts). */
  demoPairingCodes?: boolean;
  /** Defaults to `pairingCodeTtlFromEnv()` (PAIRING_CODE_TTL_MINUTES, else 15 min). */
  pairingCodeTtlMs?: number;
  /** Defaults to `orderLimitsFromEnv()` (DEFAULT_ORDER_LIMITS unless the environment says otherwise). */
  orderLimits?: OrderLimits;
}

/**
 * The simulated hosted payment page is for the demo: it marks orders paid for anyone who clicks.
 * Off when NODE_ENV=production unless PAYMENT_SIMULATOR=1 says so explicitly; PAYMENT_SIMULATOR=0
 * turns it off anywhere.
 */
export function paymentSimulatorEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.PAYMENT_SIMULATOR === '1') return true;
  if (env.PAYMENT_SIMULATOR === '0') return false;
  return env.NODE_ENV !== 'production';
}

/** Plain in-process timers; unref'd so a pending one never holds the process open at shutdown. */
export const timerSchedule: Schedule = (ms, task) => {
  setTimeout(() => void task(), ms).unref();
};

export async function createDeps(options: DepsOptions): Promise<AppDeps> {
  const now = options.now ?? (() => new Date());
  const catalogue = new CatalogueCache();
  await catalogue.load(options.database.db);
  const availability = new Availability(catalogue, now);
  await availability.load(options.database.db);
  return {
    database: options.database,
    catalogue,
    availability,
    realtime: options.realtime ?? createRealtime(),
    mailer: createMailer({ outboxDir: path.join(options.dataDir, 'outbox'), smtpUrl: options.smtpUrl }),
    // PostgreSQL may serve several API processes: they count in one table (issue #15).
    limiter:
      options.database.driver === 'postgres'
        ? new PgRateLimiter(options.database.db, () => now().getTime())
        : new MemoryRateLimiter(() => now().getTime()),
    uploadsDir: path.join(options.dataDir, 'uploads'),
    trailsDir,
    now,
    schedule: options.schedule ?? timerSchedule,
    paymentSimulator: options.paymentSimulator ?? paymentSimulatorEnabled(),
    uploadQuota: { ...uploadQuotaFromEnv(), ...options.uploadQuota },
    demoPairingCodes: options.demoPairingCodes ?? demoPairingCodesEnabled(),
    pairingCodeTtlMs: options.pairingCodeTtlMs ?? pairingCodeTtlFromEnv(),
    orderLimits: options.orderLimits ?? orderLimitsFromEnv(),
  };
}
