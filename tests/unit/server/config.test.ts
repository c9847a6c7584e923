// The server's configuration (server/config.ts): every variable parsed once, defaults as README.md
// documents them, a wrong value of any kind refused with a message naming the variable, its value,
// the problem and the expected form; the result frozen.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '~server/config';
import { ConfigError } from '~server/env-values';
import { projectRoot } from '~server/db/client';
import { DEFAULT_ORDER_LIMITS } from '~server/orders/limits';
import { DEFAULT_BOOKING_REQUESTS_PER_ADDRESS } from '~server/routes/booking-requests';
import { UPLOAD_QUOTA } from '~/domain/upload-quota';
import { testConfig } from '~tests/support/config';
import { FAST_SCRYPT, PRODUCTION_SCRYPT } from '~server/auth/passwords';

/** The message loadConfig(env) throws with (fails the test when it does not throw). */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('server configuration', () => {
  it('has the documented defaults in an empty environment', () => {
    expect(loadConfig({})).toEqual({
      production: false,
      port: 4321,
      host: '0.0.0.0',
      logLevel: 'info',
      dataDir: path.join(projectRoot, '.data'),
      databaseUrl: null,
      namedStatements: true,
      smtpUrl: null,
      mail: { maxAttempts: 10, maxDelayMs: 3_600_000, sentRetentionMs: 90 * 24 * 60 * 60 * 1000 },
      siteUrl: 'http://localhost:4321',
      apiPort: 4322,
      skipBuild: false,
      heapLimitMb: 128,
      trustProxy: 0,
      clients: { requestTimeoutMs: 60_000, headersTimeoutMs: 20_000, connectionsPerAddress: 100 },
      metricsToken: null,
      frameAncestors: [],
      paymentSimulator: true,
      stripe: null,
      demoData: true,
      pairingCodeTtlMs: 15 * 60_000,
      passwordHashing: PRODUCTION_SCRYPT,
      orderLimits: DEFAULT_ORDER_LIMITS,
      bookingRequestLimit: DEFAULT_BOOKING_REQUESTS_PER_ADDRESS,
      uploadQuota: UPLOAD_QUOTA,
      pos: { port: 4323, host: '127.0.0.1', delayMs: 1000, failure: null },
      realtime: { driver: 'local', key: 'rentalp-local', secret: null },
    });
  });

  it('reads every kind of value; an empty one is unset', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'var/rentalp',
      DATABASE_URL: 'postgres://rentalp@db.internal:5432/rentalp',
      DATABASE_NAMED_STATEMENTS: '0',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com',
      MAIL_SENT_RETENTION_DAYS: '30',
      PUBLIC_SITE_URL: 'https://noleggi.example.it/',
      SKIP_BUILD: '1',
      TRUST_PROXY: '2',
      FRAME_ANCESTORS: 'https://hotel.example/booking, http://partner.test:8080',
      PAIRING_CODE_TTL_MINUTES: '30',
      ORDERS_PER_ADDRESS_PER_HOUR: '500',
      BOOKING_REQUESTS_PER_ADDRESS_PER_HOUR: '9',
      UPLOAD_MB_PER_ORDER: '10',
      POS_PORT: '0',
      POS_DELAY_MS: '0',
      POS_FAILURE: 'paper_out',
      PUSHER_APP_ID: '1',
      PUSHER_KEY: 'k',
      PUSHER_SECRET: 's',
      PUSHER_CLUSTER: 'eu',
      API_PORT: '',
    });
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      host: '127.0.0.1',
      // A relative folder is taken from the project folder, as the default `.data` is.
      dataDir: path.join(projectRoot, 'var/rentalp'),
      databaseUrl: 'postgres://rentalp@db.internal:5432/rentalp',
      namedStatements: false,
      smtpUrl: 'smtps://mailer:secret@smtp.example.com',
      mail: { maxAttempts: 10, maxDelayMs: 3_600_000, sentRetentionMs: 30 * 24 * 60 * 60 * 1000 },
      siteUrl: 'https://noleggi.example.it',
      apiPort: 4322,
      skipBuild: true,
      trustProxy: 2,
      frameAncestors: ['https://hotel.example', 'http://partner.test:8080'],
      // Production without PAYMENT_SIMULATOR / DEMO_DATA: the demo's features are off.
      paymentSimulator: false,
      demoData: false,
      pairingCodeTtlMs: 30 * 60_000,
      bookingRequestLimit: { ...DEFAULT_BOOKING_REQUESTS_PER_ADDRESS, limit: 9 },
      pos: { port: 0, host: '127.0.0.1', delayMs: 0, failure: 'paper_out' },
      realtime: { driver: 'pusher', appId: '1', key: 'k', secret: 's', cluster: 'eu' },
    });
    expect(config.orderLimits.perAddress).toEqual({ ...DEFAULT_ORDER_LIMITS.perAddress, limit: 500 });
    expect(config.uploadQuota.bytesPerOrder).toBe(10 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: '/srv/rentalp' }).dataDir).toBe('/srv/rentalp');
    expect(loadConfig({ REQUEST_TIMEOUT_S: '30', HEADERS_TIMEOUT_S: '5', CONNECTIONS_PER_ADDRESS: '20' }).clients).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 5000,
      connectionsPerAddress: 20,
    });
    // Unset, the headers' time is never longer than the whole request's.
    expect(loadConfig({ REQUEST_TIMEOUT_S: '10' }).clients.headersTimeoutMs).toBe(10_000);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SIMULATOR: '1', DEMO_DATA: '1' })).toMatchObject({ paymentSimulator: true, demoData: true });
    expect(loadConfig({ PAYMENT_SIMULATOR: '0', DEMO_DATA: '0' })).toMatchObject({ paymentSimulator: false, demoData: false });
    // Stripe wins over the simulator, which is then off whatever its switch says.
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    expect(loadConfig(stripe)).toMatchObject({ paymentSimulator: false, stripe: { secretKey: 'sk_test_abc123', webhookSecret: 'whsec_abc123', apiUrl: null, replacesSimulator: true } });
    expect(loadConfig({ ...stripe, NODE_ENV: 'production', STRIPE_API_URL: 'http://127.0.0.1:12111' })).toMatchObject({
      paymentSimulator: false,
      stripe: { apiUrl: 'http://127.0.0.1:12111', replacesSimulator: false },
    });
    // PUSHER_KEY and PUSHER_SECRET alone: the local endpoint with them.
    expect(loadConfig({ PUSHER_KEY: 'k', PUSHER_SECRET: 's' }).realtime).toEqual({ driver: 'local', key: 'k', secret: 's' });
  });

  it("in demo mode the site's address follows PORT unless PUBLIC_SITE_URL is set; outside it, PUBLIC_SITE_URL as set", () => {
    expect(loadConfig({ PORT: '4400' }).siteUrl).toBe('http://localhost:4400');
    expect(loadConfig({ PORT: '4400', PUBLIC_SITE_URL: 'https://noleggi.example.com/' }).siteUrl).toBe('https://noleggi.example.com');
    expect(loadConfig({ PORT: '4400', NODE_ENV: 'production' }).siteUrl).toBe('http://localhost:4321');
    expect(loadConfig({ PORT: '4400', DEMO_DATA: '0' }).siteUrl).toBe('http://localhost:4321');
  });

  it('is frozen, nested values too', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.orderLimits.perEmail)).toBe(true);
    expect(Object.isFrozen(config.frameAncestors)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it('says which variable is wrong, its value, the problem and the expected form', () => {
    expect(refusal({ PORT: 'abc' })).toBe(
      'Invalid configuration (see "Configuration" in README.md):\n  PORT="abc" is not a whole number; expected a port number from 1 to 65535, or unset for 4321',
    );
    // Every wrong variable at once, one line each.
    const both = refusal({ PORT: '70000', POS_DELAY_MS: '-1' });
    expect(both.split('\n')).toHaveLength(3);
    expect(both).toContain('PORT="70000" is above 65535; expected a port number from 1 to 65535');
    expect(both).toContain('POS_DELAY_MS="-1" is not a whole number; expected a whole number of milliseconds from 0 to 60000, or unset for 1000');
  });

  it.each([
    ['a whole number', { ORDERS_PER_EMAIL_PER_DAY: 'lots' }, /ORDERS_PER_EMAIL_PER_DAY="lots" is not a whole number; expected a whole number from 1 up, or unset for 10/],
    ['a fraction', { PAIRING_CODE_TTL_MINUTES: '1.5' }, /PAIRING_CODE_TTL_MINUTES="1.5" is not a whole number; expected a whole number of minutes from 1 to 1440/],
    ['below its range', { UPLOAD_FILES_PER_DAY: '0' }, /UPLOAD_FILES_PER_DAY="0" is below 1/],
    ['above its range', { TRUST_PROXY: '100' }, /TRUST_PROXY="100" is above 10; expected the number of proxies in front, from 0 to 10$/],
    ['a switch', { PAYMENT_SIMULATOR: 'yes' }, /PAYMENT_SIMULATOR="yes" is neither 1 nor 0; expected 1 \(on\) or 0 \(off\)/],
    ['a mode', { NODE_ENV: 'prod' }, /NODE_ENV="prod" is not a known mode; expected development, production or test/],
    ['a choice', { POS_FAILURE: 'jammed' }, /POS_FAILURE="jammed" is not a terminal failure; expected declined, paper_out, timeout/],
    ['an address', { HOST: 'my host' }, /HOST="my host" is not an address/],
    ['a URL', { PUBLIC_SITE_URL: 'noleggi.example.it' }, /PUBLIC_SITE_URL="noleggi.example.it" is not an http:\/\/ or https:\/\/ URL/],
    ['a list of origins', { FRAME_ANCESTORS: 'https://hotel.example javascript:alert(1)' }, /FRAME_ANCESTORS=".*" has "javascript:alert\(1\)", not an http\(s\) origin/],
    ['headers allowed longer than the request', { REQUEST_TIMEOUT_S: '10', HEADERS_TIMEOUT_S: '15' }, /HEADERS_TIMEOUT_S="15" is above REQUEST_TIMEOUT_S \(10\)/],
    ['half a Pusher setup', { PUSHER_APP_ID: '1', PUSHER_KEY: 'k' }, /PUSHER_APP_ID="1" names a Pusher app but PUSHER_SECRET, PUSHER_CLUSTER are unset/],
    ['half a Stripe setup', { STRIPE_SECRET_KEY: 'sk_live_abc' }, /STRIPE_SECRET_KEY=\(value not shown\) is set but STRIPE_WEBHOOK_SECRET is not: Stripe needs both/],
    ['a publishable key for a secret one', { STRIPE_SECRET_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, /STRIPE_SECRET_KEY=\(value not shown\) is not a Stripe secret key/],
    ['a Stripe endpoint without Stripe', { STRIPE_API_URL: 'http://127.0.0.1:12111' }, /STRIPE_API_URL=".*" is set but STRIPE_SECRET_KEY is not/],
  ])('refuses a wrong value: %s', (_, env, message) => {
    expect(refusal(env)).toMatch(message);
  });

  it('never prints the value of a variable that may hold a password', () => {
    const message = refusal({ DATABASE_URL: 'mysql://rentalp:hunter2@db.internal/rentalp', SMTP_URL: 'http://mailer:hunter2@smtp.example.com' });
    expect(message).toContain('DATABASE_URL=(value not shown) is not a postgres:// URL; expected a postgres:// or postgresql:// connection URL');
    expect(message).toContain('SMTP_URL=(value not shown) is not an smtp:// or smtps:// URL');
    expect(message).not.toContain('hunter2');
  });
});

describe('testConfig (tests/support/config.ts)', () => {
  it("starts from an empty environment's defaults, not the one the tests run in, with the fast hashing cost, and stays frozen", () => {
    const config = testConfig({ dataDir: '/tmp/x', paymentSimulator: false });
    expect(config).toEqual({ ...loadConfig({}), dataDir: '/tmp/x', paymentSimulator: false, passwordHashing: FAST_SCRYPT });
    expect(Object.isFrozen(config)).toBe(true);
  });
});
