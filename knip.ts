// Dead-code check run by `npm run lint`: an export nobody imports, a file nobody
// reaches or a dependency nobody uses fails lint. Knip's own plugins read astro.config.mjs (pages,
// islands, integrations), vitest.config.ts, playwright.config.ts and eslint.config.js; the entries
// below are what those configs do not name: processes started by path (npm scripts, spawn), the
// benchmarks. `!` marks what ships, for `knip --production` (tests left out).
import type { KnipConfig } from 'knip';

// `knip --production` (the second run of `npm run lint`) asks what is dead once tests are left
// out: a rule only its own test calls is dead. It is enforced on src/domain, where ~25 such
// rules had gathered behind a test that pinned their names, and on the stores (src/stores and
// each feature's): a test makes a fresh store with its factory, never through an export of its
// own. Elsewhere tests still lean on exports of their own (the contract schemas tests parse
// with), so there only the plain run applies.
const production = process.argv.includes('--production') || process.argv.includes('--strict');
const NOT_DOMAIN = ['server/**', 'src/api/**', 'src/seo/**', 'src/components/**', 'src/scripts/**', 'src/i18n/**'];

const config: KnipConfig = {
  entry: [
    // The project modules astro.config.mjs uses (build plugins, the env schema, the integrations):
    // it imports them bundled, by the entry's path (src/build/config-modules.mjs), not by an import.
    'src/build/config-entry.ts!',
    // What astro.config.mjs imports or names by path (its bundler, the client directives): knip
    // reads that file as a build config, so `--production` would not see them otherwise.
    ...(production ? ['src/build/config-modules.mjs!', 'src/scripts/client-lazy.ts!', 'src/scripts/react-island-client.ts!'] : []),
    // The kiosk's service worker, bundled by path by @vite-pwa/astro (src/features/kiosk/offline/integration.ts).
    'src/features/kiosk/offline/sw.ts!',
    'scripts/*.ts!',
    'server/main.ts!',
    'server/cli/*.ts!',
    // Spawned by path: `npm run dev` (scripts/dev.ts) and the error-page e2e (a site that fails).
    'server/dev.ts',
    'tests/e2e/failing-site.ts',
    'bench/*.ts',
  ],
  project: ['src/**/*.{ts,tsx,astro,mjs,css}!', 'server/**/*.ts!', 'scripts/**/*.ts!', 'bench/**/*.ts', 'tests/**/*.ts', '*.{ts,mjs,js}'],
  // An export used in its own file is part of that module's story (a named limit, a type), not dead.
  ignoreExportsUsedInFile: true,
  // The contract's index (its envelope and status codes, named by server/README.md) re-exports
  // every schema for the tests: with tests left out, nothing ships that imports it.
  ignore: production ? ['src/api/contract/index.ts'] : [],
  // In production mode: the integrations astro.config.mjs names, react-dom (which @astrojs/react
  // renders with) and vite (named by the build plugins' JSDoc types; astro brings it).
  // @types/smtp-server types the fault test's SMTP server (smtp-server ships no types of its own);
  // knip does not pair it with the import there.
  ignoreDependencies: [...(production ? ['@astrojs/react', '@astrojs/sitemap', 'react-dom', 'vite'] : ['@types/smtp-server'])],
  // Debian's tools, not npm's: PostgreSQL's client for backups, mount for the full-disk fault test.
  ignoreBinaries: ['pg_restore', 'mount', 'umount'],
  ignoreIssues: production ? Object.fromEntries(NOT_DOMAIN.map((glob) => [glob, ['exports', 'types', 'duplicates']])) : {},
  // Stylesheets import open-props token groups (src/styles/global.css): read their @import lines.
  compilers: {
    css: (text: string) => [...text.matchAll(/@import\s+['"]([^'"]+)['"]/g)].map(([, specifier]) => `import '${specifier}';`).join('\n'),
  },
};

export default config;
