// The home page's search on a 390×844 phone: a town typed (suggested from the SEO table), a sport,
// two days. One shop of the town renting the sport: its calendar takes the days from the address
// and goes on to the booking page on them; several: the town×sport page, whose "Prenota" carry the
// days along. A town not in the list is refused in words. Screenshots it/en/fr phone + desktop.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loadSeoData } from '~seo-data/schema';
import { addDays, dayToDisplay, todayInRome } from '~/domain/dates';
import { violations } from './axe';
import { hydrated } from './hydration';

type Messages = Record<string, Record<string, Record<string, string> | string>>;
const messages = (locale: string): Messages => JSON.parse(readFileSync(new URL(`../../i18n/${locale}.json`, import.meta.url), 'utf8')) as Messages;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const search = (m: Messages) => (m.home as Record<string, unknown>).search as Record<string, string>;
const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');
const LOCALES = ['it', 'en', 'fr'] as const;
const prefix = (locale: string) => (locale === 'it' ? '' : `/${locale}`);
const data = loadSeoData();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

// Days clear of today's journeys (Bardonecchia and Alpin Tour rent all year).
const today = todayInRome();
const from = addDays(today, 12);
const to = addDays(today, 14);

async function searchFor(page: Page, locale: string, town: string, sport: string) {
  const s = search(messages(locale));
  const form = page.getByRole('search', { name: s.heading });
  await form.getByLabel(s.town!, { exact: true }).fill(town);
  await form.getByLabel(s.sport!, { exact: true }).selectOption({ label: sport });
  await form.getByLabel(s.from!, { exact: true }).fill(from);
  await form.getByLabel(s.to!, { exact: true }).fill(to);
  await form.getByRole('button', { name: s.submit }).click();
}

/** The booking page's "change dates" link names the days chosen on the home page. */
async function expectBookingOn(page: Page, locale: string, shop: string) {
  const m = messages(locale);
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/prenota/${shop}/\\?category=`));
  await hydrated(page);
  const range = fill((m.dates as Record<string, string>).range_other!, { from: dayToDisplay(from), to: dayToDisplay(to), count: 3 });
  const change = fill((m.appBar as Record<string, string>).changeDates!, { dates: range });
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${escape(change)}`) })).toBeVisible();
}

for (const locale of LOCALES)
  test(`${locale}: Bardonecchia, skis, two days → the shop's booking page on those days`, async ({ page }) => {
    const bardonecchia = data.towns.find((t) => t.slug === 'bardonecchia')!;
    const shop = data.shops.filter((s) => s.town === bardonecchia.slug && s.sports.includes('sci'));
    expect(shop).toHaveLength(1);
    await page.goto(`${prefix(locale)}/`);
    expect(await violations(page)).toEqual([]);
    // The town field suggests the towns of the table.
    const options = await page.locator('datalist#home-search-towns option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(options.sort()).toEqual(data.towns.map((t) => t.label).sort());
    await searchFor(page, locale, bardonecchia.label.toLowerCase(), data.categories.find((c) => c.slug === 'sci')!.name[locale]);
    await expectBookingOn(page, locale, shop[0]!.slug);
  });

test('Sestriere, snowshoes (two shops): the town×sport page keeps the days, its "Prenota" opens the booking page on them', async ({ page }) => {
  await page.goto('/');
  await searchFor(page, 'it', 'Sestriere', 'Ciaspole');
  await expect(page).toHaveURL(new RegExp(`/ciaspole/sestriere/\\?from=${from}&to=${to}$`));
  const alpin = data.shops.find((s) => s.slug === 'alpin-tour-sestriere')!;
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: alpin.label }) });
  const book = card.getByRole('link', { name: /^Prenota/ });
  // The page's script hands the days to the shop's calendar link.
  await expect(book).toHaveAttribute('href', new RegExp(`/prenota/${alpin.slug}/calendar/\\?category=ciaspole&from=${from}&to=${to}$`));
  await book.click();
  await expectBookingOn(page, 'it', alpin.slug);
});

test('a town not in the list is refused in words, and a last day before the first too', async ({ page }) => {
  const s = search(messages('it'));
  await page.goto('/');
  const form = page.getByRole('search', { name: s.heading });
  await form.getByLabel(s.town!, { exact: true }).fill('Atlantide');
  await form.getByRole('button', { name: s.submit }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(form.getByLabel(s.town!, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(s.unknownTown!)).toBeVisible();

  await form.getByLabel(s.town!, { exact: true }).fill('Sestriere');
  await form.getByLabel(s.from!, { exact: true }).fill(to);
  await form.getByLabel(s.to!, { exact: true }).fill(from);
  await form.getByRole('button', { name: s.submit }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(form.getByLabel(s.to!, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(await form.getByLabel(s.to!, { exact: true }).evaluate((i) => (i as HTMLInputElement).validationMessage)).toBe(s.datesOrder);
});

test.describe('near me', () => {
  // A kilometre from Sestriere's centre: nearer it than any other town of the table.
  const sestriere = data.towns.find((t) => t.slug === 'sestriere')!;
  test.use({ geolocation: { latitude: sestriere.lat + 0.005, longitude: sestriere.lon + 0.005 }, permissions: ['geolocation'] });

  test('fills the nearest town from the device position, and the search goes on from there', async ({ page }) => {
    const s = search(messages('it'));
    await page.goto('/');
    const form = page.getByRole('search', { name: s.heading });
    await form.getByRole('button', { name: s.nearMe }).click();
    await expect(form.getByLabel(s.town!, { exact: true })).toHaveValue('Sestriere');
    await expect(form.getByLabel(s.sport!, { exact: true })).toBeFocused();
    await form.getByLabel(s.sport!, { exact: true }).selectOption({ label: 'Ciaspole' });
    await form.getByRole('button', { name: s.submit }).click();
    await expect(page).toHaveURL(/\/ciaspole\/sestriere\/$/);
  });

  test('far from every town it says so under the field and leaves the town to type', async ({ page, context }) => {
    await context.setGeolocation({ latitude: 45.4642, longitude: 9.19 });
    const s = search(messages('en'));
    await page.goto('/en/');
    const form = page.getByRole('search', { name: s.heading });
    await form.getByRole('button', { name: s.nearMe }).click();
    await expect(form.getByText(s.nearMeNone!)).toBeVisible();
    await expect(form.getByLabel(s.town!, { exact: true })).toHaveValue('');
    await expect(form.getByLabel(s.town!, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('screenshots', () => {
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 768 }],
  ] as const)
    for (const locale of name === 'phone' ? LOCALES : (['it'] as const))
      test(`${name} ${locale}`, async ({ browser }) => {
        const context = await browser.newContext({
          viewport,
          deviceScaleFactor: 2,
          hasTouch: name === 'phone',
          isMobile: name === 'phone',
          locale: { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' }[locale],
        });
        const page = await context.newPage();
        await page.goto(`${prefix(locale)}/`);
        const s = search(messages(locale));
        await page.getByLabel(s.town!, { exact: true }).fill('Bardonecchia');
        await page.getByLabel(s.from!, { exact: true }).fill(from);
        await page.getByLabel(s.to!, { exact: true }).fill(to);
        await page.getByLabel(s.to!, { exact: true }).blur();
        if (name === 'phone') await page.getByRole('search').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: path.join(SHOTS, `landing-home-search-${name}-${locale}.png`), animations: 'disabled' });
        await page.locator('[data-from-price]').first().evaluate((el) => el.closest('article')!.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: path.join(SHOTS, `landing-home-cards-${name}-${locale}.png`), animations: 'disabled' });
        await context.close();
      });
});
