// The gear step on a phone (390×844): arriving from a town's skis page with dates chosen, the
// booking page opens on the "Sci" tab with the first "add" on the first screen, nothing scrolled
// and no focus ring drawn; the other sports are a tap (or an arrow key) away; every card shows a
// picture of a set size; axe finds nothing. Screenshots it/en/fr phone and desktop
// (tests/e2e/__screenshots__/, shown in src/features/customer/booking/README.md).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './axe';
import { hydrated } from './hydration';
import { inSeasonDay } from '../support/season';
import { DateModes } from '~/domain/dates';
import { SHOP, shopAnswer } from './season-helpers';
import { categoryForSlug } from '~/domain/booking-entry';

const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');
const PHONE = { width: 390, height: 844 };

async function withDates(page: Page, prefix = '') {
  await page.goto(`${prefix}/prenota/${SHOP}/`);
  const dates = [inSeasonDay(SHOP, 40), inSeasonDay(SHOP, 42)];
  await page.evaluate((configuration) => localStorage.setItem('configuration', JSON.stringify(configuration)), { multipleDates: DateModes.RANGE, dates });
}

const products = (page: Page) => page.getByRole('tabpanel').getByRole('listitem');

test.use({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

test('from /sci/sestriere/ with dates: the ski tab is open and the first "add" is on the first screen', async ({ page, request }) => {
  const answer = await shopAnswer(request);
  const ski = categoryForSlug(answer.categories, 'sci')!;
  const skiCount = answer.products.filter((p) => p.categories.some((c) => ski.ids.includes(c))).length;
  await withDates(page);
  await page.goto('/sci/sestriere/');
  await page.getByRole('article').filter({ has: page.getByRole('heading', { name: answer.shop.label }) }).getByRole('link', { name: /^Prenota/ }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/\\?category=sci$`));
  await hydrated(page);

  await expect(page.getByRole('tab', { name: 'Sci', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
  await expect(products(page)).toHaveCount(skiCount);
  const firstAdd = products(page).first().getByRole('button', { name: /Aggiungi al carrello/ });
  await expect(firstAdd).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Nothing was focused on arrival: no ring drawn around a heading.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  expect(await violations(page)).toEqual([]);
});

test('switching tabs shows another sport, by tap and by arrow keys, and the address follows', async ({ page, request }) => {
  const answer = await shopAnswer(request);
  const roots = answer.categories;
  await withDates(page);
  await page.goto(`/prenota/${SHOP}/?category=sci`);
  await hydrated(page);
  await expect(page.getByRole('tab')).toHaveText(roots.map((r) => r.label!));

  await page.getByRole('tab', { name: 'Ciaspole', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Ciaspole', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(products(page).getByRole('heading', { name: 'Ciaspole e bastoncini' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kit sci Base' })).toHaveCount(0);
  await expect(page).toHaveURL(/\?category=ciaspole$/);
  expect(await violations(page)).toEqual([]);

  // Keyboard: the selected tab is the one stop in the list; arrows move and select.
  const selected = page.getByRole('tab', { name: 'Ciaspole', exact: true });
  await selected.focus();
  await page.keyboard.press('ArrowLeft');
  const before = roots[roots.findIndex((r) => r.slug === 'ciaspole') - 1]!;
  await expect(page.getByRole('tab', { name: before.label!, exact: true })).toBeFocused();
  await expect(page.getByRole('tab', { name: before.label!, exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: roots[0]!.label!, exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: roots.at(-1)!.label!, exact: true })).toBeFocused();
  // Tab leaves the list for the panel's content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab').filter({ has: page.locator(':focus') })).toHaveCount(0);
  await expect(page.locator('[role="tab"]:focus')).toHaveCount(0);
});

test('every card shows a picture whose box is set before it loads', async ({ page, request }) => {
  const answer = await shopAnswer(request);
  await withDates(page);
  for (const root of answer.categories) {
    await page.goto(`/prenota/${SHOP}/?category=${root.slug}`);
    await hydrated(page);
    const cards = products(page);
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      const img = card.locator('img.product-picture');
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await expect(img).toHaveAttribute('height', /^\d+$/);
      await expect(img).toHaveAttribute('loading', 'lazy');
    }
  }
});

for (const lang of ['it', 'en', 'fr'] as const) {
  test(`screenshots of the gear step (${lang}, phone and desktop)`, async ({ browser }) => {
    const prefix = lang === 'it' ? '' : `/${lang}`;
    for (const [device, options] of [
      ['phone', { viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true }],
      ['desktop', { viewport: { width: 1280, height: 900 } }],
    ] as const) {
      if (device === 'desktop' && lang !== 'it') continue;
      const context = await browser.newContext({ ...options, locale: 'it-IT' });
      const page = await context.newPage();
      await withDates(page, prefix);
      await page.goto(`${prefix}/prenota/${SHOP}/?category=sci`);
      await hydrated(page);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expect(products(page).first().locator('img')).toHaveJSProperty('complete', true);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(SHOTS, `gear-${device}-${lang}.png`) });
      await context.close();
    }
  });
}
