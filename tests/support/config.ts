// A server configuration for tests: the defaults of an empty environment (not the one the tests
// run in), with what a test says on top. Like loadConfig's, the result is frozen: a test that
// changes a value mid-way changes it on the deps it built (`api.deps.trustProxy = 1`).
import { loadConfig, type Config } from '../../server/config';

export function testConfig(overrides: Partial<Config> = {}): Readonly<Config> {
  return Object.freeze({ ...loadConfig({}), ...overrides });
}
