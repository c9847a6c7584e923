// Page changes: idle prefetch of visible internal links (not with data saver), and a 7 px loading
// bar when a navigation takes longer than 200 ms.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';

test('internal links in view are prefetched when the browser is idle', async ({ page }) => {
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  await expect(page.locator('link[rel="prefetch"][href$="/noleggi/sestriere"]').first()).toBeAttached();
});

test('with data saver nothing is prefetched, and a slow navigation shows the loading bar', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  await page.waitForTimeout(300);
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  await page.route(/\/noleggi\/?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  // Click and look at the bar from inside the page being left: Playwright's own click() and
  // locators wait for the new page, where the bar no longer exists.
  const barHeight = await page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        document.querySelector<HTMLAnchorElement>('.app-bar a[href="/noleggi"]')!.click();
        setTimeout(() => {
          const bar = document.querySelector('.loading-bar');
          resolve(bar ? getComputedStyle(bar).height : null);
        }, 600);
      }),
  );
  expect(barHeight).toBe('7px');
  await expect(page).toHaveURL(/\/noleggi\/?$/);
});
