import type { Page } from '@playwright/test';

/**
 * Waits until every Astro island on the page has hydrated (Astro drops `ssr` when it has). The
 * app bar hydrates on the first interaction (`client:lazy`), so the pointer moves first, as a
 * visitor's would.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await page.mouse.move(10, 12);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
