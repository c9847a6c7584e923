// The server's configuration: every environment variable `npm start`, `npm run start:cluster`,
// `npm run dev`, `npm run totem` and the db:* commands read, parsed once when the process starts.
// A wrong value stops the process there with one line per variable (scripts exit 2), instead of
// a server that starts and misbehaves later (a limit silently back to its default, a typo in
// NODE_ENV turning demo mode on in production). The result travels through `createDeps`; no other
// server module reads process.env. README.md's "Configuration" table lists the same variables
// and defaults (tests/unit/server/readme-configuration.test.ts compares them). The site's build
// variables (`PUBLIC_*`) are astro:env's (src/env-schema.mjs); PUBLIC_SITE_URL is read here too,
// for the links in e-mails. How a value is read and a wrong one reported: ./env-values.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { UPLOAD_QUOTA, type UploadQuota } from '../src/domain/upload-quota';
import { PosFailureSchema, type PosFailure } from '../src/api/contract/pos';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from './orders/limits';
import { DEFAULT_PAIRING_CODE_TTL_MINUTES, MAX_PAIRING_CODE_TTL_MINUTES } from './staff/pairing';
import { DEFAULT_BOOKING_REQUESTS_PER_ADDRESS } from './routes/booking-requests';
import { DEFAULT_MAIL_MAX_ATTEMPTS, DEFAULT_MAIL_RETRY_MAX_DELAY_MS, DEFAULT_MAIL_SENT_RETENTION_MS, type OutboxLimits } from './mail/outbox';
import type { RateLimitRule } from './http/rate-limit';
import { LOG_LEVELS, type LogLevel } from './log';
import type { StripeSettings } from './payments/stripe-client';
import { FAST_SCRYPT, PRODUCTION_SCRYPT, type ScryptParams } from './auth/passwords';
import { seoDataDir } from '../seo-data/dir';
import { address, ConfigError, deepFreeze, flag, origins, parseEnv, port, url, wholeNumber } from './env-values';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MINUTE_MS = 60_000;
const SECOND_MS = 1000;
const DAY_MS = 24 * 60 * 60 * SECOND_MS;
/** A mail still failing after this many attempts, or this long a wait, is a mail server to fix, not to wait for. */
const MAX_MAIL_ATTEMPTS = 100;
const MAX_MAIL_RETRY_DELAY_S = 24 * 60 * 60;
const MAX_MAIL_SENT_RETENTION_DAYS = 3650;
const BYTES_PER_MB = 1024 * 1024;
/** A proxy chain longer than this is a typo, not a deployment. */
const MAX_TRUSTED_PROXIES = 10;
/**
 * How long a client may take to send a whole request (REQUEST_TIMEOUT_S): Node's own 300 s let 200
 * sockets trickling a body a byte at a time stay for five minutes. 60 s still takes an 8 MB
 * document (src/domain/medias.ts) over a mobile uplink of about 1.1 Mbit/s; the headers alone
 * (HEADERS_TIMEOUT_S) come in one packet from any browser.
 */
const DEFAULT_REQUEST_TIMEOUT_S = 60;
const DEFAULT_HEADERS_TIMEOUT_S = 20;
/** Past this a timeout is no protection: Node's own default, the one being replaced, is 300. */
const MAX_REQUEST_TIMEOUT_S = 3600;
/**
 * Connections (behind a proxy: requests in flight) per client address, server/http/connection-cap.ts.
 * A browser opens at most 6 connections to a host over HTTP/1.1, plus a kiosk's realtime socket:
 * 14 devices behind one shop's router all loading at once stay under 100, and idle connections close
 * after Node's 5 s keep-alive.
 */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 100;
const MAX_CONNECTIONS_PER_ADDRESS = 100_000;
/** A metrics token shorter than this could be guessed: one from `openssl rand -hex 32` has 64. */
const MIN_METRICS_TOKEN_LENGTH = 32;
/** The simulator's own bound on a delay (POST /control, src/api/contract/pos.ts). */
const MAX_POS_DELAY_MS = 60_000;
/**
 * The payment-terminal simulator `npm start` runs: on loopback, because its /control injects
 * failures (the demo's kiosk browser runs on the same machine; POS_HOST opens it to a shop's
 * network), answering in a second as a real terminal does.
 */
const POS_SIMULATOR = { port: 4323, host: '127.0.0.1', delayMs: 1000 };
/**
 * The V8 heap's cap (old generation, MB) `npm start` gives node (scripts/launch.mjs). Uncapped, the
 * heap keeps garbage up to a quarter of the machine's memory (1 GB after a minute of reads); a
 * reference shop's live heap is a few tens of MB (server/README.md, "Memory", today's figures).
 */
const DEFAULT_HEAP_LIMIT_MB = 128;
/** Below this the server's own start-up (catalogue, schemas, PGlite's glue) does not fit. */
const MIN_HEAP_LIMIT_MB = 64;

/** A secret (sk_) or restricted (rk_) key; never the publishable pk_ one, which cannot create sessions. */
const STRIPE_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;
const PUSHER_VARIABLES = ['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET', 'PUSHER_CLUSTER'] as const;
const pusher = () => z.string().optional().describe('all four PUSHER_* (Pusher), or at most PUSHER_KEY and PUSHER_SECRET (the local endpoint)');

/**
 * One entry per variable, in README.md's order. Each `describe` is the expected form the error
 * message names; defaults are the values README.md documents.
 */
/** The site's address when PUBLIC_SITE_URL is unset (the build's default too: src/env-schema.mjs). */
const DEFAULT_SITE_URL = 'http://localhost:4321';

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'is not a known mode' }).optional().describe('development, production or test'),
    PORT: port().default(4321).describe('a port number from 1 to 65535'),
    HOST: address().default('0.0.0.0').describe('an IP address or host name to listen on'),
    DATA_DIR: z.string().default('.data').describe('a folder (relative: from the project folder)'),
    // Read where the table is read (seo-data/dir.ts), also by the build; checked here so a wrong folder stops the start.
    SEO_DATA_DIR: z
      .string()
      .refine((dir) => existsSync(path.join(seoDataDir({ SEO_DATA_DIR: dir }), 'shops.json')), 'has no shops.json')
      .optional()
      .describe('a folder with the SEO table (relative: from the project folder)'),
    SMTP_URL: url(/^smtps?$/, 'is not an smtp:// or smtps:// URL').optional().describe('an smtp:// or smtps:// URL'),
    MAIL_MAX_ATTEMPTS: wholeNumber(1, MAX_MAIL_ATTEMPTS).default(DEFAULT_MAIL_MAX_ATTEMPTS).describe(`a whole number from 1 to ${MAX_MAIL_ATTEMPTS}`),
    MAIL_RETRY_MAX_DELAY_S: wholeNumber(1, MAX_MAIL_RETRY_DELAY_S)
      .default(DEFAULT_MAIL_RETRY_MAX_DELAY_MS / SECOND_MS)
      .describe(`a whole number of seconds from 1 to ${MAX_MAIL_RETRY_DELAY_S}`),
    MAIL_SENT_RETENTION_DAYS: wholeNumber(1, MAX_MAIL_SENT_RETENTION_DAYS)
      .default(DEFAULT_MAIL_SENT_RETENTION_MS / DAY_MS)
      .describe(`a whole number of days from 1 to ${MAX_MAIL_SENT_RETENTION_DAYS}`),
    PAYMENT_SIMULATOR: flag().describe('1 (on) or 0 (off)'),
    STRIPE_SECRET_KEY: z.string().regex(STRIPE_KEY, 'is not a Stripe secret key').optional().describe('a Stripe secret or restricted key (sk_live_…, rk_live_…; sk_test_… to test)'),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, 'is not a webhook signing secret').optional().describe("the webhook endpoint's signing secret (whsec_…)"),
    STRIPE_API_URL: url(/^https?$/, 'is not an http:// or https:// URL').optional().describe("an http(s) URL (a local stand-in for Stripe's API)"),
    DEMO_DATA: flag().describe('1 (on) or 0 (off)'),
    PAIRING_CODE_TTL_MINUTES: wholeNumber(1, MAX_PAIRING_CODE_TTL_MINUTES)
      .default(DEFAULT_PAIRING_CODE_TTL_MINUTES)
      .describe(`a whole number of minutes from 1 to ${MAX_PAIRING_CODE_TTL_MINUTES}`),
    TRUST_PROXY: wholeNumber(0, MAX_TRUSTED_PROXIES).optional().describe(`the number of proxies in front, from 0 to ${MAX_TRUSTED_PROXIES}`),
    REQUEST_TIMEOUT_S: wholeNumber(1, MAX_REQUEST_TIMEOUT_S)
      .default(DEFAULT_REQUEST_TIMEOUT_S)
      .describe(`a whole number of seconds from 1 to ${MAX_REQUEST_TIMEOUT_S}`),
    // Unset: DEFAULT_HEADERS_TIMEOUT_S, or REQUEST_TIMEOUT_S when that is shorter.
    HEADERS_TIMEOUT_S: wholeNumber(1, MAX_REQUEST_TIMEOUT_S)
      .optional()
      .describe(`a whole number of seconds from 1 to ${MAX_REQUEST_TIMEOUT_S}, at most REQUEST_TIMEOUT_S`),
    CONNECTIONS_PER_ADDRESS: wholeNumber(1, MAX_CONNECTIONS_PER_ADDRESS)
      .default(DEFAULT_CONNECTIONS_PER_ADDRESS)
      .describe(`a whole number from 1 to ${MAX_CONNECTIONS_PER_ADDRESS}`),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: 'is not a log level' }).default('info').describe(LOG_LEVELS.join(', ')),
    METRICS_TOKEN: z
      .string()
      .min(MIN_METRICS_TOKEN_LENGTH, `is shorter than ${MIN_METRICS_TOKEN_LENGTH} characters`)
      .regex(/^[\x21-\x7e]+$/, 'has spaces or non-ASCII characters')
      .optional()
      .describe(`at least ${MIN_METRICS_TOKEN_LENGTH} visible ASCII characters (e.g. openssl rand -hex 32)`),
    DATABASE_URL: url(/^postgres(ql)?$/, 'is not a postgres:// URL').optional().describe('a postgres:// or postgresql:// connection URL'),
    DATABASE_NAMED_STATEMENTS: flag().describe('1 (on) or 0 (off)'),
    ORDERS_PER_EMAIL_PER_DAY: wholeNumber(1).default(DEFAULT_ORDER_LIMITS.perEmail.limit).describe('a whole number from 1 up'),
    ORDERS_PER_ADDRESS_PER_HOUR: wholeNumber(1).default(DEFAULT_ORDER_LIMITS.perAddress.limit).describe('a whole number from 1 up'),
    ORDER_MAILS_PER_RECIPIENT_PER_DAY: wholeNumber(1).default(DEFAULT_ORDER_LIMITS.mailsPerRecipient.limit).describe('a whole number from 1 up'),
    BOOKING_REQUESTS_PER_ADDRESS_PER_HOUR: wholeNumber(1).default(DEFAULT_BOOKING_REQUESTS_PER_ADDRESS.limit).describe('a whole number from 1 up'),
    UPLOAD_FILES_PER_ORDER: wholeNumber(1).default(UPLOAD_QUOTA.filesPerOrder).describe('a whole number from 1 up'),
    UPLOAD_MB_PER_ORDER: wholeNumber(1, Math.floor(Number.MAX_SAFE_INTEGER / BYTES_PER_MB))
      .default(UPLOAD_QUOTA.bytesPerOrder / BYTES_PER_MB)
      .describe('a whole number of megabytes from 1 up'),
    UPLOAD_FILES_PER_DAY: wholeNumber(1).default(UPLOAD_QUOTA.filesPerDay).describe('a whole number from 1 up'),
    KIOSK_UPLOAD_FILES_PER_DAY: wholeNumber(1).default(UPLOAD_QUOTA.kioskFilesPerDay).describe('a whole number from 1 up'),
    PUBLIC_SITE_URL: url(/^https?$/, 'is not an http:// or https:// URL').default(DEFAULT_SITE_URL).describe("the site's http(s) address"),
    API_PORT: port().default(4322).describe('a port number from 1 to 65535'),
    SKIP_BUILD: flag().describe('1 (serve dist/ as it is) or 0'),
    HEAP_LIMIT_MB: wholeNumber(MIN_HEAP_LIMIT_MB).default(DEFAULT_HEAP_LIMIT_MB).describe(`a whole number of megabytes from ${MIN_HEAP_LIMIT_MB} up`),
    POS_PORT: wholeNumber(0, 65535).default(POS_SIMULATOR.port).describe('a port number from 1 to 65535, or 0 (no simulator)'),
    POS_HOST: address().default(POS_SIMULATOR.host).describe('an IP address or host name to listen on'),
    FRAME_ANCESTORS: origins.optional().describe('http(s) origins separated by spaces or commas'),
    POS_DELAY_MS: wholeNumber(0, MAX_POS_DELAY_MS).default(POS_SIMULATOR.delayMs).describe(`a whole number of milliseconds from 0 to ${MAX_POS_DELAY_MS}`),
    POS_FAILURE: z.enum(PosFailureSchema.options, { error: 'is not a terminal failure' }).optional().describe(PosFailureSchema.options.join(', ')),
    PASSWORD_HASH_COST: z.enum(['fast'], { error: 'is not fast' }).optional().describe('fast (the test suite only), or unset'),
    PUSHER_APP_ID: pusher(),
    PUSHER_KEY: pusher(),
    PUSHER_SECRET: pusher(),
    PUSHER_CLUSTER: pusher(),
  })
  .superRefine((env, ctx) => {
    // The headers are part of the request (Node refuses to start a server told otherwise).
    if (env.HEADERS_TIMEOUT_S !== undefined && env.HEADERS_TIMEOUT_S > env.REQUEST_TIMEOUT_S) {
      ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_S'], message: `is above REQUEST_TIMEOUT_S (${env.REQUEST_TIMEOUT_S})` });
    }
    // A production server hashing passwords at the test suite's cost would store weak hashes
    // without anyone noticing; it stops instead.
    if (env.PASSWORD_HASH_COST === 'fast' && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'is for the test suite, never with NODE_ENV=production' });
    }
    // Half a Stripe setup would hand out Checkout pages whose payments nobody is told about (no
    // webhook secret) or a webhook with nothing to pay: it stops instead.
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      const [set, unset] = env.STRIPE_SECRET_KEY ? ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] : ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'];
      ctx.addIssue({ code: 'custom', path: [set], message: `is set but ${unset} is not: Stripe needs both` });
    }
    if (env.STRIPE_API_URL && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'is set but STRIPE_SECRET_KEY is not' });
    }
    // PUSHER_KEY and PUSHER_SECRET alone configure the local endpoint; an app id or a cluster
    // means Pusher, which needs all four: half a Pusher setup must not fall back to local silently.
    const pusher = [env.PUSHER_APP_ID, env.PUSHER_KEY, env.PUSHER_SECRET, env.PUSHER_CLUSTER];
    if ((env.PUSHER_APP_ID || env.PUSHER_CLUSTER) && !pusher.every(Boolean)) {
      const missing = PUSHER_VARIABLES.filter((_, i) => !pusher[i]);
      ctx.addIssue({ code: 'custom', path: ['PUSHER_APP_ID'], message: `names a Pusher app but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} unset` });
    }
  });

/** Never printed: a wrong connection URL may still carry a password. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set(['DATABASE_URL', 'SMTP_URL', 'PUSHER_SECRET', 'METRICS_TOKEN', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);

type Variables = z.output<typeof ConfigSchema>;

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

