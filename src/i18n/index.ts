import { DEFAULT_LOCALE, LOCALES, PREFIXED_LOCALES, type Locale } from '../domain/constants';

export type { Locale };
export const locales = LOCALES;
export const defaultLocale: Locale = DEFAULT_LOCALE;
const LOCALE_PREFIX = new RegExp(`^/(${PREFIXED_LOCALES.join('|')})(/.*)?$`);

/** Value of the Content-Language header the booking API expects for each locale (spec §7). */
export const contentLanguage: Record<Locale, string> = { it: 'it_IT', fr: 'fr_FR', en: 'en_GB' };

/** BCP 47 tags for `<html lang>`, `hreflang` and Intl. */
export const htmlLang: Record<Locale, string> = { it: 'it', en: 'en', fr: 'fr' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** Path of `path` in `locale`: no prefix for Italian, `/en` and `/fr` otherwise. */
export function localizePath(locale: Locale, path: string): string {
  const clean = '/' + path.replace(/^\/+/, '');
  if (locale === defaultLocale) return clean;
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`;
}

/** Splits a URL path into its locale and the path without the locale prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = LOCALE_PREFIX.exec(pathname);
  if (!match) return { locale: defaultLocale, path: pathname || '/' };
  return { locale: match[1] as Locale, path: match[2] || '/' };
}

// `createT` (i18next) is in ./i18next.ts: islands import this module, and the browser does not
// carry i18next (issue #18; their `t` is ./translate.ts).
