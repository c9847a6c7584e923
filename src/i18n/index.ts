import { DEFAULT_LOCALE, LOCALES, type Locale } from '../domain/locales';

export type { Locale };
export const locales = LOCALES;
export const defaultLocale: Locale = DEFAULT_LOCALE;

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

// A locale's place in a path is a domain rule: the product server and the noindex rule read it too.
export { localizePath, splitLocale } from '../domain/locale-path';

// `createT` (i18next) is in ./i18next.ts: islands import this module, and the browser does not
// carry i18next (their `t` is ./translate.ts).
