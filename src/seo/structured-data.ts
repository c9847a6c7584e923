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
