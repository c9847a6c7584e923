// Search-engine signals of a page: canonical, alternates, social tags.
import { defaultLocale, locales, localizePath, type Locale } from '../i18n/index';

/** BCP 47 tags for hreflang and og:locale. */
export const hreflang: Record<Locale, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };
export const ogLocale: Record<Locale, string> = { it: 'it_IT', en: 'en_GB', fr: 'fr_FR' };

/**
 * The absolute URL search engines should use for `path` in `locale`: with a trailing slash, the
 * form the static build serves and the sitemap lists, so canonical, hreflang and sitemap agree.
 */
function pageUrl(site: URL, locale: Locale, path: string): string {
  const localized = localizePath(locale, path);
  return new URL(localized.endsWith('/') ? localized : `${localized}/`, site).href;
}

/** The same page in every locale, plus x-default (Italian, the default). */
export function alternates(site: URL, path: string): { hreflang: string; href: string }[] {
  const list = locales.map((l) => ({ hreflang: hreflang[l], href: pageUrl(site, l, path) }));
  return [...list, { hreflang: 'x-default', href: pageUrl(site, defaultLocale, path) }];
}

export const canonical = pageUrl;
