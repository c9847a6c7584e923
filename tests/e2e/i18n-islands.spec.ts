// Islands download only the strings of the page's language: each locale is its own chunk.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LOCALES } from '../../src/domain/locales';
import { hydrated } from './hydration';

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

// The browser's chunk holds only the islands' sections (src/i18n/islands-messages-plugin.mjs): a
// key of a section left out would show as the key itself.
const SECTIONS = Object.keys(JSON.parse(readFileSync(new URL('../../i18n/it.json', import.meta.url), 'utf8'))).join('|');
const RAW_KEY = new RegExp(`^(${SECTIONS})(\\.[\\w-]+)+$`);
const ISLAND_PAGES = ['/prenota/sport-noleggio-sestriere/', '/prenota/sport-noleggio-sestriere/calendar/', '/prenota/sport-noleggio-sestriere/order/', '/user/signup/', '/user/reset/'];
const SEVERAL_DAYS = { it: 'Più giorni', en: 'Several days', fr: 'Plusieurs jours' };

for (const [locale, severalDays] of Object.entries(SEVERAL_DAYS)) {
  test(`islands show their texts in ${locale}, never a raw key`, async ({ page }) => {
    const prefix = locale === 'it' ? '' : `/${locale}`;
    for (const path of ISLAND_PAGES) {
      await page.goto(prefix + path);
      await hydrated(page);
      if (path.endsWith('/calendar/')) await expect(page.getByRole('radio', { name: severalDays })).toBeVisible();
      // Visible text and the labels screen readers read, of the islands only.
      const texts = await page.locator('astro-island').evaluateAll((islands) =>
        islands.flatMap((island) => [
          ...(island as HTMLElement).innerText.split(/\s+/),
          ...[...island.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((el) =>
            ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''),
          ),
        ]),
      );
      expect(texts.filter((s) => RAW_KEY.test(s.trim())), prefix + path).toEqual([]);
    }
  });
}
