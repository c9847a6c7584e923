// Deterministic JavaScript size of the screens ("CI enforces the promises"): for each
// page, the scripts its HTML references (module scripts, every island's component and renderer,
// inline scripts) and everything they import statically, gzipped and summed, against the budgets
// of bench/budgets.ts. Dynamic imports (lazy chunks: dialogs, the order confirmation) are not
// counted, they load only when used, with one exception: the page's locale messages
// (src/i18n/client.ts imports `<locale>.<hash>.js` dynamically, and every island needs it before
// its first render), counted with what it imports: the chunk holding exactly the page's list (a
// customer's page: the one its `<body data-messages>` names, src/i18n/customer-messages.ts); on a
// kiosk, with the small module that picks the page's messages (src/i18n/kiosk-messages.ts). This is the state a customer is in once every
// island on the page woke up (dates chosen, items in the cart, the app bar awake), without a
// browser or a clock.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectRoot, siteDir, useBuiltSite } from './dist';
import { BOOKING_SCREEN_JS_GZIP_KB, KIOSK_SCREEN_JS_GZIP_KB, STATIC_PAGE_BUDGET } from '~bench/budgets';
import { CUSTOMER_PAGE_SECTIONS, KIOSK_PAGE_SECTIONS, pickIslandSections } from '~/i18n/islands-messages-plugin.mjs';
import { kioskPageName } from '~/i18n/kiosk-messages';
import { customerPageMessages } from '~/i18n/customer-messages';
import { LAZY_WAITS } from '~/scripts/client-lazy';

useBuiltSite();

const KB = 1024;
const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** Islands that hydrate at once; `lazy` (idle), `visible` and `media` ones wait. */
const EAGER_DIRECTIVES = new Set(['load', 'only']);

/** The directive's value of an island (`client:lazy="kiosk"` → 'kiosk'), from Astro's `opts` attribute. */
function directiveValue(island: string): unknown {
  const opts = /\bopts="([^"]*)"/.exec(island)?.[1];
  return opts ? (JSON.parse(opts.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { value?: unknown }).value : undefined;
}

/**
 * Site paths of the scripts a page starts from, and its inline script code. `beforeIdle`: only the
 * islands that hydrate at once (what a static page's budget is about); otherwise every island a
 * device of the page's kind wakes: `client:lazy="kiosk"` ones only on a kiosk page.
 */
function entryScripts(html: string, beforeIdle: boolean, kioskPage = false): { urls: string[]; inline: string } {
  const urls = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src!);
  for (const [island] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const directive = /\bclient="([^"]+)"/.exec(island)?.[1] ?? 'load';
    if (beforeIdle && !EAGER_DIRECTIVES.has(directive)) continue;
    if (directive === 'lazy' && directiveValue(island) === LAZY_WAITS.kiosk && !kioskPage) continue;
    for (const [, url] of island.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)) urls.add(url!);
  }
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/application\/(ld\+)?json/.test(attrs!))
    .map(([, , code]) => code)
    .join('\n');
  return { urls: [...urls].filter((u) => u.endsWith('.js')), inline };
}

/** Specifiers a minified module imports statically (`import … from "x"`, `import "x"`, `export … from "x"`). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const [, spec] of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) found.add(spec!);
  return [...found];
}

/** Specifiers a minified module imports dynamically (`import("x")`). */
function dynamicImports(code: string): string[] {
  return [...new Set([...code.matchAll(/\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map(([, spec]) => spec!))];
}

/** The locale messages chunk of a page in `lang` (Vite names it after i18n/<lang>.json). */
const isMessagesChunk = (url: string, lang: string) => new RegExp(`/${lang}\\.[\\w-]+\\.js$`).test(url);

/** A lazy view the screen's address shows at once (Vite names its chunk after the module): counted with what it imports. */
const isViewChunk = (url: string, views: readonly string[]) => views.some((view) => new RegExp(`/${view}\\.[\\w-]+\\.js$`).test(url));

/** The chunk of src/i18n/kiosk-messages.ts (Vite names it after the module). */
const isKioskMessagesModule = (url: string) => /\/kiosk-messages\.[\w-]+\.js$/.test(url);

/**
 * The island messages of the page at `pagePath` in `lang`: a kiosk page's (`?kiosk-page=<name>`), or
 * the list a customer's page names on `<body data-messages>` (`?customer-page=<name>`).
 */
function pageMessages(html: string, pagePath: string, lang: string): { kiosk: boolean; messages: Record<string, unknown> } {
  const all = JSON.parse(readFileSync(path.join(projectRoot, 'i18n', `${lang}.json`), 'utf8')) as Record<string, unknown>;
  const kioskPage = kioskPageName(pagePath);
  if (kioskPage) return { kiosk: true, messages: pickIslandSections(all, KIOSK_PAGE_SECTIONS[kioskPage]!) };
  const named = /<body\b[^>]*\bdata-messages="([^"]+)"/.exec(html)?.[1];
  return { kiosk: false, messages: pickIslandSections(all, CUSTOMER_PAGE_SECTIONS[customerPageMessages(named)]) };
}

/** The chunk among `urls` whose messages are exactly `own`, with its gzip size. */
async function ownMessagesChunk(root: string, urls: Iterable<string>, own: Record<string, unknown>): Promise<{ url: string; bytes: number } | undefined> {
  for (const url of urls) {
    const { default: messages } = (await import(pathToFileURL(path.join(root, url)).href)) as { default: unknown };
    if (isDeepStrictEqual(messages, own)) return { url, bytes: gzip(readFileSync(path.join(root, url))) };
  }
  return undefined;
}

/**
 * Gzip bytes of a page's script graph. `withMessages`: also the page's locale messages chunk, which
 * the islands import dynamically but always load (`messages`: its site path, when found): the chunk
 * whose messages are exactly the page's list, so a list that grows counts here. A customer's page
 * imports its chunk from src/i18n/customer-messages.ts (in the graph); a kiosk page (/totem/…)
 * through src/i18n/kiosk-messages.ts, counted with it.
 */
async function scriptGraphGzip(root: string, pagePath: string, beforeIdle: boolean, withMessages = false, views: readonly string[] = []): Promise<{ bytes: number; files: string[]; messages?: string }> {
  const html = readFileSync(path.join(root, pagePath, 'index.html'), 'utf8');
  const lang = /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? 'it';
  const { urls, inline } = entryScripts(html, beforeIdle, kioskPageName(pagePath) !== null);
  const seen = new Set<string>();
  const queue = urls.map((u) => new URL(u, 'https://site.test' + pagePath).pathname);
  let bytes = inline ? gzip(inline) : 0;
  const candidates = new Set<string>();
  let kioskModule: { url: string; code: string } | undefined;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(path.join(root, url)).toString('utf8');
    bytes += gzip(code);
    const resolve = (spec: string) => new URL(spec, 'https://site.test' + url).pathname;
    for (const spec of staticImports(code)) {
      if (spec.startsWith('.') || spec.startsWith('/')) queue.push(resolve(spec));
    }
    for (const spec of dynamicImports(code)) {
      if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
      const url = resolve(spec);
      if (isViewChunk(url, views)) queue.push(url);
      if (!withMessages) continue;
      if (isMessagesChunk(url, lang)) candidates.add(url);
      if (isKioskMessagesModule(url)) kioskModule = { url, code: readFileSync(path.join(root, url), 'utf8') };
    }
  }
  if (!withMessages) return { bytes, files: [...seen] };
  const own = pageMessages(html, pagePath, lang);
  if (own.kiosk) {
    // Plain data modules: each imports nothing, so the page's adds only its own size.
    if (!kioskModule) return { bytes, files: [...seen] };
    const resolve = (spec: string) => new URL(spec, 'https://site.test' + kioskModule!.url).pathname;
    const chunk = await ownMessagesChunk(root, dynamicImports(kioskModule.code).map(resolve).filter((u) => isMessagesChunk(u, lang)), own.messages);
    if (!chunk) return { bytes, files: [...seen] };
    return { bytes: bytes + gzip(kioskModule.code) + chunk.bytes, files: [...seen, kioskModule.url, chunk.url], messages: chunk.url };
  }
  const chunk = await ownMessagesChunk(root, candidates, own.messages);
  if (!chunk) return { bytes, files: [...seen] };
  return { bytes: bytes + chunk.bytes, files: [...seen, chunk.url], messages: chunk.url };
}

const SHOP = 'sport-noleggio-sestriere';
const STATIC_PAGES = [
  { name: 'home', path: '/' },
  { name: 'category×town', path: '/sci/sestriere/' },
  { name: 'shop', path: `/noleggio/${SHOP}/` },
  { name: 'trail', path: '/sentiero/monte-sises-da-sestriere/' },
];
const booking = (name: string) => ({ name, budgetKb: BOOKING_SCREEN_JS_GZIP_KB });
/**
 * Screens that need their islands: counted with every island awake. `views`: the lazy views the
 * screen's address shows at once (the cash desk's shell serves its list and every order's page).
 */
const SCREENS: { name: string; path: string; budgetKb: number; views?: string[]; messages?: string }[] = [
  { ...booking('booking page'), path: `/prenota/${SHOP}/`, messages: 'booking' },
  { ...booking('calendar'), path: `/prenota/${SHOP}/calendar/`, messages: 'calendar' },
  { ...booking('checkout'), path: `/prenota/${SHOP}/order/`, messages: 'checkout' },
  { ...booking('order'), path: '/orders/view/', messages: 'order' },
  { ...booking('orders list'), path: '/orders/', messages: 'orders' },
  // A guest gets the login sheet by itself there (route rules, spec §2): its chunk counts.
  ...['/orders/', '/en/orders/', '/fr/orders/'].map((ordersPath) => ({ ...booking('orders list, guest'), path: ordersPath, views: ['LoginDialog'], messages: 'orders' })),
  { name: 'kiosk cash desk', path: '/totem/cash-desk/', budgetKb: KIOSK_SCREEN_JS_GZIP_KB, views: ['CashDeskSearch'] },
  { name: "kiosk cash desk's order", path: '/totem/cash-desk/', budgetKb: KIOSK_SCREEN_JS_GZIP_KB, views: ['CashDeskOrder'] },
  { name: 'kiosk delivery', path: '/totem/delivery/', budgetKb: KIOSK_SCREEN_JS_GZIP_KB },
  { name: 'kiosk pickup', path: '/totem/pickup/', budgetKb: KIOSK_SCREEN_JS_GZIP_KB },
  { name: 'kiosk inventory', path: '/totem/inventory/', budgetKb: KIOSK_SCREEN_JS_GZIP_KB },
  { name: 'kiosk board', path: '/totem/board/', budgetKb: KIOSK_SCREEN_JS_GZIP_KB },
];

describe('script graph size', () => {
  it('reads static imports, not dynamic ones', () => {
    expect(staticImports('import{a as b}from"./x.js";import"./y.js";export{c}from"./z.js";const d=()=>import("./lazy.js")')).toEqual([
      './x.js',
      './y.js',
      './z.js',
    ]);
  });

  it.each(STATIC_PAGES)('static page $name ($path): JavaScript before idle within budget', async ({ path: pagePath }) => {
    const { bytes, files } = await scriptGraphGzip(siteDir(), pagePath, true);
    console.log(`[size] ${pagePath} before idle: ${(bytes / KB).toFixed(1)} KB gzip in ${files.length} files (budget ${STATIC_PAGE_BUDGET.jsGzipKb})`);
    expect(bytes / KB).toBeLessThanOrEqual(STATIC_PAGE_BUDGET.jsGzipKb);
  });

  it('reads dynamic imports, and knows a locale messages chunk by its name', () => {
    expect(dynamicImports('const a=()=>import("./it.D1x.js"),b=()=>import( "./Dialog.Ab-c.js" );import"./y.js"')).toEqual(['./it.D1x.js', './Dialog.Ab-c.js']);
    // Rolldown's minifier writes the specifier as a template literal.
    expect(dynamicImports('const a=()=>import(`./it.D1x.js`)')).toEqual(['./it.D1x.js']);
    expect(isMessagesChunk('/_astro/it.DTwXo1Ax.js', 'it')).toBe(true);
    expect(isMessagesChunk('/_astro/it.DTwXo1Ax.js', 'en')).toBe(false);
    expect(isMessagesChunk('/_astro/edit.DTwXo1Ax.js', 'it')).toBe(false);
  });

  it.each(SCREENS)('$name ($path) stays within $budgetKb KB gzip', async ({ path: pagePath, budgetKb, views, messages: list }) => {
    // A booking screen names its own messages: without the name it would load, and be measured with, the layout's alone.
    if (list) expect(/<body\b[^>]*\bdata-messages="([^"]+)"/.exec(readFileSync(path.join(siteDir(), pagePath, 'index.html'), 'utf8'))?.[1]).toBe(list);
    const { bytes, files, messages } = await scriptGraphGzip(siteDir(), pagePath, false, true, views);
    // A named view missing from the graph would measure the shell alone.
    for (const view of views ?? []) expect(files.some((file) => isViewChunk(file, [view])), `the ${view} chunk was not found`).toBe(true);
    console.log(`[size] ${pagePath}: ${(bytes / KB).toFixed(1)} KB gzip in ${files.length} files, messages included (budget ${budgetKb})`);
    // Every screen's islands translate: a graph without the messages chunk means the pattern broke.
    expect(messages, 'the locale messages chunk was not found in the graph').toBeDefined();
    expect(bytes / KB).toBeLessThanOrEqual(budgetKb);
  });
});

/**
 * react-hook-form (12.7 KB gzip) is fetched on the first use of the checkout's form and of the login
 * sheet's (components/ui/useLoadOnFirstUse.ts), never with the screen: neither graph holds its
 * chunk (Vite names it after react-hook-form's dist/index.esm.mjs), while the graph with the form's
 * live module does, so a renamed chunk fails here rather than passing unseen.
 */
describe('react-hook-form waits for the first use of a form', () => {
  const isFormLibrary = (file: string) => /\/index\.esm\.[\w-]+\.js$/.test(file);
  const FORMS = [
    { name: 'checkout', path: `/prenota/${SHOP}/order/`, views: [], live: ['CheckoutLive'] },
    { name: 'login sheet', path: '/orders/', views: ['LoginDialog'], live: ['LoginLive'] },
  ];

  it.each(FORMS)("the $name's screen does not load it; its live module does", async ({ path: pagePath, views, live }) => {
    const shown = await scriptGraphGzip(siteDir(), pagePath, false, true, views);
    for (const view of views) expect(shown.files.some((file) => isViewChunk(file, [view])), `the ${view} chunk was not found`).toBe(true);
    expect(shown.files.filter(isFormLibrary)).toEqual([]);
    const used = await scriptGraphGzip(siteDir(), pagePath, false, true, [...views, ...live]);
    expect(used.files.filter(isFormLibrary), 'react-hook-form was not found with the live module').toHaveLength(1);
    console.log(`[size] ${pagePath}, the ${live[0]} form once used: ${((used.bytes - shown.bytes) / KB).toFixed(1)} KB gzip more`);
  });
});

/**
 * The kiosk's service worker (src/features/kiosk/offline) is registered through workbox-window,
 * fetched by the kiosk's page rules (scripts/kiosk-page.ts, itself fetched only on a kiosk) when the
 * device is paired: no customer page's scripts, awake or lazy-loaded messages included, hold it.
 */
describe('the kiosk service worker stays on kiosks', () => {
  const CUSTOMER_PAGES = [...STATIC_PAGES, ...SCREENS.filter((screen) => !screen.path.startsWith('/totem/'))];
  // Every Workbox module marks itself (`self["workbox:window:7.4.1"]`): found in the minified chunk.
  const WORKBOX_WINDOW = 'workbox:window:';

  it.each(CUSTOMER_PAGES)('$name ($path) loads no registration nor workbox-window', async ({ path: pagePath }) => {
    const root = siteDir();
    const chunks = readdirSync(path.join(root, '_astro')).filter((file) => file.endsWith('.js'));
    const code = (file: string) => readFileSync(path.join(root, '_astro', file), 'utf8');
    const registration = chunks.filter((file) => code(file).includes(WORKBOX_WINDOW));
    expect(registration, 'the registration chunk was not found: the test would prove nothing').not.toEqual([]);
    // Who imports it (statically or not): only the kiosk's page rules.
    const importers = chunks.filter((file) => registration.some((r) => [...staticImports(code(file)), ...dynamicImports(code(file))].some((spec) => spec.endsWith(`/${r}`))));
    expect(importers.map((file) => file.split('.')[0])).toEqual(['kiosk-page']);

    const { files } = await scriptGraphGzip(root, pagePath, false, true);
    const loaded = files.map((file) => path.basename(file));
    expect(loaded.filter((file) => registration.includes(file) || importers.includes(file))).toEqual([]);
  });
});

