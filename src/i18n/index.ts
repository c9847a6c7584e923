import i18next, { type TFunction, type Resource } from 'i18next';

export const locales = ['it', 'en', 'fr'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'it';

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
  const match = /^\/(en|fr)(\/.*)?$/.exec(pathname);
  if (!match) return { locale: defaultLocale, path: pathname || '/' };
  return { locale: match[1] as Locale, path: match[2] || '/' };
}

type Messages = Record<string, unknown>;

/**
 * One i18next instance per locale, created synchronously from already-loaded messages,
 * so that both build-time pages and hydrating islands get `t` without waiting.
 */
export function createT(locale: Locale, messages: Messages): TFunction {
  const resources: Resource = { [locale]: { translation: messages as Resource[string]['translation'] } };
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t.bind(instance) as TFunction;
}
