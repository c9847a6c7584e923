// The error page for a failing site route (spec §2): the prebuilt /500/ page of the path's locale
// (src/components/seo/ErrorPage.astro) with the status of the error (or 500) and the server's
// message when the error carries one meant for people, noindex. If that page cannot be read or
// filled, a minimal page says "an error occurred while showing the error page" with a link home.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DEFAULT_ERROR_STATUS } from '../src/domain/error-page';
import { getT } from '../src/i18n/server';
import { localizePath, splitLocale } from '../src/i18n/index';
import { log } from './log';

const MIN_ERROR_STATUS = 400;
const MAX_ERROR_STATUS = 599;

export interface ErrorPageDeps {
  /** Reads a built page; replaced by tests to make the error page itself fail. */
  readPage?: (file: string) => Promise<string>;
}

/**
 * Status and public message of an error. Only an HTTPException's message is shown: it is written
 * for the visitor (e.g. "down for maintenance"), while any other error's text may expose
 * internals (paths, SQL), so it goes to the log only.
 */
export function describeError(err: unknown): { status: ContentfulStatusCode; message: string | null } {
  if (err instanceof HTTPException) {
    const ok = err.status >= MIN_ERROR_STATUS && err.status <= MAX_ERROR_STATUS;
    return { status: (ok ? err.status : DEFAULT_ERROR_STATUS) as ContentfulStatusCode, message: err.message || null };
  }
  return { status: DEFAULT_ERROR_STATUS, message: null };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);

const STATUS_SLOT = /(<span data-error-status[^>]*>)\d+(<\/span>)/;
const MESSAGE_SLOT = /<p data-error-message hidden([^>]*)><\/p>/;

/** The built page with the status and message filled in; throws when the slots are missing. */
export function fillErrorPage(html: string, status: number, message: string | null): string {
  if (!STATUS_SLOT.test(html) || !MESSAGE_SLOT.test(html)) throw new Error('error page slots not found');
  const withStatus = html.replace(STATUS_SLOT, `$1${status}$2`);
  return message === null ? withStatus : withStatus.replace(MESSAGE_SLOT, (_all, rest: string) => `<p data-error-message${rest}>${escapeHtml(message)}</p>`);
}

/** The last resort: no build output needed, only the translations. */
export function minimalErrorPage(pathname: string): string {
  const { locale } = splitLocale(pathname);
  const t = getT(locale);
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t('errors.genericTitle'))}</title></head>
<body><main><h1>${escapeHtml(t('errors.errorPageFailed'))}</h1><p><a href="${localizePath(locale, '/')}">${escapeHtml(t('errors.backHome'))}</a></p></main></body>
</html>
`;
}

/** Built error pages of a locale, most specific first (Astro writes /500.html or /500/index.html). */
function candidates(distRoot: string, pathname: string): string[] {
  const { locale } = splitLocale(pathname);
  const localized = locale === 'it' ? [] : [path.join(distRoot, locale, '500', 'index.html')];
  return [...localized, path.join(distRoot, '500.html'), path.join(distRoot, '500', 'index.html')];
}

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-robots-tag': 'noindex',
};

/** Answers `c` with the error page for `err`, logging the error. */
export async function errorPage(c: Context, distRoot: string, err: unknown, deps: ErrorPageDeps = {}): Promise<Response> {
  const { status, message } = describeError(err);
  const pathname = new URL(c.req.url).pathname;
  log().error({ err, method: c.req.method, path: pathname, status }, 'site request failed');
  const read = deps.readPage ?? ((file: string) => readFile(file, 'utf8'));
  for (const file of candidates(distRoot, pathname)) {
    let html: string;
    try {
      html = await read(file);
    } catch {
      continue; // not built in this locale: the next candidate
    }
    try {
      return c.html(fillErrorPage(html, status, message), status, HEADERS);
    } catch (fillError) {
      log().error({ err: fillError }, 'the error page could not be filled');
      break;
    }
  }
  return c.html(minimalErrorPage(pathname), status, HEADERS);
}
