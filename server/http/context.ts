// What every API handler can read from the request context.
import type { Context } from 'hono';
import type { TFunction } from 'i18next';
import type { Locale } from '~/i18n/index';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter, RateLimitRule } from './rate-limit';
import type { UploadQuota } from '~/domain/upload-quota';
import type { OrderLimits } from '../orders/limits';
import type { CatalogueCache } from '../catalogue/cache';
import type { Availability } from '../availability/index';
import type { users, totems } from '../db/schema/index';
import type { Realtime } from '../realtime/publisher';
import type { Metrics } from '../metrics/index';
import type { ScryptParams } from '../auth/passwords';
import type { StripeProvider } from '../payments/stripe-client';
import { unauthenticated } from './errors';
import { clientAddress } from './client-address';

/**
 * Runs `task` once, `ms` from now, fire and forget: the caller neither waits for it nor cancels it.
 * The task catches its own errors. Injected so a test runs the timer when it chooses, instead of
 * sleeping past it.
 */
export type Schedule = (ms: number, task: () => Promise<void>) => void;

export interface AppDeps {
  database: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  catalogue: CatalogueCache;
  /** Units free to book, from memory; changed only after commits (server/availability/commit.ts). */
  availability: Availability;
  /** Order events for the kiosks: the local Pusher-protocol endpoint or Pusher. */
  realtime: Realtime;
  /** Where uploaded documents are stored. */
  uploadsDir: string;
  /** Where committed trail GPX files are read from. */
  trailsDir: string;
  /** Injected clock so tests can travel in time. */
  now: () => Date;
  /** This process's timers (the late payment confirmation's prompt run): tests pass one they advance. */
  schedule: Schedule;
  /** The simulated payment provider (demo): off in production unless PAYMENT_SIMULATOR=1. */
  paymentSimulator: boolean;
  /** Stripe Checkout (STRIPE_*): online payments for real; null without it. Its secret key stays in the client. */
  stripe: StripeProvider | null;
  /** Document upload quota per order and per uploader and day (orders/upload-quota.ts). */
  uploadQuota: UploadQuota;
  /** The demo kiosk pairing codes (server/README.md) work (reusable): off in production unless DEMO_DATA=1. */
  demoData: boolean;
  /** How long a minted pairing code pairs: PAIRING_CODE_TTL_MINUTES, 15 min by default (server/staff/pairing.ts). */
  pairingCodeTtlMs: number;
  /** The scrypt cost of new password hashes (PASSWORD_HASH_COST). */
  passwordHashing: Readonly<ScryptParams>;
  /** Online orders per e-mail and address, confirmation e-mails per recipient. */
  orderLimits: OrderLimits;
  /** "Ask the shop" requests per client address (BOOKING_REQUESTS_PER_ADDRESS_PER_HOUR). */
  bookingRequestLimit: RateLimitRule;
  /** Proxies in front whose X-Forwarded-* headers are believed (TRUST_PROXY; 0: none). */
  trustProxy: number;
  /** The site's address for links in e-mails (PUBLIC_SITE_URL). */
  siteUrl: string;
  /** This app's Prometheus metrics (server/metrics/): counted by the HTTP layer and a few writers. */
  metrics: Metrics;
  /** Lets a scraper off this machine read the metrics (METRICS_TOKEN); null: loopback only. */
  metricsToken: string | null;
}

export type AuthUser = typeof users.$inferSelect;
export type AuthTotem = typeof totems.$inferSelect;
export interface Auth {
  token: string;
  user: AuthUser | null;
  totem: AuthTotem | null;
}

/**
 * The `Idempotency-Key` this request holds (server/http/idempotency.ts): `attempt` names this run;
 * `orderId` is the order an earlier run of the same request committed, if one did.
 */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  attempt: string;
  orderId: number | null;
}

export type AppEnv = {
  Variables: { deps: AppDeps; locale: Locale; t: TFunction; auth: Auth | null; idempotency?: IdempotencyClaim };
};

export type AppContext = Context<AppEnv>;

/** The logged-in customer, or 401. */
export function requireUser(c: AppContext): AuthUser {
  const user = c.get('auth')?.user;
  if (!user) throw unauthenticated();
  return user;
}

/** The client's address for rate limits: see server/http/client-address.ts (TRUST_PROXY hops). */
export function clientIp(c: AppContext): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return clientAddress(c.req.header('x-forwarded-for'), incoming?.socket?.remoteAddress, c.get('deps').trustProxy);
}

/**
 * The origin the client used to reach us, for absolute links we hand out (the payment page).
 * Behind a TLS-terminating proxy the request itself says http and an internal host, so with
 * TRUST_PROXY=1 the proxy's X-Forwarded-Proto and X-Forwarded-Host are believed.
 */
export function publicOrigin(c: AppContext): string {
  const url = new URL(c.req.url);
  if (c.get('deps').trustProxy > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
    if (host && /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host)) url.host = host;
  }
  return url.origin;
}
