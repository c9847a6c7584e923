// Where a locale sits in a URL path (spec §2): the default locale (Italian) has no prefix, the
// others live under /en/, /fr/. Derived from LOCALES and DEFAULT_LOCALE (./locales), so a new
// language needs no pattern edited anywhere: the pages and islands (src/i18n re-exports these),
// the product server (server/static.ts), the noindex rule (src/seo/noindex.mjs), the order page's
// address (./orders.ts) and the tests all read a path's locale here.
import { DEFAULT_LOCALE, PREFIXED_LOCALES, type Locale } from './locales';

// A prefix is a whole first segment: "/en" and "/en/…", never "/english".
const LOCALE_PREFIX = new RegExp(`^/(${PREFIXED_LOCALES.join('|')})(/.*)?$`);

/** Path of `path` in `locale`: no prefix for the default locale, `/en`, `/fr` otherwise. */
export function localizePath(locale: Locale, path: string): string {
  const clean = '/' + path.replace(/^\/+/, '');
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`;
}

/** Splits a URL path into its locale and the path without the locale prefix ("/en" → en, "/"). */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = LOCALE_PREFIX.exec(pathname);
  if (!match) return { locale: DEFAULT_LOCALE, path: pathname || '/' };
  return { locale: match[1] as Locale, path: match[2] || '/' };
}

/**
 * The address of the page being read, in `locale`: its path with the locale prefix changed, its
 * query and hash kept. A page whose content hangs on its address (an order's uuid, a confirmation's
 * `?order=`) shows the same thing in the other language.
 */
export function sameAddressIn(locale: Locale, where: { pathname: string; search?: string; hash?: string }): string {
  return localizePath(locale, splitLocale(where.pathname).path) + (where.search ?? '') + (where.hash ?? '');
}
