// What the kiosk's service worker (./sw.ts) keeps apart from its precache: the rules, apart from
// the worker so the build, the worker and the tests read the same ones.
import { PREFIXED_LOCALES } from '~/domain/locales';

/** The API's answers the kiosk last read (its GETs), for a start with the line down. */
export const KIOSK_API_CACHE = 'kiosk-api-reads';
/** The shop's booking pages the public kiosk last showed (one shop: not worth a precache per shop). */
export const KIOSK_PAGES_CACHE = 'kiosk-booking-pages';

/** A booking page (`/prenota/…`) in any of the site's locales. */
export const kioskBookingPage = new RegExp(`^/(?:(?:${PREFIXED_LOCALES.join('|')})/)?prenota(?:/|$)`);

/** The kiosk screens the build precaches (dist paths, Workbox globs): every locale's `/totem/*`. */
export const KIOSK_PAGE_GLOBS = ['', ...PREFIXED_LOCALES.map((l) => `${l}/`)].map((prefix) => `${prefix}totem/**/index.html`);

/**
 * The API's reads a kiosk screen needs to draw itself with the line down: the kiosk's own settings
 * and the catalogue (the shop, its sites and sports, availability and prices). Never a customer's
 * data (orders, people, documents, the board's names: a kiosk keeps none, its drafts hold ids), nor
 * what must read as "no answer" offline: the health probe (the outbox would believe the line is
 * back), a unit's check (a scan offline is "added without checking"), a payment's claim or a price
 * difference (staff must not charge or refund on yesterday's figure), coupons and cards.
 */
const KIOSK_START_READS = [
  /\/v1\/totem$/,
  /\/v1\/shops\/(?:slug\/[^/]+|\d+)(?:\/availabilities(?:\/days)?)?$/,
  /\/v[12]\/sites(?:\/\d+(?:\/shops)?)?$/,
  /\/v1\/sports(?:\/\d+)?$/,
  /\/v1\/products\/\d+\/price$/,
];

/**
 * A read of the API a kiosk starts with (KIOSK_START_READS, on this site or on the kiosk's own API
 * server): network first, its last answer when the network fails. Writes never: the outbox replays them.
 */
export function kioskApiRead(url: URL, method: string): boolean {
  return method === 'GET' && KIOSK_START_READS.some((read) => read.test(url.pathname.replace(/\/+$/, '')));
}

/** Only a JSON answer (not a voucher's PDF nor a CSV download) is kept. */
export function keepsApiAnswer(response: Pick<Response, 'status' | 'headers'>): boolean {
  return response.status === 200 && (response.headers.get('content-type') ?? '').includes('json');
}

/**
 * `response` with a readable `Date`, which the cache's expiration (Workbox's ExpirationPlugin)
 * reads to leave out an answer older than a day: its own, or for an answer whose `Date` the worker
 * cannot read (an API on another origin than the kiosk's pages, `server_url`, that does not list
 * it in Access-Control-Expose-Headers) a copy dated when it arrived. Without it such an answer
 * would count as fresh for ever while the kiosk is offline.
 */
export async function withReadableDate(response: Response, now: Date = new Date()): Promise<Response> {
  if (response.headers.get('date')) return response;
  const headers = new Headers(response.headers);
  headers.set('date', now.toUTCString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/**
 * The API reads' cache plugin (Workbox's `cacheWillUpdate`): what `keepsApiAnswer` keeps, dated
 * (`withReadableDate`) so the expiration can leave it out a day later; null is not kept.
 */
export const keptApiAnswers = {
  cacheWillUpdate: async ({ response }: { response: Response }): Promise<Response | null> => (keepsApiAnswer(response) ? withReadableDate(response) : null),
};

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

