// The kiosk's service worker at build time (@vite-pwa/astro, over vite-plugin-pwa and Workbox):
// ./sw.ts is bundled to dist/sw.js with the list of what it precaches, written after Astro's pages
// (`astro:build:done`), each file with its revision so the next build's worker fetches only what
// changed. No web manifest and no registration script in the pages: ./register.ts registers it on
// paired kiosks only.
import AstroPWA from '@vite-pwa/astro';
import type { AstroIntegration } from 'astro';
import { KIOSK_PAGE_GLOBS } from './routes';

export function kioskOfflineIntegration(): AstroIntegration {
  return AstroPWA({
    strategies: 'injectManifest',
    srcDir: 'src/features/kiosk/offline',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // The kiosk screens in every locale, and every script and style of the site (1.4 MB, all
      // hashed: the kiosk's screens, the locale messages and the booking page's islands among them;
      // telling them apart would miss a lazily loaded one). No font files: the site uses the system's.
      globPatterns: [...KIOSK_PAGE_GLOBS, '_astro/**/*.{js,css,woff2,svg,png}', 'favicon.svg'],
    },
  }) as AstroIntegration;
}
