// `npm run bench:site`: the static SEO site.
// (a) `astro build` once, cold, timed by bench/build.ts (its result reused when `npm run bench` has
//     just built), and the number of pages built;
// (b) per page type (home, category×town, shop, trail, and the booking screens: booking page,
//     calendar, checkout, order, orders list): HTML size raw and gzip, and the JavaScript fetched
//     until the page is idle (every script response until network idle, gzipped here with zlib),
//     measured with Playwright on the site served by the real `npm start` entry (SKIP_BUILD=1,
//     fresh data folder, loopback only). The booking screens are measured three times:
//     on an empty visit, and in the customer's real state — dates chosen and a product in the cart
//     (so the lazy app bar wakes at idle), as a guest and logged in as the demo customer — set in
//     localStorage before the page loads, as the stores persist it; each visit prints its five
//     largest scripts (BENCH_SITE_ALL_FILES=1: every one, to find where a state's bytes are);
// (c) Lighthouse 12 (default config = mobile preset, simulated throttling) on home, category×town,
//     shop, trail, booking page, calendar and checkout: performance, accessibility, best practices,
//     SEO; median of 3 runs.
// Every step is bounded in time. Targets: Lighthouse 100 on the static pages and ≥ 99 performance
// on the booking screens, ≤ 15 KB gzip JS before idle on static pages, ≤ 120 KB on booking
// screens in every state, ≤ 25 KB gzip HTML (1 KB = 1024 bytes).
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadSeoData } from '../seo-data/schema';
import { seasonWindowOf } from '../src/domain/calendar-season';
import { addDays, DateModes, todayInRome } from '../src/domain/dates';
import { isInSeason, nextOpening, type SeasonDays } from '../src/domain/season';
import { CART_KEY } from '../src/stores/cart';
import { CONFIGURATION_KEY } from '../src/stores/keys';
import { TOKEN_KEY } from '../src/stores/session';
import { projectRoot } from '../server/db/client';
import { startProduct } from '../tests/support/process';
import { freePort } from '../tests/support/free-port';
import { BOOKING_SCREEN_JS_GZIP_KB, STATIC_PAGE_BUDGET } from './budgets';
import { buildOurs, type BuildRun } from './build';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PAGE_TIMEOUT_MS = 30_000;
const LIGHTHOUSE_TIMEOUT_MS = 120_000;
/** Lighthouse runs per page; the table shows the median (`BENCH_LIGHTHOUSE_RUNS` to change). */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const LIST_ALL_FILES = process.env.BENCH_SITE_ALL_FILES === '1';
/** BENCH_SITE_LIGHTHOUSE=0: sizes only, for a quick look at where a page's bytes are. */
const RUN_LIGHTHOUSE = process.env.BENCH_SITE_LIGHTHOUSE !== '0';
const TARGET = { ...STATIC_PAGE_BUDGET, lighthouse: 100 };
/** Lighthouse performance the booking screens must reach; their other categories: 100. */
const BOOKING_PERFORMANCE_TARGET = 99;
/** The demo customer of the seed (server/README.md "Demo data"). */
const DEMO_CUSTOMER = { username: 'mario.rossi@example.com', password: 'Demo-2026!' };
/** After network idle, how long no new script may arrive before the page counts as settled. */
const SETTLE_QUIET_MS = 1_000;
const SETTLE_MAX_MS = 10_000;
/** The booking screens need their islands at once: their own budget, JS in total. */
const BOOKING_JS_GZIP_KB = BOOKING_SCREEN_JS_GZIP_KB;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

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

export interface SiteBenchResult {
  buildSeconds: number;
  pagesBuilt: number;
  htmlFiles: number;
  pages: PageFigures[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (body: Buffer | string) => gzipSync(body).length;

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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

function countHtml(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) n += countHtml(path.join(dir, entry.name));
    else if (entry.name.endsWith('.html')) n++;
  return n;
}


interface Sample {
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
function samplePages(): Sample[] {
  const { shops, trails } = loadSeoData();
  const shop = shops.find((s) => s.slug === BENCH_SHOP) ?? shops[0]!;
  const trail = trails[0]!;
  const booking = { jsBudgetKb: BOOKING_JS_GZIP_KB, booking: true };
  return [
    { type: 'home', path: '/', lighthouse: true, jsBudgetKb: TARGET.jsGzipKb },
    { type: 'category×town', path: `/${shop.sports[0]}/${shop.town}/`, lighthouse: true, jsBudgetKb: TARGET.jsGzipKb },
    { type: 'shop', path: `/noleggio/${shop.slug}/`, lighthouse: true, jsBudgetKb: TARGET.jsGzipKb },
    { type: 'trail', path: `/sentiero/${trail.slug}/`, lighthouse: true, jsBudgetKb: TARGET.jsGzipKb },
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
async function waitForPages(base: string, samples: Sample[]): Promise<void> {
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
async function measurePages(base: string, samples: Sample[]): Promise<PageFigures[]> {
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

interface LighthouseRun {
  scores: Partial<Record<Category, number>>;
  /** Per category below 100: the weighted audits that failed, with their first offending nodes. */
  notes: string[];
}

/** (c) Lighthouse scores (0–100) of one URL in an already launched Chromium. */
/** The audit a page kept out of search engines fails by design. */
const CRAWLABLE_AUDIT = 'is-crawlable';

async function lighthouseRun(url: string, port: number, noindex: boolean): Promise<LighthouseRun> {
  const result = await withTimeout(
    lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }),
    LIGHTHOUSE_TIMEOUT_MS,
    `Lighthouse ${url}`,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
  const scores: Partial<Record<Category, number>> = {};
  for (const c of CATEGORIES) {
    const score = result.lhr.categories[c]?.score;
    if (typeof score === 'number') scores[c] = Math.round(score * 100);
  }
  const notes: string[] = [];
  if (noindex) {
    // Lighthouse's category score is the weighted mean of its audits: the same without this one.
    const refs = (result.lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && ref.id !== CRAWLABLE_AUDIT);
    const scored = refs.map((ref) => ({ weight: ref.weight, score: result.lhr.audits[ref.id]?.score })).filter((r) => typeof r.score === 'number');
    const weights = scored.reduce((sum, r) => sum + r.weight, 0);
    if (weights > 0) scores.seo = Math.round((scored.reduce((sum, r) => sum + r.weight * r.score!, 0) / weights) * 100);
    // A page that should be noindex and is not fails the category outright.
    if (result.lhr.audits[CRAWLABLE_AUDIT]?.score === 1) {
      scores.seo = 0;
      notes.push('seo 0: the page is indexable although it should be noindex');
    }
  }
  for (const c of CATEGORIES) {
    if ((scores[c] ?? 100) >= 100 || (noindex && c === 'seo' && scores.seo === 0)) continue;
    const failing = (result.lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && !(noindex && c === 'seo' && ref.id === CRAWLABLE_AUDIT))
      .map((ref) => result.lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => {
        const items = ((a.details as { items?: { node?: { snippet?: string }; description?: string; url?: string }[] } | undefined)?.items ?? [])
          .map((item) => item.node?.snippet ?? (item.description ? `"${item.description.slice(0, 160)}"` : item.url))
          .filter(Boolean)
          .slice(0, 3);
        return `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}${items.length ? ` on ${items.join(' ')}` : ''}`;
      });
    notes.push(`${c} ${scores[c]}: ${failing.join(', ') || 'no weighted audit below 1'}`);
  }
  return { scores, notes };
}

/**
 * The median of LIGHTHOUSE_RUNS runs per category (performance varies from run to run on a busy
 * machine; the others do not), and the notes of the run with the median performance.
 */
async function lighthouseScores(url: string, port: number, noindex: boolean): Promise<Partial<Record<Category, number>>> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(url, port, noindex));
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const scores: Partial<Record<Category, number>> = {};
  for (const c of CATEGORIES) {
    const values = runs.map((r) => r.scores[c]).filter((v): v is number => v !== undefined);
    if (values.length) scores[c] = median(values);
  }
  const perf = runs.map((r) => r.scores.performance ?? 0);
  const medianRun = runs[perf.indexOf(median([...perf]))]!;
  const spread = runs.length > 1 ? ` (performance over ${runs.length} runs: ${perf.join(', ')})` : '';
  console.log(`  [lighthouse] ${new URL(url).pathname}${spread}${medianRun.notes.length ? '' : ': 100 everywhere in the median run'}`);
  for (const note of medianRun.notes) console.log(`      ${note}`);
  return scores;
}

async function runLighthouse(base: string, figures: PageFigures[], samples: Sample[]) {
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await withTimeout(chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS }), 30_000, 'launching Chromium for Lighthouse');
  } catch (error) {
    for (const f of figures) if (samples.find((s) => s.path === f.path)?.lighthouse && (!f.state || f.state === 'empty')) f.lighthouse = { error: (error as Error).message };
    return;
  }
  try {
    for (const f of figures) {
      // Once per page: Lighthouse starts from empty storage, the empty visit's figures hold it.
      const sample = samples.find((s) => s.path === f.path);
      if (!sample?.lighthouse || (f.state && f.state !== 'empty')) continue;
      const noindex = sample.noindex ?? false;
      try {
        f.lighthouse = await lighthouseScores(base + f.path, chrome.port, noindex);
      } catch (error) {
        // A rebuild of dist/ elsewhere can remove the page for a moment: wait for it, retry once.
        try {
          await waitForPages(base, samples);
          f.lighthouse = await lighthouseScores(base + f.path, chrome.port, noindex);
        } catch {
          f.lighthouse = { error: (error as Error).message };
        }
      }
    }
  } finally {
    chrome.kill();
  }
}

function printTable(result: SiteBenchResult): void {
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  console.log(`\nStatic site: astro build ${result.buildSeconds.toFixed(1)} s, ${result.pagesBuilt} pages built (${result.htmlFiles} HTML files in dist/)`);
  console.log(
    `Targets: HTML ≤ ${TARGET.htmlGzipKb} KB gzip, JS ≤ ${TARGET.jsGzipKb} KB gzip before idle on static pages and ≤ ${BOOKING_JS_GZIP_KB} KB on booking screens in every state, Lighthouse (mobile) ${TARGET.lighthouse} (booking screens: performance ≥ ${BOOKING_PERFORMANCE_TARGET}) (1 KB = 1024 B)`,
  );
  console.log('JS = script responses until the page is idle (each gzipped) + the inline scripts of the HTML (gzipped together)\n');
  console.log(
    '| page type | state | path | HTML KB | HTML gzip KB | JS, gzip KB (files) | of which inline in the HTML | LH perf | LH a11y | LH best practices | LH SEO |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const p of result.pages) {
    const lh = p.lighthouse;
    const target = (c: Category) => (p.state && c === 'performance' ? BOOKING_PERFORMANCE_TARGET : TARGET.lighthouse);
    const cells =
      lh === undefined
        ? ['—', '—', '—', '—']
        : 'error' in lh
          ? ['n/a', 'n/a', 'n/a', 'n/a']
          : CATEGORIES.map((c) => (lh[c] === undefined ? 'n/a' : `${lh[c]} ${mark(lh[c]! >= target(c))}`));
    const status = p.status === 200 ? '' : ` (HTTP ${p.status})`;
    console.log(
      `| ${p.type} | ${p.state ?? '—'} | \`${p.path}\`${status} | ${kb(p.htmlBytes)} | ${kb(p.htmlGzip)} ${mark(p.htmlGzip <= TARGET.htmlGzipKb * 1024)} | ` +
        `${kb(p.jsGzip + p.inlineJsGzip)} (${p.jsFiles}) ${mark(p.jsGzip + p.inlineJsGzip <= p.jsBudgetKb * 1024)} | ${kb(p.inlineJsGzip)} | ${cells.join(' | ')} |`,
    );
  }
  for (const p of result.pages)
    if (p.lighthouse && 'error' in p.lighthouse) console.log(`\nLighthouse could not run on ${p.path}: ${p.lighthouse.error}`);
}

/** `build`: our last build when `npm run bench` has just measured it (bench/build.ts), else one is made here. */
export async function benchSite(build?: BuildRun): Promise<SiteBenchResult> {
  if (!build) console.log('[bench:site] astro build…');
  const { seconds, pagesBuilt } = build ?? (await buildOurs());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-site-'));
  const port = await freePort();
  console.log(`[bench:site] serving dist/ on 127.0.0.1:${port}…`);
  const starting = startProduct(dataDir, port, { HOST: '127.0.0.1' });
  let server: Awaited<typeof starting>;
  try {
    server = await withTimeout(starting, 120_000, 'starting the server');
  } catch (error) {
    void starting.then((late) => late.child.kill('SIGTERM')).catch(() => {}); // started too late: stop it
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const base = `http://127.0.0.1:${port}`;
  try {
    const samples = samplePages();
    await waitForPages(base, samples);
    console.log('[bench:site] HTML and JavaScript per page type…');
    const pages = await measurePages(base, samples);
    if (RUN_LIGHTHOUSE) {
      console.log('[bench:site] Lighthouse…');
      await runLighthouse(base, pages, samples);
    }
    const result = { buildSeconds: seconds, pagesBuilt, htmlFiles: countHtml(path.join(projectRoot, 'dist')), pages };
    printTable(result);
    if (server.child.exitCode !== null)
      console.log(`\nThe server exited during the run (code ${server.child.exitCode}):\n${server.output().split('\n').slice(-30).join('\n')}`);
    return result;
  } finally {
    server.child.kill('SIGTERM');
    await withTimeout(server.exited, 15_000, 'stopping the server').catch(() => server.child.kill('SIGKILL'));
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSite();
