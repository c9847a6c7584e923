// What the kiosk's service worker (./sw.ts) keeps apart from its precache: the rules, apart from
// the worker so the build, the worker and the tests read the same ones.
import { PREFIXED_LOCALES } from '../../../domain/locales';

/** The API's answers the kiosk last read (its GETs), for a start with the line down. */
export const KIOSK_API_CACHE = 'kiosk-api-reads';
/** The shop's booking pages the public kiosk last showed (one shop: not worth a precache per shop). */
export const KIOSK_PAGES_CACHE = 'kiosk-booking-pages';

/** A booking page (`/prenota/…`) in any of the site's locales. */
export const kioskBookingPage = new RegExp(`^/(?:(?:${PREFIXED_LOCALES.join('|')})/)?prenota(?:/|$)`);

/** The kiosk screens the build precaches (dist paths, Workbox globs): every locale's `/totem/*`. */
export const KIOSK_PAGE_GLOBS = ['', ...PREFIXED_LOCALES.map((l) => `${l}/`)].map((prefix) => `${prefix}totem/**/index.html`);

/**
 * A read of the API (a GET under `/api/`, on this site or on the kiosk's own API server): network
 * first, its last answer when the network fails. Writes never: the outbox replays them.
 */
export function kioskApiRead(url: URL, method: string): boolean {
  return method === 'GET' && url.pathname.startsWith('/api/');
}

/** Only a JSON answer (not a voucher's PDF nor a CSV download) is kept. */
export function keepsApiAnswer(response: Pick<Response, 'status' | 'headers'>): boolean {
  return response.status === 200 && (response.headers.get('content-type') ?? '').includes('json');
}

const SHELL_PAGE = new RegExp(`^(/(?:${PREFIXED_LOCALES.join('|')}))?/totem/(cash-desk|products)/[^/]+/?$`);

/**
 * The precached page an order's cash desk (`/totem/cash-desk/{id}`) or a product's page
 * (`/totem/products/{code}`) is drawn by, as the server serves it (`shellRewrites` in
 * server/static.ts; tests/unit/features/kiosk/offline/routes.test.ts holds them to the same
 * answers); null for any other path.
 */
export function kioskShellFor(pathname: string): string | null {
  const match = SHELL_PAGE.exec(pathname);
  return match ? `${match[1] ?? ''}/totem/${match[2]}` : null;
}

/** Every page kioskShellFor answers with (each locale's cash desk and products pages). */
export const KIOSK_SHELLS = ['', ...PREFIXED_LOCALES.map((l) => `/${l}`)].flatMap((prefix) => [`${prefix}/totem/cash-desk`, `${prefix}/totem/products`]);

