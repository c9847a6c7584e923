// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { fileURLToPath } from 'node:url';
import { isNoindexUrlPath } from './src/seo/noindex.mjs';
import { islandsMessages } from './src/i18n/islands-messages-plugin.mjs';

const site = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';
const apiPort = process.env.API_PORT ?? '4322';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  i18n: {
    defaultLocale: 'it',
    locales: ['it', 'en', 'fr'],
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
      i18n: { defaultLocale: 'it', locales: { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' } },
      // Only indexable pages: account, login, order and utility pages are noindex.
      filter: (page) => !isNoindexUrlPath(new URL(page).pathname),
    }),
  ],
  server: { port: Number(process.env.PORT ?? 4321) },
  vite: {
    plugins: [islandsMessages()],
    // `npm run dev` runs the API beside the Astro dev server; the proxy keeps `/api` same-origin as in production.
    server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  },
});
