// Page changes: idle prefetch of visible internal links (not with data saver), and a 7 px loading
// bar when a navigation takes longer than 200 ms.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { PREFETCH_PASS_ATTRIBUTE } from '~/scripts/page-transitions';

test('internal links in view are prefetched when the browser is idle', async ({ page }) => {
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  await expect(page.locator('link[rel="prefetch"][href$="/noleggi/sestriere"]').first()).toBeAttached();
});

test('with data saver nothing is prefetched, and a slow navigation shows the loading bar', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  // The idle prefetch pass says when it is over (done or skipped): only then does "none" mean none.
  await expect(page.locator('html')).toHaveAttribute(PREFETCH_PASS_ATTRIBUTE, /^(done|skipped)$/);
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
  // The next page is held until the bar has been seen: a navigation as slow as it takes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/noleggi\/?$/, async (route) => {
    await held;
    await route.continue();
  });
  // Click and look at the bar from inside the page being left: Playwright's own click() and
  // locators wait for the new page, where the bar no longer exists.
  const barHeight = await page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const seen = () => {
          const bar = document.querySelector('.loading-bar');
          if (bar) resolve(getComputedStyle(bar).height);
          return bar !== null;
        };
        new MutationObserver((_, observer) => seen() && observer.disconnect()).observe(document.body, { childList: true });
        document.querySelector<HTMLAnchorElement>('.app-bar a[href="/noleggi"]')!.click();
      }),
  );
  release();
  expect(barHeight).toBe('7px');
  await expect(page).toHaveURL(/\/noleggi\/?$/);
});
