// Forgetting the kiosk's offline start (features/kiosk/offline), here because pairing's
// stores/kiosk-forget.ts calls it when the device is paired or unpaired: the worker is
// unregistered and every cache it filled is deleted, the API's reads among them (the kiosk's
// settings, the catalogue). Without workbox-window: the /pair and configuration pages load this, and it
// needs only the browser's own API.

/** Where the build writes the worker (@vite-pwa/astro, features/kiosk/offline/integration.ts). */
export const KIOSK_SERVICE_WORKER_URL = '/sw.js';

/** Never rejects: a browser without workers or caches has nothing to forget. */
export async function forgetOfflineStart(): Promise<void> {
  try {
    if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
    }
    if (typeof caches !== 'undefined') {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
    }
  } catch {
    // Storage refused (private mode, quota): nothing was kept either.
  }
}
