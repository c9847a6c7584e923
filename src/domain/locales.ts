// The storefront's languages (spec §2, §9): the one list that the build (astro.config.mjs), the
// pages, the API and the tests read. Where a locale sits in a path is ./locale-path.ts; which one a
// visit to `/` gets, and the cookie that remembers it, ./root-language.ts.

/** In the order the language menu lists them. */
export const LOCALES = ['it', 'en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
/** Served without a path prefix; the others live under /en/, /fr/. */
export const DEFAULT_LOCALE = 'it' satisfies Locale;
/** The locales written as a path's first segment. */
export const PREFIXED_LOCALES = LOCALES.filter((l): l is Exclude<Locale, typeof DEFAULT_LOCALE> => l !== DEFAULT_LOCALE);

/** Value of the Content-Language header the booking API expects for each locale (spec §7). */
export const contentLanguage: Record<Locale, string> = { it: 'it_IT', fr: 'fr_FR', en: 'en_GB' };

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `value` when it is one of the storefront's locales, else the default one. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
