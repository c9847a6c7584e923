// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { fileURLToPath } from 'node:url';
import { bundleConfigModules } from './src/build/config-modules.mjs';

// The project's modules this config uses are TypeScript and import by name (tsconfig.json "paths",
// README.md "Imports"): bundled by esbuild for Node, which loads this file (src/build/config-modules.mjs says why).
/** @type {typeof import('./src/build/config-entry')} */
const {
  isNoindexUrlPath,
  islandsMessages,
  envSchema,
  DEFAULT_LOCALE,
  LOCALES,
  ogImagesIntegration,
  kioskOfflineIntegration,
  preloadWithoutLoaded,
} = await import(await bundleConfigModules(fileURLToPath(new URL('.', import.meta.url)), 'src/build/config-entry.ts'));

const islandClient = fileURLToPath(new URL('./src/scripts/react-island-client.ts', import.meta.url));

/**
 * Every React island is mounted through src/scripts/react-island-client.ts, which wraps it in the
 * shared error boundary and then calls Astro's own React client; only that module still
 * reaches the original entrypoint.
 * @returns {import('vite').Plugin}
 */
function islandBoundary() {
  return {
    name: 'island-error-boundary',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id !== '@astrojs/react/client.js' || importer?.split('?')[0] === islandClient) return null;
      return islandClient;
    },
  };
}

/**
 * Rolldown (Vite 8's bundler) tells a module's type by the end of its id, and
 * `i18n/it.json?customer-page=booking` ends with its query: the islands-messages plugin's text is
 * said to be JSON, or it would be parsed as JavaScript.
 * @param {import('vite').Plugin} plugin
 * @returns {import('vite').Plugin}
 */
function loadsJson(plugin) {
  const load = /** @type {(this: unknown, id: string) => Promise<string | null>} */ (plugin.load);
  return {
    ...plugin,
    async load(id) {
      const code = await load.call(this, id);
      return code === null ? null : { code, moduleType: 'json' };
    },
  };
}

// The config itself cannot import astro:env: `site` takes PUBLIC_SITE_URL as the schema does (Astro
// checks it is a URL). API_PORT is handed over by `npm run dev` (scripts/dev.ts), which has
// checked it (server/config.ts); without it (`astro build`, a bare `astro dev`) no API runs beside.
const site = process.env.PUBLIC_SITE_URL || envSchema.PUBLIC_SITE_URL.default;
const apiPort = process.env.API_PORT;
// The product's name on the link-preview images, as astro:env gives it to the pages (with its default).
// Dynamic imports preload only what their chunk has not loaded already (src/build/preload-deps.mjs).
const preload = preloadWithoutLoaded();
const siteName = process.env.PUBLIC_SITE_NAME || /** @type {string} */ (envSchema.PUBLIC_SITE_NAME.default);

export default defineConfig({
  site,
  output: 'static',
  env: { schema: envSchema, validateSecrets: true },
  trailingSlash: 'ignore',
  // Two pages rendered at a time: one page's files are written while the next renders (pages
  // 20–26 % faster under load; dist/ byte for byte the same as one at a time).
  build: { format: 'directory', concurrency: 2 },
  i18n: {
    defaultLocale: DEFAULT_LOCALE,
    locales: [...LOCALES],
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [
    {
      // `client:lazy` (src/scripts/client-lazy.ts): no framework code before the page is idle.
      name: 'client-lazy-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'lazy', entrypoint: fileURLToPath(new URL('./src/scripts/client-lazy.ts', import.meta.url)) }),
      },
    },
    react(),
    sitemap({
      i18n: { defaultLocale: DEFAULT_LOCALE, locales: { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' } },
      // Only indexable pages: account, login, order, utility pages and the booking calendar and
      // checkout are noindex (src/seo/noindex.mjs, which the pages' robots tag follows too).
      filter: (page) => !isNoindexUrlPath(new URL(page).pathname),
    }),
    // Link-preview images (og:image), drawn beside the build: src/seo/og-integration.ts says why.
    ogImagesIntegration({ siteName }),
    // A paired kiosk's service worker (dist/sw.js): its screens start with the line down.
    kioskOfflineIntegration(),
  ],
  vite: {
    plugins: [loadsJson(islandsMessages()), islandBoundary(), preload.plugin],
    // Leaflet's own ES module build rather than its UMD file (package.json "main"): the bundle no
    // longer turns 450 KB of CommonJS into ESM on every build, and what the map leaves unused is
    // shaken out. TrailMap imports the namespace, which both builds export alike.
    resolve: { alias: [{ find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' }] },
    // The per-chunk gzip sizes Vite prints cost a gzip of every chunk each build; the size budgets
    // measure what a browser fetches (tests/site, bench:site), not this log.
    build: { reportCompressedSize: false, modulePreload: preload.modulePreload },
    // `npm run dev` runs the API beside the Astro dev server; the proxy keeps `/api` same-origin as in production.
    server: apiPort ? { proxy: { '/api': `http://127.0.0.1:${apiPort}` } } : {},
  },
});
