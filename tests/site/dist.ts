// Shared helper of the built-site tests (tests/site/*.test.ts): builds dist/ once when it is missing
// or stale, and reads every built page into a small model (head tags, links, JSON-LD) with regular
// expressions: the pages are Astro output, so the head is regular and a full DOM is not needed.
//
// The tests read a private copy of dist/ taken right after that check: people working in the same
// checkout rebuild dist/ (which empties it for several seconds), and a test run must not see that.
//
// Vitest's `globalSetup` cannot be limited to one folder without splitting the config into
// projects, so the build happens in a `beforeAll` of each site test file (`useBuiltSite()`), under
// a lock: two test files never run `astro build` at the same time, and the second one finds the
// site already fresh.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildSite, isDistStale } from '~scripts/build-if-stale';
import { loadConfig } from '~server/config';
import { shellFor } from '~server/static';
import { DEFAULT_LOCALE, PREFIXED_LOCALES, type Locale } from '~/domain/locales';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const distDir = path.join(projectRoot, 'dist');
export { LOCALES, type Locale } from '~/domain/locales';
const LOCALE_PREFIX = new RegExp(`^/(${PREFIXED_LOCALES.join('|')})(?=/|$)`);
export const productName = process.env.PUBLIC_SITE_NAME || 'RentAlp';

/** Time a build may take before its lock is considered abandoned. */
const LOCK_STALE_MS = 10 * 60_000;
const BUILD_TIMEOUT_MS = 10 * 60_000;

const lockBase = path.join(tmpdir(), `site-build-${createHash('sha1').update(projectRoot).digest('hex').slice(0, 12)}`);
const lockDir = `${lockBase}.lock`;
/** Holds the id of the Vitest run that last ensured dist/: later files of the same run do not
 * rebuild it again because someone edited a source in the meantime. */
const ensuredFile = `${lockBase}.ensured`;
/** The Vitest run: its main process (the parent of a forks-pool worker, the process itself for threads). */
const runId = `${isMainThread ? process.ppid : process.pid}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function ensuredInThisRun(): boolean {
  try {
    return readFileSync(ensuredFile, 'utf8') === runId && existsSync(path.join(distDir, 'index.html'));
  } catch {
    return false;
  }
}

/** Builds dist/ if it is missing or stale; one build at a time across test files (lock directory). */
export async function ensureDist(): Promise<void> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(lockDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Someone else is building: wait, unless the holder died or the lock is very old.
      let holder = 0;
      try {
        holder = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'));
      } catch {
        // lock directory created but pid not written yet
      }
      const age = Date.now() - (existsSync(lockDir) ? statSync(lockDir).mtimeMs : Date.now());
      if ((holder && !pidAlive(holder)) || age > LOCK_STALE_MS) rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for the site build lock ${lockDir}`);
      await sleep(500);
      continue;
    }
    try {
      writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      // The site as `npm start` on its default port builds it (PUBLIC_SITE_URL when one is set).
      const siteUrl = loadConfig({ PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL }).siteUrl;
      if (!ensuredInThisRun() && (!existsSync(path.join(distDir, 'index.html')) || isDistStale(projectRoot, siteUrl))) {
        console.log('[site tests] dist/ is missing or stale: running astro build…');
        buildSite(projectRoot, siteUrl);
      }
      writeFileSync(ensuredFile, runId);
    } finally {
      rmSync(lockDir, { recursive: true, force: true });
    }
    return;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading pages

export type Attrs = Record<string, string>;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
export function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#')
      return String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return entities[code.toLowerCase()] ?? whole;
  });
}

function attributes(tag: string): Attrs {
  const attrs: Attrs = {};
  const body = tag.replace(/^<[\w:-]+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g))
    attrs[m[1]!.toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? '');
  return attrs;
}

const tags = (html: string, name: string): Attrs[] =>
  [...html.matchAll(new RegExp(`<${name}(?=[\\s>/])[^>]*>`, 'gi'))].map((m) => attributes(m[0]));

export interface Page {
  /** File under dist/, e.g. "en/noleggi/sestriere/index.html". */
  file: string;
  /** URL path the page is served at, e.g. "/en/noleggi/sestriere/" ("/404.html" for a bare file). */
  url: string;
  locale: Locale;
  html: string;
  lang: string | undefined;
  title: string | undefined;
  description: string | undefined;
  robots: string | undefined;
  canonical: string[];
  /** hreflang → href, in document order. */
  alternates: [string, string][];
  links: string[];
  /** Raw text of every `<script type="application/ld+json">`. */
  jsonLd: string[];
  noindex: boolean;
  is404: boolean;
}

export function localeOfUrl(url: string): Locale {
  return (LOCALE_PREFIX.exec(url)?.[1] as Locale | undefined) ?? DEFAULT_LOCALE;
}

/** URL path without locale prefix: "/en/noleggi/x/" → "/noleggi/x/". */
export const unprefixed = (url: string): string => url.replace(LOCALE_PREFIX, '') || '/';

export function parsePage(file: string, html: string): Page {
  const url = '/' + file.replace(/(^|\/)index\.html$/, '$1');
  const metas = tags(html, 'meta');
  const meta = (name: string) => metas.find((m) => m.name?.toLowerCase() === name)?.content;
  const links = tags(html, 'link');
  const robots = meta('robots');
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  return {
    file,
    url,
    locale: localeOfUrl(url),
    html,
    lang: tags(html, 'html')[0]?.lang,
    title: title === undefined ? undefined : decode(title.trim()),
    description: meta('description'),
    robots,
    canonical: links.filter((l) => l.rel?.toLowerCase() === 'canonical').map((l) => l.href ?? ''),
    alternates: links.filter((l) => l.rel?.toLowerCase() === 'alternate' && l.hreflang).map((l) => [l.hreflang!, l.href ?? '']),
    links: tags(html, 'a')
      .map((a) => a.href)
      .filter((href): href is string => href !== undefined),
    jsonLd: [...html.matchAll(/<script\b[^>]*\btype=["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!),
    noindex: /(^|,)\s*noindex\s*(,|$)/i.test(robots ?? ''),
    is404: /(^|\/)404(\.html|\/index\.html)$/.test(file),
  };
}

function walk(dir: string, base = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(path.join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out;
}

export interface Site {
  files: Set<string>;
  pages: Page[];
  byUrl: Map<string, Page>;
  /** Origin of the built site (the `site` the build used), taken from the sitemap index. */
  origin: string;
}

let snapshot: string | undefined;
let cachedSite: Site | undefined;

/** The copy of dist/ the tests of this file read (set by `useBuiltSite`). */
export function siteDir(): string {
  if (!snapshot) throw new Error('call useBuiltSite() in the test file first');
  return snapshot;
}

const complete = (dir: string) => ['index.html', '404.html', 'robots.txt', 'sitemap-index.xml'].every((f) => existsSync(path.join(dir, f)));

/** Copies dist/ once it is complete (the sitemap is written last); retries while a build elsewhere rewrites it. */
async function snapshotDist(): Promise<string> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    const copy = mkdtempSync(path.join(tmpdir(), 'site-tests-dist-'));
    try {
      if (complete(distDir)) {
        cpSync(distDir, copy, { recursive: true });
        if (complete(copy) && complete(distDir)) return copy;
      }
    } catch {
      // a file vanished during the copy: dist/ is being rebuilt
    }
    rmSync(copy, { recursive: true, force: true });
    if (Date.now() > deadline) throw new Error('dist/ stayed incomplete (a build elsewhere?)');
    await sleep(1000);
  }
}

/** Every HTML page of the site copy, parsed once per test file. */
export function loadSite(): Site {
  if (cachedSite) return cachedSite;
  const dir = siteDir();
  const files = new Set(walk(dir));
  const pages = [...files]
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((f) => parsePage(f, readFileSync(path.join(dir, f), 'utf8')));
  const index = readFileSync(path.join(dir, 'sitemap-index.xml'), 'utf8');
  const origin = new URL(/<loc>([^<]+)<\/loc>/.exec(index)?.[1] ?? 'http://localhost:4321/').origin;
  cachedSite = { files, pages, byUrl: new Map(pages.map((p) => [p.url, p])), origin };
  return cachedSite;
}

/**
 * Builds dist/ if needed before the tests of the calling file, copies it aside for them, and
 * returns a getter of the site model.
 */
export function useBuiltSite(): () => Site {
  beforeAll(async () => {
    await ensureDist();
    snapshot = await snapshotDist();
    loadSite();
  }, BUILD_TIMEOUT_MS);
  afterAll(() => {
    if (snapshot) rmSync(snapshot, { recursive: true, force: true });
  });
  return loadSite;
}

/**
 * Whether an internal URL path is served by the built site (as `npm start` serves it): a page
 * `dist/<path>/index.html`, a file, `<path>.html`, or a client-rendered path with a built shell.
 */
export function resolvesInDist(site: Site, href: string): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(href, 'http://site.invalid').pathname);
  } catch {
    return false;
  }
  const rel = pathname.replace(/^\/+/, '');
  const candidates = pathname.endsWith('/')
    ? [`${rel}index.html`]
    : [`${rel}/index.html`, `${rel}.html`, rel];
  if (candidates.some((c) => site.files.has(c))) return true;
  const shell = shellFor(pathname);
  return shell !== null && site.files.has(`${shell.replace(/^\/+/, '')}index.html`);
}

/** Asserts that a list of problems is empty, printing the count and the first ones. */
export function expectNone(problems: string[], what: string, shown = 25): void {
  expect(problems.slice(0, shown), `${problems.length} ${what}${problems.length > shown ? ` (first ${shown} shown)` : ''}`).toEqual([]);
}
