// Islands download only the strings of the page's language (issue #2): each locale is its own chunk.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';

test('a French page loads the French strings chunk and no other', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/fr/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  const localeChunks = scripts.filter((s) => /\/_astro\/(it|en|fr)\.[\w-]+\.js$/.test(s)).map((s) => s.split('/').pop()!.split('.')[0]);
  expect(localeChunks).toEqual(['fr']);
});
