// Registers the kiosk's service worker (./sw.ts): imported by src/scripts/kiosk-page.ts on a
// paired kiosk only (its device token in storage), so no customer's page fetches this module or
// workbox-window. Waits for the page's load (workbox-window's default): the precache downloads
// after the screen is up.
//
// A page never reloads under staff's hands:
// - the device's first worker takes charge of the open page (clientsClaim in ./sw.ts) and nothing
//   reloads: the page it serves is this very build (workbox-window calls that worker "external"
//   when another page, /pair, installed it, which once read as a new build);
// - a new build's worker waits until the kiosk is idle (shared/stores/kiosk-update.ts: nothing in
//   flight, no dialog, no touch for a minute), the footer saying an update is ready; then it takes
//   over and the page reloads onto it (drafts and the outbox are in storage).
import { Workbox } from 'workbox-window';
import { KIOSK_SERVICE_WORKER_URL } from '../shared/offline-start';
import { $kioskUpdateReady, whenKioskIdle } from '../shared/stores/kiosk-update';

if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  const worker = new Workbox(KIOSK_SERVICE_WORKER_URL, { scope: '/' });
  /** An earlier build's worker served this page: a worker taking over now is a new build. */
  let served = navigator.serviceWorker.controller !== null;
  /** This page let the waiting worker in: it reloads onto it as soon as it is in charge. */
  let applying = false;
  let waitingForIdle = false;
  const onceIdle = (apply: () => void) => {
    $kioskUpdateReady.set(true);
    if (waitingForIdle) return;
    waitingForIdle = true;
    whenKioskIdle(apply);
  };
  // A new build's worker is installed (found by this load or one before it): it takes over once
  // the kiosk is idle, not when every kiosk tab closes (a kiosk's never does).
  worker.addEventListener('waiting', () =>
    onceIdle(() => {
      applying = true;
      worker.messageSkipWaiting();
    }),
  );
  worker.addEventListener('controlling', () => {
    if (applying) location.reload();
    // Another tab let a new build in: this page follows it once idle.
    else if (served) onceIdle(() => location.reload());
    served = true;
  });
  // No worker (a browser that refuses one, storage full): the kiosk works online as before.
  worker.register().catch(() => undefined);
}
