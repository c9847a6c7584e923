// Page changes show a 7 px loading bar when they take longer than 200 ms.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';

test('a slow navigation shows the loading bar', async ({ page }) => {
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  await page.route('**/noleggi/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole('link', { name: 'Noleggi', exact: true }).click();
  const bar = page.locator('.loading-bar');
  await expect(bar).toBeAttached();
  expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe('7px');
  await expect(page).toHaveURL(/\/noleggi\/$/);
});
