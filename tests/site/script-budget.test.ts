// Deterministic JavaScript size of the screens (issue #18 "CI enforces the promises"): for each
// page, the scripts its HTML references (module scripts, every island's component and renderer,
// inline scripts) and everything they import statically, gzipped and summed, against the budgets
// of bench/budgets.ts. Dynamic imports (lazy chunks) are not counted: they load only when used.
// This is the state a customer is in once every island on the page woke up (dates chosen, items
// in the cart, the app bar awake), without a browser or a clock.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { siteDir, useBuiltSite } from './dist';
import { BOOKING_SCREEN_GRAPH_GZIP_KB, KIOSK_SCREEN_JS_GZIP_KB, STATIC_PAGE_BUDGET } from '../../bench/budgets';

useBuiltSite();

const KB = 1024;
const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** Islands that hydrate at once; `lazy` (idle), `visible` and `media` ones wait. */
const EAGER_DIRECTIVES = new Set(['load', 'only']);

/**
 * Site paths of the scripts a page starts from, and its inline script code. `beforeIdle`: only the
 * islands that hydrate at once (what a static page's budget is about); otherwise every island.
 */
function entryScripts(html: string, beforeIdle: boolean): { urls: string[]; inline: string } {
  const urls = new Set<string>();
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src!);
  for (const [island] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const directive = /\bclient="([^"]+)"/.exec(island)?.[1] ?? 'load';
    if (beforeIdle && !EAGER_DIRECTIVES.has(directive)) continue;
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

/** Gzip bytes of a page's script graph. */
function scriptGraphGzip(root: string, pagePath: string, beforeIdle: boolean): { bytes: number; files: string[] } {
  const html = readFileSync(path.join(root, pagePath, 'index.html'), 'utf8');
  const { urls, inline } = entryScripts(html, beforeIdle);
  const seen = new Set<string>();
  const queue = urls.map((u) => new URL(u, 'https://site.test' + pagePath).pathname);
  let bytes = inline ? gzip(inline) : 0;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(path.join(root, url));
    bytes += gzip(code);
    for (const spec of staticImports(code.toString('utf8'))) {
      if (spec.startsWith('.') || spec.startsWith('/')) queue.push(new URL(spec, 'https://site.test' + url).pathname);
    }
  }
  return { bytes, files: [...seen] };
}

const SHOP = 'sport-noleggio-sestriere';
const STATIC_PAGES = [
  { name: 'home', path: '/' },
  { name: 'category×town', path: '/sci/sestriere/' },
  { name: 'shop', path: `/noleggio/${SHOP}/` },
  { name: 'trail', path: '/sentiero/monte-sises-da-sestriere/' },
];
/** Screens that need their islands: counted with every island awake. */
const SCREENS: { name: string; path: string; budgetKb: number }[] = [
  { name: 'booking page', path: `/prenota/${SHOP}/`, budgetKb: BOOKING_SCREEN_GRAPH_GZIP_KB },
  { name: 'calendar', path: `/prenota/${SHOP}/calendar/`, budgetKb: BOOKING_SCREEN_GRAPH_GZIP_KB },
  { name: 'checkout', path: `/prenota/${SHOP}/order/`, budgetKb: BOOKING_SCREEN_GRAPH_GZIP_KB },
  { name: 'order', path: '/orders/view/', budgetKb: BOOKING_SCREEN_GRAPH_GZIP_KB },
  { name: 'orders list', path: '/orders/', budgetKb: BOOKING_SCREEN_GRAPH_GZIP_KB },
  { name: 'kiosk cash desk', path: '/totem/cash-desk/', budgetKb: KIOSK_SCREEN_JS_GZIP_KB },
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

  it.each(STATIC_PAGES)('static page $name ($path): JavaScript before idle within budget', ({ path: pagePath }) => {
    const { bytes, files } = scriptGraphGzip(siteDir(), pagePath, true);
    console.log(`[size] ${pagePath} before idle: ${(bytes / KB).toFixed(1)} KB gzip in ${files.length} files (budget ${STATIC_PAGE_BUDGET.jsGzipKb})`);
    expect(bytes / KB).toBeLessThanOrEqual(STATIC_PAGE_BUDGET.jsGzipKb);
  });

  it.each(SCREENS)('$name ($path) stays within $budgetKb KB gzip', ({ path: pagePath, budgetKb }) => {
    const { bytes, files } = scriptGraphGzip(siteDir(), pagePath, false);
    console.log(`[size] ${pagePath}: ${(bytes / KB).toFixed(1)} KB gzip in ${files.length} files (budget ${budgetKb})`);
    expect(bytes / KB).toBeLessThanOrEqual(budgetKb);
  });
});
