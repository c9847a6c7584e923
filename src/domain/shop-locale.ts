// The language a shop works in, for what its staff and customers sign at its counter (the rental
// sheet): the shops' table has no language of its own, so its country says it. Italian for every
// shop but those in France (Montgenèvre): the default locale of the product.
import type { Locale } from './locales';

const COUNTRY_LOCALES: Record<string, Locale> = { france: 'fr', francia: 'fr' };

export function shopLocale(country: string | null | undefined): Locale {
  return COUNTRY_LOCALES[(country ?? '').trim().toLowerCase()] ?? 'it';
}
