// The locale of a request, from the Content-Language header the storefront sends (it_IT, fr_FR, en_GB).
import type { TFunction } from 'i18next';
import { getT } from '~/i18n/server';
import { toLocale, type Locale } from '~/i18n/index';

export function localeFromHeader(header: string | undefined | null): Locale {
  const tag = (header ?? '').trim().toLowerCase().slice(0, 2);
  return toLocale(tag);
}

export function translator(locale: Locale): TFunction {
  return getT(locale);
}
