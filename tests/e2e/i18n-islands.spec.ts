// Islands download only the strings of the page's language: each locale is its own chunk.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { LOCALES } from '~/domain/locales';
import { hydrated } from './hydration';
import { placeGuestOrder } from './guest-order';

test('a French page loads the French strings chunk and no other', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  // The button is already in the static HTML: wait for the strings chunk itself, then for quiet.
  const frenchChunk = page.waitForResponse((r) => /\/_astro\/fr\.[\w-]+\.js$/.test(new URL(r.url()).pathname));
  await page.goto('/fr/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  await frenchChunk;
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  const localeChunk = new RegExp(`/_astro/(${LOCALES.join('|')})\\.[\\w-]+\\.js$`);
  const localeChunks = scripts.filter((s) => localeChunk.test(s)).map((s) => s.split('/').pop()!.split('.')[0]);
  expect(localeChunks).toEqual(['fr']);
});

// The browser's chunk holds only what the page's islands translate (src/i18n/islands-messages-plugin.mjs,
// each customer page its own list): a key left out would show as the key itself.
const SECTIONS = Object.keys(JSON.parse(readFileSync(new URL('../../i18n/it.json', import.meta.url), 'utf8'))).join('|');
const RAW_KEY = new RegExp(`^(${SECTIONS})(\\.[\\w-]+)+$`);
// The orders list opens the login sheet for a guest by itself; the shop's page has "Ask the shop".
const ISLAND_PAGES = [
  '/prenota/sport-noleggio-sestriere/',
  '/prenota/sport-noleggio-sestriere/calendar/',
  '/prenota/sport-noleggio-sestriere/order/',
  '/user/signup/',
  '/user/reset/',
  '/orders/',
  '/noleggio/sport-noleggio-sestriere/',
];
const SEVERAL_DAYS = { it: 'Più giorni', en: 'Several days', fr: 'Plusieurs jours' };

/** Words the page's islands show, and the labels screen readers read, that look like a raw key. */
async function rawKeys(page: Page): Promise<string[]> {
  const texts = await page.locator('astro-island').evaluateAll((islands) =>
    islands.flatMap((island) => [
      ...(island as HTMLElement).innerText.split(/\s+/),
      ...[...island.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((el) => ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? '')),
    ]),
  );
  return texts.filter((s) => RAW_KEY.test(s.trim()));
}

for (const [locale, severalDays] of Object.entries(SEVERAL_DAYS)) {
  test(`islands show their texts in ${locale}, never a raw key`, async ({ page }) => {
    const prefix = locale === 'it' ? '' : `/${locale}`;
    for (const path of ISLAND_PAGES) {
      await page.goto(prefix + path);
      await hydrated(page);
      if (path.endsWith('/calendar/')) await expect(page.getByRole('radio', { name: severalDays })).toBeVisible();
      if (path === '/orders/') await expect(page.getByRole('dialog')).toBeVisible();
      expect(await rawKeys(page), prefix + path).toEqual([]);
    }
  });
}

// The order page: its lines, totals, documents, code and voucher, pay button and actions.
const ORDER_PAGE = { it: ['Paga ora', 'Scarica il voucher (PDF)'], en: ['Pay now', 'Download the voucher (PDF)'], fr: ['Payer maintenant', 'Télécharger le bon (PDF)'] };
test('the order page shows its texts in every language, never a raw key', async ({ page, request }) => {
  const order = await placeGuestOrder(request, 67);
  for (const locale of LOCALES) {
    const prefix = locale === 'it' ? '' : `/${locale}`;
    await page.goto(`${prefix}/orders/${order.uuid}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: new RegExp(order.number) })).toBeVisible();
    const [pay, voucher] = ORDER_PAGE[locale];
    await expect(page.getByRole('button', { name: new RegExp(`^${pay}`) })).toBeVisible();
    await expect(page.getByRole('link', { name: voucher })).toBeVisible();
    expect(await rawKeys(page), `${prefix}/orders/${order.uuid}`).toEqual([]);
  }
});
