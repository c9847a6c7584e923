// JSON-LD builders (schema.org): WebSite, BreadcrumbList, a rental shop as a Store.
import type { OpeningHours, Shop } from '~seo-data/schema';
import { currentOrNextSeason, isAllYear } from '../domain/season';

/** Absolute URL in the form canonical links and the sitemap use (trailing slash). */
const pageHref = (href: string, site: URL) => new URL(href.endsWith('/') ? href : `${href}/`, site).href;

export function breadcrumbLd(site: URL, items: { name: string; href: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: pageHref(item.href, site),
    })),
  };
}

export function websiteLd(site: URL, name: string, url: string) {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name, url: pageHref(url, site) };
}

const SCHEMA_DAYS: Record<OpeningHours['days'][number], string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};

/**
 * The shop's opening hours as schema.org OpeningHoursSpecification. A seasonal shop's hours hold
 * within the season's current (or next) occurrence on `today` (the build day, Rome): validFrom and
 * validThrough say so; a shop open all year has hours without dates.
 */
export function openingHoursLd(shop: Pick<Shop, 'hours' | 'season'>, today: string) {
  const season = shop.season && !isAllYear(shop.season) ? currentOrNextSeason(shop.season, today) : null;
  return shop.hours.map((hours) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: hours.days.map((day) => `https://schema.org/${SCHEMA_DAYS[day]}`),
    opens: hours.opens,
    closes: hours.closes,
    ...(season ? { validFrom: season.from, validThrough: season.to } : {}),
  }));
}

export interface StoreExtras {
  /** Free text such as "11–38 € al giorno" (schema.org accepts text), from the shop's day prices. */
  priceRange?: string | null;
  /** The build day, 'YYYY-MM-DD' in Rome: which occurrence of the season the hours hold in. */
  today: string;
}

export function storeLd(site: URL, shop: Shop, url: string, extras?: StoreExtras) {
  return {
    '@context': 'https://schema.org',
    '@type': ['Store', 'LocalBusiness'],
    name: shop.label,
    url: pageHref(url, site),
    telephone: shop.phone,
    email: shop.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.address,
      postalCode: shop.postalCode,
      addressLocality: shop.city,
      addressCountry: shop.country === 'France' ? 'FR' : 'IT',
    },
    geo: { '@type': 'GeoCoordinates', latitude: shop.lat, longitude: shop.lon },
    ...(extras?.priceRange ? { priceRange: extras.priceRange } : {}),
    ...(extras ? { openingHoursSpecification: openingHoursLd(shop, extras.today) } : {}),
  };
}

/**
 * JSON-LD as the text of a `<script>` element. JSON.stringify leaves `<` as is, so a shop name or a
 * description holding `</script>` would end the element and inject markup; `<`, `>` and `&` become
 * \u escapes (still the same JSON), as do U+2028/U+2029 (valid JSON, line breaks to older parsers).
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
