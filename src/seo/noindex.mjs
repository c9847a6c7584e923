// Paths (without locale prefix) that search engines must not index: account, login, order and
// utility pages, a shop's calendar and checkout steps, and the town×sport pages with no shop in or
// near the town (src/seo/no-shop-pages.ts). Those pages render
// `<meta name="robots" content="noindex">` (via `isNoindexPath`) and the sitemap leaves them out.
// Plain JS: astro.config.mjs imports it. Its importers (astro.config.mjs, BaseLayout.astro,
// tests/site) all load it through Vite, which resolves the TypeScript import below, as it does
// astro.config.mjs's own src/domain/locales.
import { splitLocale } from '../domain/locale-path';
import { noShopPaths } from './no-shop-pages';
export const noindexPrefixes = ['/404', '/500', '/download', '/lang', '/pair', '/index-keep', '/user', '/login', '/orders', '/totem', '/account'];

/**
 * Exact paths that only forward to another page: the optional-parameter routes of spec §2
 * (src/components/seo/OptionalRoute.astro). Not prefixes: `/prenota/{shop}` pages are indexable.
 */
export const noindexExactPaths = ['/noleggio', '/sentiero', '/prenota', '/prenota/calendar', '/prenota/order'];

/**
 * A shop's calendar and checkout (`/prenota/{shop}/calendar`, `/prenota/{shop}/order`): steps of a
 * visitor's own cart and dates, rendered in the browser, with nothing a searcher should land on;
 * the shop's booking page (`/prenota/{shop}`) is the one to find.
 */
const bookingStep = /^\/prenota\/[^/]+\/(calendar|order)$/;

/** @param {string} path a path without locale prefix, e.g. "/orders" or "/user/signup" */
export function isNoindexPath(path) {
  const clean = '/' + path.replace(/^\/+|\/+$/g, '');
  return (
    noindexExactPaths.includes(clean) ||
    noShopPaths.has(clean) ||
    bookingStep.test(clean) ||
    noindexPrefixes.some((prefix) => clean === prefix || clean.startsWith(prefix + '/'))
  );
}

/** @param {string} pathname a URL path, possibly with a locale prefix (/en, /fr) in front */
export function isNoindexUrlPath(pathname) {
  return isNoindexPath(splitLocale(pathname).path);
}
