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
// The pages and their sizes: ./site-pages.ts; Lighthouse: ./site-lighthouse.ts.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../server/db/client';
import { startProduct } from '../tests/support/process';
import { freePort } from '../tests/support/free-port';
import { STATIC_PAGE_BUDGET } from './budgets';
import { buildOurs, type BuildRun } from './build';
import { BOOKING_JS_GZIP_KB, CATEGORIES, kb, measurePages, samplePages, waitForPages, withTimeout, type Category, type PageFigures } from './site-pages';
import { runLighthouse } from './site-lighthouse';

/** BENCH_SITE_LIGHTHOUSE=0: sizes only, for a quick look at where a page's bytes are. */
const RUN_LIGHTHOUSE = process.env.BENCH_SITE_LIGHTHOUSE !== '0';
const TARGET = { ...STATIC_PAGE_BUDGET, lighthouse: 100 };
/** Lighthouse performance the booking screens must reach; their other categories: 100. */
const BOOKING_PERFORMANCE_TARGET = 99;

export interface SiteBenchResult {
  buildSeconds: number;
  pagesBuilt: number;
  htmlFiles: number;
  pages: PageFigures[];
}

function countHtml(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) n += countHtml(path.join(dir, entry.name));
    else if (entry.name.endsWith('.html')) n++;
  return n;
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
