// The server's environment variables (server/config.ts reads them through this schema): each one's
// form, bounds and default, in README.md's order, and the rules between them (both Stripe secrets or
// neither, all four PUSHER_* for Pusher). What they turn into is config.ts's; how a value is read
// and a wrong one reported, ./env-values.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { UPLOAD_QUOTA } from '../src/domain/upload-quota';
import { PosFailureSchema } from '../src/api/contract/pos';
import { DEFAULT_ORDER_LIMITS } from './orders/limits';
import { DEFAULT_PAIRING_CODE_TTL_MINUTES, MAX_PAIRING_CODE_TTL_MINUTES } from './staff/pairing';
import { DEFAULT_BOOKING_REQUESTS_PER_ADDRESS } from './routes/booking-requests';
import { DEFAULT_MAIL_MAX_ATTEMPTS, DEFAULT_MAIL_RETRY_MAX_DELAY_MS, DEFAULT_MAIL_SENT_RETENTION_MS } from './mail/outbox';
import { LOG_LEVELS } from './log';
import { seoDataDir } from '../seo-data/dir';
import { address, flag, origins, port, url, wholeNumber } from './env-values';

export const MINUTE_MS = 60_000;
export const SECOND_MS = 1000;
export const DAY_MS = 24 * 60 * 60 * SECOND_MS;
/** A mail still failing after this many attempts, or this long a wait, is a mail server to fix, not to wait for. */
const MAX_MAIL_ATTEMPTS = 100;
const MAX_MAIL_RETRY_DELAY_S = 24 * 60 * 60;
const MAX_MAIL_SENT_RETENTION_DAYS = 3650;
export const BYTES_PER_MB = 1024 * 1024;
/** A proxy chain longer than this is a typo, not a deployment. */
const MAX_TRUSTED_PROXIES = 10;
/**
 * How long a client may take to send a whole request (REQUEST_TIMEOUT_S): Node's own 300 s let 200
 * sockets trickling a body a byte at a time stay for five minutes. 60 s still takes an 8 MB
 * document (src/domain/medias.ts) over a mobile uplink of about 1.1 Mbit/s; the headers alone
 * (HEADERS_TIMEOUT_S) come in one packet from any browser.
 */
const DEFAULT_REQUEST_TIMEOUT_S = 60;
export const DEFAULT_HEADERS_TIMEOUT_S = 20;
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

/** The site's address when PUBLIC_SITE_URL is unset (the build's default too: src/env-schema.mjs). */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/**
 * One entry per variable, in README.md's order. Each `describe` is the expected form the error
 * message names; defaults are the values README.md documents.
 */
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
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(['DATABASE_URL', 'SMTP_URL', 'PUSHER_SECRET', 'METRICS_TOKEN', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);

export type Variables = z.output<typeof ConfigSchema>;
