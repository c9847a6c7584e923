import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'server/**/*.test.ts', 'tests/site/**/*.test.ts'],
    environment: 'node',
    // Passwords hashed with a low scrypt cost (server/auth/passwords.ts): the production cost takes
    // ~0.5 s a hash and the suite seeds and logs in hundreds of times. tests/unit/passwords.test.ts
    // proves the production parameters.
    env: { PASSWORD_HASH_COST: 'fast' },
    // API tests each boot an embedded PGlite; a few at a time keeps memory and time sane on 2 cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      exclude: ['src/domain/**/*.test.ts'],
      reporter: ['text', 'text-summary'],
      thresholds: { lines: 95 },
    },
  },
});
