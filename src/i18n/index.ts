import { DEFAULT_LOCALE, LOCALES, type Locale } from '../domain/locales';

// The page's API client reads these from ../domain/locales without this module (its chunk then
// stays with the islands' translations).
export { contentLanguage, toLocale } from '../domain/locales';

export type { Locale };
export const locales = LOCALES;
export const defaultLocale: Locale = DEFAULT_LOCALE;

/** BCP 47 tags for `<html lang>`, `hreflang` and Intl. */
export const htmlLang: Record<Locale, string> = { it: 'it', en: 'en', fr: 'fr' };

// A locale's place in a path is a domain rule: the product server and the noindex rule read it too.
export { localizePath, splitLocale } from '../domain/locale-path';

// `createT` (i18next) is in ./i18next.ts: islands import this module, and the browser does not
// carry i18next (their `t` is ./translate.ts).
