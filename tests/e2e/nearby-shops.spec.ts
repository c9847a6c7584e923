// Town×sport pages of a town with no shop renting the sport: /sci/viola-st-gree/ lists the nearest
// ski shops (great-circle distance, within NEARBY_SHOP_MAX_KM), nearest first, each with its
// distance and its "Prenota"; /sci/schia-monte-caio/ has none that near, so it is noindex and out of
// the sitemap. Screenshots of the first in it/en/fr on a phone and on a desktop.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadSeoData } from '~seo-data/schema';
import { NEARBY_SHOP_MAX_KM, nearbyShops } from '~/domain/nearby-shops';
import { bookingEntryPath } from '~/domain/booking-entry';
import { localizePath } from '~/domain/locale-path';
import { violations } from './axe';

type Messages = Record<string, Record<string, string>>;
const messages = (locale: string): Messages => JSON.parse(readFileSync(new URL(`../../i18n/${locale}.json`, import.meta.url), 'utf8')) as Messages;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');
const LOCALES = ['it', 'en', 'fr'] as const;
const prefix = (locale: string) => (locale === 'it' ? '' : `/${locale}`);

const data = loadSeoData();
const sport = data.categories.find((c) => c.slug === 'sci')!;
const viola = data.towns.find((t) => t.slug === 'viola-st-gree')!;
const schia = data.towns.find((t) => t.slug === 'schia-monte-caio')!;
// What the page must list: the domain rule's answer for the data (the rule has its unit tests).
const skiShops = data.shops.filter((s) => s.sports.includes('sci'));
const near = nearbyShops(viola, 'sci', data.shops);

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test('the data holds the two cases: Viola has ski shops nearby but none of its own, Schia none within the cap', () => {
  expect(skiShops.filter((s) => s.town === viola.slug)).toEqual([]);
  expect(near.length).toBeGreaterThanOrEqual(2);
  expect(skiShops.filter((s) => s.town === schia.slug)).toEqual([]);
  expect(nearbyShops(schia, 'sci', data.shops)).toEqual([]);
});

for (const locale of LOCALES)
  test(`${locale}: /sci/viola-st-gree/ lists the nearest ski shops by distance, each with its distance and "Prenota"`, async ({ page }) => {
    const m = messages(locale);
    const response = await page.goto(`${prefix(locale)}/sci/viola-st-gree/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: fill(m.sport!.nearbyHeading!, { sport: sport.name[locale], town: viola.label }) })).toBeVisible();
    await expect(main).toContainText(fill(m.sport!.nearbyIntro!, { town: viola.label, km: NEARBY_SHOP_MAX_KM }));
    await expect(cards(page)).toHaveCount(near.length);
    for (const [i, { shop, km }] of near.entries()) {
      const card = cards(page).nth(i);
      await expect(card.getByRole('heading', { name: shop.label, exact: true })).toBeVisible();
      const distance = `${new Intl.NumberFormat({ it: 'it-IT', en: 'en-GB', fr: 'fr-FR' }[locale], { maximumFractionDigits: 0 }).format(km)}\u00a0km`;
      await expect(card).toContainText(fill(m.sport!.distance!, { distance, town: viola.label }));
      const book = card.getByRole('link', { name: new RegExp(`^${m.offers!.book}`) });
      await expect(book).toHaveAttribute('href', localizePath(locale, bookingEntryPath(shop.slug, sport.slug)));
      await expect(book).toHaveAccessibleName(new RegExp(shop.label));
    }
    expect(await violations(page)).toEqual([]);
  });

test('/sci/schia-monte-caio/ has no shop near enough: noindex, no shop card, out of the sitemap', async ({ page, request }) => {
  for (const locale of LOCALES) {
    await page.goto(`${prefix(locale)}/sci/schia-monte-caio/`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText(fill(messages(locale).sport!.noShopsIn!, { town: schia.label }));
  }
  const index = await (await request.get('/sitemap-index.xml')).text();
  const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((x) => new URL(x[1]!).pathname);
  const urls = (await Promise.all(maps.map(async (p) => (await request.get(p)).text()))).join('\n');
  for (const locale of LOCALES) {
    expect(urls).toContain(`${prefix(locale)}/sci/viola-st-gree/<`);
    expect(urls).not.toContain(`${prefix(locale)}/sci/schia-monte-caio/<`);
  }
});

test.describe('screenshots', () => {
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 768 }],
  ] as const)
    for (const locale of name === 'phone' ? LOCALES : (['it'] as const))
      test(`${name} ${locale}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 2, hasTouch: name === 'phone', isMobile: name === 'phone' });
        const page = await context.newPage();
        await page.goto(`${prefix(locale)}/sci/viola-st-gree/`);
        await page.getByRole('main').getByRole('heading', { level: 2 }).first().evaluate((h) => h.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: path.join(SHOTS, `landing-nearby-shops-${name}-${locale}.png`), animations: 'disabled' });
        await context.close();
      });
});
