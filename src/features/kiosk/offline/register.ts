// Registers the kiosk's service worker (./sw.ts): imported by src/scripts/kiosk-page.ts on a
// paired kiosk only (its device token in storage), so no customer's page fetches this module or
// workbox-window. Waits for the page's load (workbox-window's default): the precache downloads
// after the screen is up.
import { Workbox } from 'workbox-window';
import { KIOSK_SERVICE_WORKER_URL } from '../shared/offline-start';

if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  const worker = new Workbox(KIOSK_SERVICE_WORKER_URL, { scope: '/' });
  // A new build's worker is installed (found by this load or one before it, even by another tab):
  // it takes over now, not when every kiosk tab closes (a kiosk's never does).
  worker.addEventListener('waiting', () => worker.messageSkipWaiting());
  // …and the page the old one served reloads onto the new build at once, like the daily reload
  // (drafts and the outbox are in storage). The first worker taking over is no new build.
  worker.addEventListener('controlling', (event) => {
    if (event.isUpdate || event.isExternal) location.reload();
  });
  // No worker (a browser that refuses one, storage full): the kiosk works online as before.
  worker.register().catch(() => undefined);
}
