import type { Page } from '@playwright/test';

/** Waits until every Astro island on the page has hydrated (Astro drops `ssr` when it has). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
