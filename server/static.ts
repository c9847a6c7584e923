// Serves the prebuilt site from `dist/`: directory indexes, long-lived caching of hashed assets,
// and the real 404 page with a 404 status for anything that does not exist; a route that fails
// gets the error page with a 5xx status (server/error-page.ts).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { DEFAULT_LOCALE } from '../src/domain/locales';
import { splitLocale } from '../src/domain/locale-path';
import { ORDER_PAGE_SHELL, orderIdFromPath } from '../src/domain/orders';
import { localizePath } from '../src/i18n/index';
import { errorPage, type ErrorPageDeps } from './error-page';
import { CompressedFiles, isCompressible, preferredEncoding } from './http/compressed-files';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.gpx': 'application/gpx+xml',
  '.webmanifest': 'application/manifest+json',
};

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Maps a URL path to a file inside `root`, or null; never escapes `root`. */
export async function resolveStatic(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const target = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  const candidates = decoded.endsWith('/')
    ? [path.join(target, 'index.html')]
    : path.extname(target)
      ? [target]
      : [path.join(target, 'index.html'), target + '.html', target];
  for (const file of candidates) if (await isFile(file)) return file;
  return null;
}

async function send(c: Context, compressed: CompressedFiles, file: string, status: 200 | 404) {
  const ext = path.extname(file);
  const headers: Record<string, string> = {
    'content-type': types[ext] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'cache-control': file.includes(`${path.sep}_astro${path.sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=0, must-revalidate',
  };
  if (isCompressible(file)) {
    // Caches must keep the encodings apart; appended, as `/` also varies by language.
    c.header('vary', 'Accept-Encoding', { append: true });
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    const body = encoding ? await compressed.get(file, encoding) : null;
    if (encoding && body) {
      headers['content-encoding'] = encoding;
      headers['content-length'] = String(body.length);
      if (c.req.method === 'HEAD') return c.body(null, status, headers);
      return c.body(new Uint8Array(body), status, headers);
    }
  }
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream;
  return c.body(body, status, headers);
}

/**
 * Client-rendered paths (without the locale prefix) served by a prebuilt shell page (the island
 * reads the id from the URL). The same table, as nginx `location` rules, is in server/README.md
 * ("Production").
 */
export const shellRewrites: { matches: (path: string) => boolean; shell: string }[] = [
  // The rule the order page reads its order's id with (OrderView), so the two never disagree.
  { matches: (p) => orderIdFromPath(p) !== null, shell: `/orders/${ORDER_PAGE_SHELL}/` },
  { matches: (p) => /^\/totem\/cash-desk\/[^/]+\/?$/.test(p), shell: '/totem/cash-desk/' },
  { matches: (p) => /^\/totem\/products\/[^/]+\/?$/.test(p), shell: '/totem/products/' },
];

/** The shell path for a client-rendered URL path, keeping its locale prefix; null if none applies. */
export function shellFor(pathname: string): string | null {
  const { locale, path: rest } = splitLocale(pathname);
  const rule = shellRewrites.find((r) => r.matches(rest));
  return rule ? localizePath(locale, rule.shell) : null;
}

export interface DistDeps extends ErrorPageDeps {
  /** Maps a URL path to a file (default resolveStatic); tests replace it to make a route fail. */
  resolve?: typeof resolveStatic;
}

export function serveDist(root: string, deps: DistDeps = {}): MiddlewareHandler {
  const distRoot = path.resolve(root);
  const resolve = deps.resolve ?? resolveStatic;
  const compressed = new CompressedFiles();
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // A failure while serving a site route (disk, permissions…) answers the error page (5xx).
    try {
      const pathname = new URL(c.req.url).pathname;
      const file = await resolve(distRoot, pathname);
      if (file) return await send(c, compressed, file, pathname === '/404' || pathname.endsWith('/404/') ? 404 : 200);
      const shell = shellFor(pathname);
      const shellFile = shell ? await resolve(distRoot, shell) : null;
      if (shellFile) return await send(c, compressed, shellFile, 200);
      // The 404 page in the language of the path, when it exists.
      const { locale } = splitLocale(pathname);
      for (const candidate of [locale !== DEFAULT_LOCALE && path.join(distRoot, locale, '404', 'index.html'), path.join(distRoot, '404.html')]) {
        if (candidate && (await isFile(candidate))) return await send(c, compressed, candidate, 404);
      }
      return c.text('Not found', 404);
    } catch (err) {
      return errorPage(c, distRoot, err, deps);
    }
  };
}
