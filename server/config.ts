// The server's configuration: every environment variable `npm start`, `npm run start:cluster`,
// `npm run dev`, `npm run totem` and the db:* commands read, parsed once when the process starts.
// A wrong value stops the process there with one line per variable (scripts exit 2), instead of
// a server that starts and misbehaves later (a limit silently back to its default, a typo in
// NODE_ENV turning demo mode on in production). The result travels through `createDeps`; no other
// server module reads process.env. README.md's "Configuration" table lists the same variables
// and defaults (tests/unit/server/readme-configuration.test.ts compares them). The site's build
// variables (`PUBLIC_*`) are astro:env's (src/env-schema.mjs); PUBLIC_SITE_URL is read here too,
// for the links in e-mails. The variables, their forms, bounds and defaults: ./config-schema.ts;
// how a value is read and a wrong one reported: ./env-values.ts; what they turn into: below.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPLOAD_QUOTA, type UploadQuota } from '../src/domain/upload-quota';
import type { PosFailure } from '../src/api/contract/pos';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from './orders/limits';
import { DEFAULT_BOOKING_REQUESTS_PER_ADDRESS } from './routes/booking-requests';
import type { OutboxLimits } from './mail/outbox';
import type { RateLimitRule } from './http/rate-limit';
import type { LogLevel } from './log';
import type { StripeSettings } from './payments/stripe-client';
import { FAST_SCRYPT, PRODUCTION_SCRYPT, type ScryptParams } from './auth/passwords';
import { ConfigError, deepFreeze, parseEnv } from './env-values';
import { BYTES_PER_MB, ConfigSchema, DAY_MS, DEFAULT_HEADERS_TIMEOUT_S, DEFAULT_SITE_URL, MINUTE_MS, SECOND_MS, SECRET_VARIABLES, type Variables } from './config-schema';

export { ConfigSchema };

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Realtime order events: Pusher when all four PUSHER_* are set, else the local endpoint (server/realtime). */
export type RealtimeSettings =
  | { driver: 'pusher'; appId: string; key: string; secret: string; cluster: string }
  /** `secret` null: each process draws its own (one process, or several without shared sockets). */
  | { driver: 'local'; key: string; secret: string | null };

export interface Config {
  /** NODE_ENV=production: demo features off unless their variable says otherwise. */
  production: boolean;
  port: number;
  host: string;
  /** Absolute: the embedded database in `db/`, uploads, the mail outbox. */
  dataDir: string;
  /** PostgreSQL; null: the embedded PGlite database in `dataDir`. */
  databaseUrl: string | null;
  /** PostgreSQL: reads and writes as named statements (server/db/pg-statements.ts); off behind a transaction-mode pooler. */
  namedStatements: boolean;
  /** null: e-mails are written to `dataDir/outbox/`. */
  smtpUrl: string | null;
  /** The mail outbox's retries: attempts before a mail is left as failed, longest wait between two. */
  mail: OutboxLimits;
  /** The site's address for links in e-mails (PUBLIC_SITE_URL, no trailing slash). */
  siteUrl: string;
  /** Port of the API behind the Astro dev server (`npm run dev`). */
  apiPort: number;
  /** `npm start` serves `dist/` without rebuilding it. */
  skipBuild: boolean;
  /** The V8 old-generation cap `npm start` and `start:cluster` give each server process (scripts/launch.mjs). */
  heapLimitMb: number;
  /** Proxies in front whose X-Forwarded-* are believed (server/http/client-address.ts); 0: none. */
  trustProxy: number;
  /**
   * Slow or many clients (server/main.ts, server/http/connection-cap.ts): the longest a whole request
   * and its headers may take to arrive, and the connections (behind a proxy: requests in flight) per
   * client address.
   */
  clients: { requestTimeoutMs: number; headersTimeoutMs: number; connectionsPerAddress: number };
  /** How much the server logs (LOG_LEVEL): server/log.ts. */
  logLevel: LogLevel;
  /** Lets a scraper off this machine read GET /api/metrics (server/metrics/access.ts); null: loopback only. */
  metricsToken: string | null;
  /** Partner origins allowed to frame the site (`framed` mode). */
  frameAncestors: readonly string[];
  /** The demo's simulated payment page; always off when Stripe is configured. */
  paymentSimulator: boolean;
  /** Stripe Checkout takes online payments; null: the simulator, or none (503 "pay at the shop"). */
  stripe: StripeSettings | null;
  /** Demo mode: the demo kiosks are seeded and their published codes pair (server/staff/pairing.ts). */
  demoData: boolean;
  pairingCodeTtlMs: number;
  /** The scrypt cost of new password hashes (PASSWORD_HASH_COST=fast: the test suite's). */
  passwordHashing: Readonly<ScryptParams>;
  orderLimits: OrderLimits;
  bookingRequestLimit: RateLimitRule;
  uploadQuota: UploadQuota;
  /** The payment-terminal simulator `npm start` runs; port 0: not started. */
  pos: { port: number; host: string; delayMs: number; failure: PosFailure | null };
  realtime: RealtimeSettings;
}

/**
 * Where the site is, for its links (e-mails, the sitemap and canonical links of the build `npm start`
 * makes). In demo mode, with PUBLIC_SITE_URL left at its default, the address follows PORT: a demo
 * moved to another port links to itself. Otherwise PUBLIC_SITE_URL, as set.
 */
function siteUrlOf(v: Variables, demoData: boolean): string {
  const site = demoData && v.PUBLIC_SITE_URL === DEFAULT_SITE_URL ? `http://localhost:${v.PORT}` : v.PUBLIC_SITE_URL;
  return site.replace(/\/+$/, '');
}

function toConfig(v: Variables): Config {
  const production = v.NODE_ENV === 'production';
  const demoData = v.DEMO_DATA === undefined ? !production : v.DEMO_DATA === '1';
  const simulator = v.PAYMENT_SIMULATOR === undefined ? !production : v.PAYMENT_SIMULATOR === '1';
  const stripe: StripeSettings | null =
    v.STRIPE_SECRET_KEY && v.STRIPE_WEBHOOK_SECRET
      ? { secretKey: v.STRIPE_SECRET_KEY, webhookSecret: v.STRIPE_WEBHOOK_SECRET, apiUrl: v.STRIPE_API_URL ?? null, replacesSimulator: simulator }
      : null;
  const limit = (rule: RateLimitRule, count: number): RateLimitRule => ({ ...rule, limit: count });
  return {
    production,
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(projectRoot, v.DATA_DIR),
    databaseUrl: v.DATABASE_URL ?? null,
    namedStatements: v.DATABASE_NAMED_STATEMENTS !== '0',
    smtpUrl: v.SMTP_URL ?? null,
    mail: { maxAttempts: v.MAIL_MAX_ATTEMPTS, maxDelayMs: v.MAIL_RETRY_MAX_DELAY_S * SECOND_MS, sentRetentionMs: v.MAIL_SENT_RETENTION_DAYS * DAY_MS },
    siteUrl: siteUrlOf(v, demoData),
    apiPort: v.API_PORT,
    skipBuild: v.SKIP_BUILD === '1',
    heapLimitMb: v.HEAP_LIMIT_MB,
    trustProxy: v.TRUST_PROXY ?? 0,
    clients: {
      requestTimeoutMs: v.REQUEST_TIMEOUT_S * SECOND_MS,
      headersTimeoutMs: (v.HEADERS_TIMEOUT_S ?? Math.min(DEFAULT_HEADERS_TIMEOUT_S, v.REQUEST_TIMEOUT_S)) * SECOND_MS,
      connectionsPerAddress: v.CONNECTIONS_PER_ADDRESS,
    },
    logLevel: v.LOG_LEVEL,
    metricsToken: v.METRICS_TOKEN ?? null,
    frameAncestors: v.FRAME_ANCESTORS ?? [],
    // The demo's simulated payment page and demo kiosks: on unless production, where `1` keeps them.
    // With Stripe the page is off whatever the switch says: anyone holding a session id could
    // otherwise "pay" a real Checkout session's order there.
    paymentSimulator: simulator && !stripe,
    stripe,
    demoData,
    pairingCodeTtlMs: v.PAIRING_CODE_TTL_MINUTES * MINUTE_MS,
    passwordHashing: v.PASSWORD_HASH_COST === 'fast' ? FAST_SCRYPT : PRODUCTION_SCRYPT,
    orderLimits: {
      perEmail: limit(DEFAULT_ORDER_LIMITS.perEmail, v.ORDERS_PER_EMAIL_PER_DAY),
      perAddress: limit(DEFAULT_ORDER_LIMITS.perAddress, v.ORDERS_PER_ADDRESS_PER_HOUR),
      mailsPerRecipient: limit(DEFAULT_ORDER_LIMITS.mailsPerRecipient, v.ORDER_MAILS_PER_RECIPIENT_PER_DAY),
    },
    bookingRequestLimit: limit(DEFAULT_BOOKING_REQUESTS_PER_ADDRESS, v.BOOKING_REQUESTS_PER_ADDRESS_PER_HOUR),
    uploadQuota: {
      filesPerOrder: v.UPLOAD_FILES_PER_ORDER,
      bytesPerOrder: v.UPLOAD_MB_PER_ORDER * BYTES_PER_MB,
      filesPerDay: v.UPLOAD_FILES_PER_DAY,
      kioskFilesPerDay: v.KIOSK_UPLOAD_FILES_PER_DAY,
      dayMs: UPLOAD_QUOTA.dayMs,
    },
    pos: { port: v.POS_PORT, host: v.POS_HOST, delayMs: v.POS_DELAY_MS, failure: v.POS_FAILURE ?? null },
    realtime:
      v.PUSHER_APP_ID && v.PUSHER_KEY && v.PUSHER_SECRET && v.PUSHER_CLUSTER
        ? { driver: 'pusher', appId: v.PUSHER_APP_ID, key: v.PUSHER_KEY, secret: v.PUSHER_SECRET, cluster: v.PUSHER_CLUSTER }
        : { driver: 'local', key: v.PUSHER_KEY ?? 'rentalp-local', secret: v.PUSHER_SECRET ?? null },
  };
}

/** The configuration `env` describes, frozen; a ConfigError naming every wrong variable otherwise. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  return deepFreeze(toConfig(parseEnv(ConfigSchema, env, SECRET_VARIABLES)));
}

/** For the entry points (`npm start`, the CLIs): a wrong value prints its message and exits 2, no stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}

/**
 * The environment of a child process the server starts (the first start's seed, `pg_dump` and
 * `pg_restore`): this process's own, so the child reads the same configuration, with `overrides`.
 */
export function childProcessEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}

