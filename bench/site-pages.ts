// `npm run bench:site`, (b) (bench/site.ts): the sample page of each type, the customer's state the
// booking screens are also measured in, and per visit the HTML's size and the JavaScript fetched
// until the page is idle, in Playwright's Chromium. Also what the Lighthouse runs share: the
// browser, the page's figures, bounded waits.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { loadSeoData } from '../seo-data/schema';
import { seasonWindowOf } from '../src/domain/calendar-season';
import { addDays, DateModes, todayInRome } from '../src/domain/dates';
import { isInSeason, nextOpening, type SeasonDays } from '../src/domain/season';
import { CART_KEY } from '../src/stores/cart';
import { CONFIGURATION_KEY } from '../src/stores/keys';
import { TOKEN_KEY } from '../src/stores/session';
import { BOOKING_SCREEN_JS_GZIP_KB, STATIC_PAGE_BUDGET } from './budgets';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PAGE_TIMEOUT_MS = 30_000;
const LIST_ALL_FILES = process.env.BENCH_SITE_ALL_FILES === '1';
/** The demo customer of the seed (server/README.md "Demo data"). */
const DEMO_CUSTOMER = { username: 'mario.rossi@example.com', password: 'Demo-2026!' };
/** After network idle, how long no new script may arrive before the page counts as settled. */
const SETTLE_QUIET_MS = 1_000;
const SETTLE_MAX_MS = 10_000;
/** The booking screens need their islands at once: their own budget, JS in total. */
export const BOOKING_JS_GZIP_KB = BOOKING_SCREEN_JS_GZIP_KB;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The visitor a booking screen is measured for. */
type VisitState = 'empty' | 'cart' | 'cart, logged in';

export interface PageFigures {
  type: string;
  path: string;
  /** Booking screens only: the stored state the page was loaded with. */
  state?: VisitState;
  /** Budget for the page's JS (gzip KB): 15 before idle on static pages, 120 on booking screens. */
  jsBudgetKb: number;
  status: number;
  htmlBytes: number;
  htmlGzip: number;
  jsFiles: number;
  /** gzip bytes of the script responses before network idle. */
  jsGzip: number;
  /** gzip bytes of the inline scripts of the HTML (already counted in the HTML size). */
  inlineJsGzip: number;
  lighthouse?: Partial<Record<Category, number>> | { error: string };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (body: Buffer | string) => gzipSync(body).length;

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no result after ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Sample {
  type: string;
  path: string;
  lighthouse: boolean;
  jsBudgetKb: number;
  /** A booking screen: measured empty and in the customer's states. */
  booking?: boolean;
  /**
   * Kept out of search engines on purpose (`noindex`: the calendar and the checkout): Lighthouse's
   * SEO score is then taken without its `is-crawlable` audit, which such a page must fail (a page
   * that turned indexable is said in the notes).
   */
  noindex?: boolean;
}

const BENCH_SHOP = 'sport-noleggio-sestriere';

/** The sample page of each type, from the SEO table. */
export function samplePages(): Sample[] {
  const { shops, trails } = loadSeoData();
  const shop = shops.find((s) => s.slug === BENCH_SHOP) ?? shops[0]!;
  const trail = trails[0]!;
  const booking = { jsBudgetKb: BOOKING_JS_GZIP_KB, booking: true };
  return [
    { type: 'home', path: '/', lighthouse: true, jsBudgetKb: STATIC_PAGE_BUDGET.jsGzipKb },
    { type: 'category×town', path: `/${shop.sports[0]}/${shop.town}/`, lighthouse: true, jsBudgetKb: STATIC_PAGE_BUDGET.jsGzipKb },
    { type: 'shop', path: `/noleggio/${shop.slug}/`, lighthouse: true, jsBudgetKb: STATIC_PAGE_BUDGET.jsGzipKb },
    { type: 'trail', path: `/sentiero/${trail.slug}/`, lighthouse: true, jsBudgetKb: STATIC_PAGE_BUDGET.jsGzipKb },
    { type: 'booking page', path: `/prenota/${shop.slug}/`, lighthouse: true, ...booking },
    { type: 'calendar', path: `/prenota/${shop.slug}/calendar/`, lighthouse: true, noindex: true, ...booking },
    { type: 'checkout', path: `/prenota/${shop.slug}/order/`, lighthouse: true, noindex: true, ...booking },
    // The order page's static shell; logged in, the customer's own order (`/orders/<uuid>`).
    { type: 'order', path: '/orders/view/', lighthouse: false, ...booking },
    { type: 'orders list', path: '/orders/', lighthouse: false, ...booking },
  ];
}

/** What the stores persist for a customer with dates and a product in the cart (and a token). */
interface CustomerState {
  storage: Record<string, string>;
  token: string;
  /** One of the demo customer's orders, for the order page. */
  orderUuid?: string;
}

/**
 * The real state of a customer, from the API of the served site: the bench shop's first bookable
 * two days from tomorrow (its season), a product with a price in the cart, the demo customer's token.
 */
async function customerState(base: string): Promise<CustomerState> {
  const api = (path: string, init?: RequestInit) => withTimeout(fetch(`${base}/api/${path}`, init), PAGE_TIMEOUT_MS, `GET ${path}`);
  const season = ((await (await api(`v1/shops/slug/${BENCH_SHOP}`)).json()) as { data: { shop: { season: SeasonDays | null } } }).data.shop.season;
  const window = seasonWindowOf(season);
  const from = nextOpening(addDays(todayInRome(), 1), window);
  const dates = isInSeason(addDays(from, 1), window) ? [from, addDays(from, 1)] : [from];
  const multipleDates = dates.length === 2 ? DateModes.RANGE : DateModes.SINGLE;
  const load = (await (await api(`v1/shops/slug/${BENCH_SHOP}?from=${dates[0]}&to=${dates.at(-1)}`)).json()) as {
    data: { shop: { id: number; slug: string; label: string }; products: { id: number; current_price?: { id: number } | null }[] };
  };
  const product = load.data.products.find((p) => p.current_price);
  if (!product) throw new Error(`no product with a price at ${BENCH_SHOP} on ${dates.join('–')}`);
  const shop = { id: load.data.shop.id, slug: load.data.shop.slug, label: load.data.shop.label, logos: [], categories: [], sports: [] };
  const login = await api('v1/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(DEMO_CUSTOMER) });
  if (login.status !== 200) throw new Error(`login of the demo customer: HTTP ${login.status}`);
  const token = `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`;
  const orders = (await (await api('v1/orders', { headers: { Authorization: token } })).json()) as { data?: { uuid: string }[] };
  return {
    storage: {
      [CONFIGURATION_KEY]: JSON.stringify({ shop, multipleDates, dates }),
      [CART_KEY]: JSON.stringify({
        products: [{ id: product.id, id_shop: shop.id, id_price: product.current_price!.id, related: [], multipleDates, dates, days: dates.length }],
      }),
    },
    token,
    orderUuid: orders.data?.[0]?.uuid,
  };
}

/**
 * Every sample answers 200 before anything is measured. dist/ is shared with whoever else works in
 * the checkout: a build started elsewhere empties it for a few seconds, so wait for it (bounded).
 */
export async function waitForPages(base: string, samples: Sample[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const statuses = await Promise.all(samples.map((s) => fetch(base + s.path, { method: 'HEAD' }).then((r) => r.status)));
    const missing = samples.filter((_, i) => statuses[i] !== 200).map((s) => s.path);
    if (missing.length === 0) return;
    if (Date.now() > deadline) throw new Error(`not served with status 200: ${missing.join(', ')} (is dist/ complete?)`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The code of the inline scripts of a page (not JSON-LD, not external). */
function inlineScripts(html: string): string {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc=/i.test(attrs!) && !/application\/(ld\+)?json/i.test(attrs!))
    .map(([, , code]) => code)
    .join('\n');
}

/** The visits of a sample: one for a static page, three for a booking screen. */
function visitsOf(sample: Sample, customer: CustomerState | null): { state?: VisitState; path: string; storage: Record<string, string> }[] {
  if (!sample.booking) return [{ path: sample.path, storage: {} }];
  const visits: { state?: VisitState; path: string; storage: Record<string, string> }[] = [{ state: 'empty', path: sample.path, storage: {} }];
  if (!customer) return visits;
  visits.push({ state: 'cart', path: sample.path, storage: customer.storage });
  const ownOrder = sample.path === '/orders/view/' && customer.orderUuid ? `/orders/${customer.orderUuid}` : sample.path;
  visits.push({ state: 'cart, logged in', path: ownOrder, storage: { ...customer.storage, [TOKEN_KEY]: customer.token } });
  return visits;
}

/**
 * (b) HTML size and the JavaScript fetched until the page is idle, in a fresh browser context: after
 * network idle, until no script has arrived for SETTLE_QUIET_MS (the lazy app bar wakes at idle).
 */
export async function measurePages(base: string, samples: Sample[]): Promise<PageFigures[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
  let customer: CustomerState | null = null;
  try {
    customer = await customerState(base);
  } catch (error) {
    console.log(`  [js] the customer's state could not be prepared, booking screens measured empty only: ${(error as Error).message}`);
  }
  try {
    const figures: PageFigures[] = [];
    for (const sample of samples) for (const visit of visitsOf(sample, customer)) {
      let res = await withTimeout(fetch(base + visit.path), PAGE_TIMEOUT_MS, `GET ${visit.path}`);
      if (res.status !== 200) {
        await waitForPages(base, samples); // dist/ was being rebuilt elsewhere
        res = await withTimeout(fetch(base + visit.path), PAGE_TIMEOUT_MS, `GET ${visit.path}`);
      }
      const html = Buffer.from(await res.arrayBuffer());
      // An Italian browser: the navigation script sends other languages from / to /en/ or /fr/.
      const context = await browser.newContext({ locale: 'it-IT' });
      // The stores read localStorage when their module loads: set it before any script runs.
      if (Object.keys(visit.storage).length) {
        await context.addInitScript((entries) => {
          for (const [key, value] of entries) localStorage.setItem(key, value);
        }, Object.entries(visit.storage));
      }
      const page = await context.newPage();
      let lastScriptAt = Date.now();
      const scripts: Promise<{ url: string; gzip: number }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        lastScriptAt = Date.now();
        const url = new URL(response.url()).pathname;
        scripts.push(
          response.body().then(
            (body) => ({ url, gzip: gzipSize(body) }),
            () => ({ url, gzip: 0 }),
          ),
        );
      });
      await page.goto(base + visit.path, { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
      const settleBy = Date.now() + SETTLE_MAX_MS;
      while (Date.now() - lastScriptAt < SETTLE_QUIET_MS && Date.now() < settleBy) await page.waitForTimeout(200);
      const loaded = await Promise.all(scripts);
      const sizes = loaded.map((l) => l.gzip);
      // BENCH_SITE_ALL_FILES=1 lists every script fetched, to find where a state's bytes are.
      const biggest = loaded.sort((a, b) => b.gzip - a.gzip).slice(0, LIST_ALL_FILES ? undefined : 5);
      const label = visit.state ? `${visit.path} (${visit.state})` : visit.path;
      if (biggest.length) console.log(`  [js] ${label}: ${biggest.map((l) => `${l.url.replace(/^\/_astro\//, '')} ${kb(l.gzip)}`).join(', ')}${loaded.length > biggest.length ? ', …' : ''}`);
      const inline = inlineScripts(html.toString('utf8'));
      await context.close();
      figures.push({
        type: sample.type,
        path: visit.path,
        state: visit.state,
        jsBudgetKb: sample.jsBudgetKb,
        status: res.status,
        htmlBytes: html.length,
        htmlGzip: gzipSize(html),
        jsFiles: sizes.length,
        jsGzip: sizes.reduce((a, b) => a + b, 0),
        inlineJsGzip: inline ? gzipSize(inline) : 0,
      });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
