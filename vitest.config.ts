import { defineConfig, type Plugin } from 'vitest/config';
import { envSchema } from './src/env-schema.mjs';

/**
 * `astro:env/client` outside Astro: each client variable from the environment, else its default,
 * from the same schema the build uses (src/env-schema.mjs), so modules that read the site's
 * configuration (src/config.ts) load in the unit tests as they do in the build.
 */
function astroEnvClient(): Plugin {
  const id = 'astro:env/client';
  return {
    name: 'astro-env-client',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) =>
      resolved === `\0${id}`
        ? Object.entries(envSchema)
            .filter(([, field]) => field.context === 'client')
            .map(([name, field]) => `export const ${name} = ${JSON.stringify(process.env[name] || field.default)};`)
            .join('\n')
        : null,
  };
}

export default defineConfig({
  plugins: [astroEnvClient()],
  // Imports by name ('~/domain/…', '~server/…'): tsconfig.json's "paths", as Astro and tsx read them.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'server/**/*.test.ts', 'tests/site/**/*.test.ts'],
    environment: 'node',
    // The servers tests start (npm start, the CLIs) hash passwords at a low scrypt cost
    // (PASSWORD_HASH_COST, server/config.ts): the production cost takes ~0.5 s a hash and the suite
    // seeds and logs in hundreds of times. In-process tests get it from testConfig;
    // tests/unit/server/auth/passwords.test.ts proves the production parameters.
    env: { PASSWORD_HASH_COST: 'fast' },
    // The server's log at warn: tests/setup/log-level.ts.
    setupFiles: ['tests/setup/log-level.ts'],
    // The database tests' migrated templates, made once per run (tests/setup/database-templates.ts).
    globalSetup: ['tests/setup/database-templates.ts'],
    // API tests each boot an embedded PGlite; a few at a time keeps memory and time sane on 2 cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `npm run test:unit` (so `npm test` and CI) runs with --coverage: the 95 % of the domain (tests/README.md)
    // rules' lines is checked by the one run that also covers both databases (the database tests
    // run each driver in this same process tree, `describe.each(testDrivers)`), never a second pass.
    // The scope is the rules only: every file of src/domain is one, so none is left out.
    // A run of some files only (`npx vitest run <files>`) has no --coverage, so no threshold.
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      exclude: ['src/domain/**/*.test.ts'],
      // Only the files below 100 %, then the totals: the table stays short enough to read.
      reporter: [['text', { skipFull: true }], 'text-summary'],
      // The figure also when a test failed, so a red run still says where coverage stands.
      reportOnFailure: true,
      thresholds: { lines: 95 },
    },
  },
});
