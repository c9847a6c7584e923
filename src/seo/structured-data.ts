// JSON-LD builders (schema.org): WebSite, BreadcrumbList, a rental shop as a Store.
import type { Shop } from '../../seo-data/schema';

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

export function storeLd(site: URL, shop: Shop, url: string) {
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
