// A server configuration for tests: the defaults of an empty environment (not the one the tests
// run in), with what a test says on top, and the fast password hashing cost (the suite seeds and
// logs in hundreds of times; tests/api/password-rehash.test.ts switches to the production cost).
// Like loadConfig's, the result is frozen: a test that changes a value mid-way changes it on the
// deps it built (`api.deps.trustProxy = 1`).
import { loadConfig, type Config } from '~server/config';
import { FAST_SCRYPT } from '~server/auth/passwords';
import type { SeedOptions } from '~server/db/seed/index';

export function testConfig(overrides: Partial<Config> = {}): Readonly<Config> {
  return Object.freeze({ ...loadConfig({}), passwordHashing: FAST_SCRYPT, ...overrides });
}

/** The seed's options in tests: the demo kiosks (unless said otherwise) and the fast hashing cost. */
export const testSeedOptions = (options: Partial<SeedOptions> = {}): SeedOptions => ({ passwordHashing: FAST_SCRYPT, ...options });
