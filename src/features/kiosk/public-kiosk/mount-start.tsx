// Mounts the start screen before the booking page's island. By hand, not as an Astro island of the
// page: the page is the customers' too, and an island would put its script on every visitor's load.
// Through the islands' own renderer (src/scripts/react-island-client.ts, IslandBoundary included):
// importing React's root and the boundary apart would also split the chunk every customer's page
// loads in two (measured: one file and 0.2 KB gzip more on each booking screen).
import renderIsland from '~/scripts/react-island-client';
import { splitLocale } from '~/i18n/index';
import PublicKioskStart from './PublicKioskStart';

export function mountStart(host: HTMLElement): void {
  const shop = host.dataset.shop;
  if (!shop) return;
  const container = document.createElement('div');
  container.className = 'kiosk-start-host';
  // The renderer mounts only an element still waiting for it (Astro's `ssr` mark), then it is done.
  container.setAttribute('ssr', '');
  host.before(container);
  const { locale } = splitLocale(location.pathname);
  void renderIsland(container)(PublicKioskStart, { locale, shop }, {}, { client: 'only' });
  container.removeAttribute('ssr');
}
