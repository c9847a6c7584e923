// Build-time translations for .astro pages: every locale is bundled here, none of it ships to the browser.
import type { TFunction } from 'i18next';
import it from '~i18n/it.json';
import en from '~i18n/en.json';
import fr from '~i18n/fr.json';
import { toLocale, type Locale } from './index';
import { createT } from './i18next';

export const messages: Record<Locale, Record<string, unknown>> = { it, en, fr };

const cache = new Map<Locale, TFunction>();

/** `t` for the page being rendered: `getT(Astro.currentLocale)`. */
export function getT(locale: string | undefined): TFunction {
  const l = toLocale(locale);
  let t = cache.get(l);
  if (!t) {
    t = createT(l, messages[l]);
    cache.set(l, t);
  }
  return t;
}
