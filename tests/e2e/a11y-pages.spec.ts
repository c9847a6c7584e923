// axe with every rule (best practices included) on the customer-side pages the e2e suite visits,
// beyond the booking screens of a11y.spec.ts: home, lists, town, sport, shop, trails, footer and
// utility pages, signup and reset, the orders list, the 404, in the three locales where the page
// has text of its own. One `contentinfo` landmark each: a shop's contacts are a region inside it.
import { expect, test } from '@playwright/test';
import { loadSeoData } from '~seo-data/schema';
import { footerPages } from '~/seo/footer-pages';
import { violations } from './axe';
import { hydrated } from './hydration';

const data = loadSeoData();
const shop = data.shops.find((s) => s.town === 'sestriere')!;
const trail = data.trails[0]!;

// A footer page may also be one listed here (/negozi/): each page once.
const PAGES = [...new Set([
  '/',
  '/noleggi/',
  '/noleggi/sestriere/',
  '/sci/',
  '/sci/sestriere/',
  `/noleggio/${shop.slug}/`,
  '/negozi/',
  '/sentieri/',
  `/sentieri/${trail.town}/`,
  `/sentiero/${trail.slug}/`,
  ...footerPages.map((p) => `/${p.slug}/`),
  '/download/',
  '/lang/',
  '/info/oblio/',
  '/user/signup/',
  '/user/reset/',
  '/orders/',
  '/pagina-che-non-esiste/',
])];

for (const prefix of ['', '/en', '/fr']) {
  for (const path of prefix ? PAGES.filter((p) => ['/', `/noleggio/${shop.slug}/`, '/user/signup/'].includes(p)) : PAGES) {
    test(`axe (every rule) on ${prefix}${path}`, async ({ page }) => {
      await page.goto(`${prefix}${path}`);
      // Islands that wake when seen (the trail's map): brought into view, so axe judges them awake.
      // (An island is `display: contents`: its first element is what scrolls into view.)
      await page.evaluate(() => document.querySelectorAll('astro-island[client="visible"]').forEach((i) => (i.firstElementChild ?? i).scrollIntoView()));
      await hydrated(page);
      await expect(page.getByRole('main')).toBeVisible();
      expect(await page.getByRole('contentinfo').count()).toBeLessThanOrEqual(1);
      expect(await violations(page)).toEqual([]);
    });
  }
}
