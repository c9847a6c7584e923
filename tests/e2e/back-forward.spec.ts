// A page restored from the back/forward cache is a route change like any other (spec §2): the
// login sheet is closed (hide-login) and the loading bar of the navigation that left it is gone.
// Playwright turns the cache off by default; this file turns it back on.
import { expect, test } from '@playwright/test';
import { launchOptions } from './browser';
import { hydrated } from './hydration';

test.use({ launchOptions: { ...launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

test('a page restored by the back button has the login sheet closed and no loading bar left', async ({ page }) => {
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('button', { name: 'Accedi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await expect(dialog).toBeVisible();
  // The next page is held until the loading bar shows, so this one is left with the bar on it.
  // The page says so itself (a request the test answers): while a navigation is pending the test
  // cannot query the page.
  let barShown!: () => void;
  const shown = new Promise<void>((resolve) => (barShown = resolve));
  await page.route('**/__test/loading-bar-shown', async (route) => {
    await route.fulfill({ status: 204 });
    barShown();
  });
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.loading-bar')) return;
      observer.disconnect();
      void fetch('/__test/loading-bar-shown');
    });
    observer.observe(document.body, { childList: true });
  });
  await page.route(/\/user\/signup/, async (route) => {
    await shown;
    await route.continue();
  });
  await dialog.getByRole('link', { name: 'Registrati' }).click();
  await expect(page).toHaveURL(/\/user\/signup/);

  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/noleggio\/sport-noleggio-sestriere\/$/);
  // The same document came back from the cache (else this test would prove nothing).
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(page.locator('.loading-bar')).toHaveCount(0);
});
