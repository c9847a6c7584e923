// JSON-LD builders (schema.org): WebSite, BreadcrumbList, a rental shop as a Store.
import type { Shop } from '../../seo-data/schema';

export function breadcrumbLd(site: URL, items: { name: string; href: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: new URL(item.href, site).href,
    })),
  };
}

export function websiteLd(site: URL, name: string, url: string) {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name, url: new URL(url, site).href };
}

export function storeLd(site: URL, shop: Shop, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': ['Store', 'LocalBusiness'],
    name: shop.label,
    url: new URL(url, site).href,
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
