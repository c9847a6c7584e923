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
