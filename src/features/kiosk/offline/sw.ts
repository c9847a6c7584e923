// The kiosk's service worker, bundled by @vite-pwa/astro (src/features/kiosk/offline/integration.ts)
// with the precache list Workbox writes at build time. Registered on paired kiosks only
// (./register.ts), so a shop's kiosk starts with its line down: the kiosk screens, their scripts,
// styles and messages come from the precache (cache first, replaced by the next build's list);
// the shop's booking pages and the API's reads go to the network first and fall back to what the
// kiosk last read. Writes (POST, PUT, PATCH, DELETE) are never touched: the kiosk's outbox keeps
// and replays them.
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import { KIOSK_API_CACHE, KIOSK_PAGES_CACHE, KIOSK_SHELLS, keptApiAnswers, kioskApiRead, kioskBookingPage, kioskShellFor } from './routes';

// The worker's global scope, as far as it is used here (the project's types are the page's DOM).
declare const self: {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'activate', listener: (event: { waitUntil(work: Promise<unknown>): void }) => void): void;
};

const DAY_SECONDS = 24 * 60 * 60;

// A new build's worker, found at the kiosk's next page load (the daily reload at the latest),
// takes over when the page says so (./register.ts, Workbox's SKIP_WAITING message), then the page
// reloads onto the new build. Asked by the page, not at install: the page is there to reload.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first worker serves the page that registered it at once (the kiosk may go offline next).
clientsClaim();
// A new build's worker starts without the booking pages the old one kept: they name scripts of the
// old build, which its precache no longer holds (offline they would show without their islands).
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(KIOSK_PAGES_CACHE)));

// Astro writes directory pages (`totem/delivery/index.html`, listed as `totem/delivery`): a link
// to `/totem/delivery/` is the same page.
precacheAndRoute(self.__WB_MANIFEST, {
  urlManipulation: ({ url }) => (url.pathname.length > 1 && url.pathname.endsWith('/') ? [new URL(url.pathname.slice(0, -1), url)] : []),
});
cleanupOutdatedCaches();

// An order's cash desk and a product's page are drawn by their screen's precached page, as the
// server does: a reload offline on an order's page opens it too.
const shells = new Map(KIOSK_SHELLS.map((shell) => [shell, createHandlerBoundToURL(shell)]));
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && kioskShellFor(url.pathname) !== null,
  (options) => shells.get(kioskShellFor(options.url.pathname)!)!(options),
);

// Only 200s are kept: an error page or a refusal must not stand in for the page offline.
const only200 = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 ? response : null) };

registerRoute(
  new NavigationRoute(new NetworkFirst({ cacheName: KIOSK_PAGES_CACHE, plugins: [only200, new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: DAY_SECONDS })] }), {
    allowlist: [kioskBookingPage],
  }),
);

registerRoute(
  ({ url, request }) => kioskApiRead(url, request.method),
  new NetworkFirst({ cacheName: KIOSK_API_CACHE, plugins: [keptApiAnswers, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: DAY_SECONDS })] }),
);
