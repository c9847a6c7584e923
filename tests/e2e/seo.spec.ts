// The static SEO site as visitors and crawlers get it from `npm start`: pages readable without
// JavaScript, `?framed` embedding, the `forced_ref` → `ref` referral carried across navigations,
// the localized 404 with its status, and the language links with the i18n_redirected cookie.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loadSeoData } from '~seo-data/schema';

type Messages = Record<string, Record<string, string>>;
const messages = (locale: string): Messages => JSON.parse(readFileSync(new URL(`../../i18n/${locale}.json`, import.meta.url), 'utf8')) as Messages;
const it = messages('it');
const en = messages('en');
const fr = messages('fr');
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

const data = loadSeoData();
const product = process.env.PUBLIC_SITE_NAME || 'RentAlp';
const town = data.towns.find((t) => t.slug === 'sestriere')!;
const townShops = data.shops.filter((s) => s.town === town.slug);
const shop = townShops[0]!;
const townPath = `/noleggi/${town.slug}`;
const shopPath = `/noleggio/${shop.slug}`;

const logo = (page: Page) => page.getByRole('link', { name: fill(it.nav!.homeLabel!, { name: product }) });
const networkFooter = (page: Page) => page.getByRole('navigation', { name: it.footer!.network });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
// The credit's year is the build's: the site is built on the day the tests run (Europe/Rome).
const buildYear = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Rome' }).format(new Date());

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a town page shows its heading and shops, each with its address and a link to it', async ({ page }) => {
    const response = await page.goto(townPath);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.pages[townPath.slice(1)]!.it.title);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: fill(it.town!.shopsIn!, { town: town.label }) })).toBeVisible();
    expect(townShops.length).toBeGreaterThan(0);
    for (const s of townShops) {
      const card = main.getByRole('article').filter({ has: page.getByRole('heading', { name: s.label, exact: true }) });
      await expect(card).toContainText(`${s.address}, ${s.postalCode} ${s.city}`);
      await expect(card.getByRole('link', { name: s.label, exact: true })).toHaveAttribute('href', `/noleggio/${s.slug}`);
    }
    await main.getByRole('link', { name: shop.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${shopPath}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.label);
  });

  test('a shop page shows address, phone, map link and the shop footer with the credit of the build year', async ({ page }) => {
    const response = await page.goto(shopPath);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.label);
    await expect(main).toContainText(`${shop.address}, ${shop.postalCode} ${shop.city}`);
    await expect(main.getByRole('link', { name: shop.phone })).toHaveAttribute('href', `tel:${shop.phone.replace(/\s/g, '')}`);
    await expect(main.getByRole('link', { name: it.shop!.map })).toHaveAttribute('href', /openstreetmap\.org\/.*mlat=/);
    // The shop's contacts are a labelled region inside the page's one footer (contentinfo).
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    const footer = page.getByRole('contentinfo').getByRole('region', { name: fill(it.footer!.shopLabel!, { shop: shop.label }) });
    await expect(footer).toContainText(shop.label);
    await expect(footer).toContainText(`${shop.address}, ${shop.postalCode} ${shop.city}, ${shop.country}`);
    await expect(footer.getByRole('link', { name: shop.phone })).toBeVisible();
    await expect(footer.getByRole('link', { name: it.footer!.contact })).toHaveAttribute('href', `mailto:${shop.email}`);
    await expect(footer).toContainText(fill(it.footer!.credit!, { year: buildYear }));
    await expect(page.getByRole('contentinfo')).not.toContainText('2021');
    await expect(networkFooter(page)).toBeVisible();
  });
});

test('?framed hides the logo and the network footer, also after following an internal link', async ({ page }) => {
  await page.goto(shopPath);
  await expect(logo(page)).toBeVisible();
  await expect(networkFooter(page)).toBeVisible();

  await page.goto(`${shopPath}?framed`);
  await expect(logo(page)).toBeHidden();
  await expect(networkFooter(page)).toBeHidden();
  // The shop's contacts too (the embedding site has its own): in the page, not shown.
  await expect(page.locator('.shop-footer')).toHaveCount(1);
  await expect(page.locator('.shop-footer')).toBeHidden();

  // The shop page's "Prenota" opens the shop's calendar.
  await page.getByRole('main').getByRole('link', { name: `Prenota da ${shop.label}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${shop.slug}/calendar/?\\?`));
  expect(new URL(page.url()).searchParams.has('framed')).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.pages[`prenota/${shop.slug}/calendar`]!.it.title);
  await expect(logo(page)).toBeHidden();
  await expect(networkFooter(page)).toBeHidden();
});

test('?forced_ref=x is carried as ref=x across two navigations', async ({ page }) => {
  await page.goto(`${townPath}?forced_ref=x`);
  await page.getByRole('main').getByRole('link', { name: shop.label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${shopPath}/?\\?`));
  expect(param(page, 'ref')).toBe('x');

  await page.getByRole('main').getByRole('link', { name: `Prenota da ${shop.label}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${shop.slug}/calendar/?\\?`));
  expect(param(page, 'ref')).toBe('x');
});

test.describe('unknown paths', () => {
  for (const { url, lang, messages: m } of [
    { url: '/sentiero-che-non-esiste/davvero', lang: 'it', messages: it },
    { url: '/en/no-such-page/at-all', lang: 'en', messages: en },
    { url: '/fr/page-inexistante/vraiment', lang: 'fr', messages: fr },
  ])
    test(`${url} answers 404 with the ${lang} 404 page`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.errors!.notFound!);
      // In the page's language: the Italian and French headings are not the English one.
      if (lang !== 'en') expect(m.errors!.notFound).not.toBe(en.errors!.notFound);
      await expect(page).toHaveTitle(`${m.errors!.notFoundTitle} | ${product}`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('main').getByRole('link', { name: m.errors!.backHome })).toHaveAttribute('href', lang === 'it' ? '/' : `/${lang}/`);
      // The network footer's credit carries the build's year.
      await expect(page.getByRole('contentinfo')).toContainText(fill(m.footer!.credit!, { year: buildYear }));
    });
});

test('the language links open the same page in the other locale and set the i18n_redirected cookie', async ({ page, context }) => {
  const cookie = async () => (await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value;
  const languages = (name: string) => page.getByRole('navigation', { name });

  await page.goto(townPath);
  await languages(it.nav!.language!).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/en${townPath}/?$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.pages[townPath.slice(1)]!.en.title);
  expect(await cookie()).toBe('en');

  await languages(en.nav!.language!).getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr${townPath}/?$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await cookie()).toBe('fr');

  await languages(messages('fr').nav!.language!).getByRole('link', { name: 'Italiano' }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?#]*//[^/]+${townPath}/?$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  expect(await cookie()).toBe('it');
});
