import type { Page } from '@playwright/test';
import { LAZY_WAITS } from '~/scripts/client-lazy';

/**
 * Waits until every Astro island the visitor's moves wake has hydrated (Astro drops `ssr` when it
 * has). The app bar hydrates on the first interaction (`client:lazy`), so the pointer moves first,
 * as a visitor's would. The totem footer's slot (`client:lazy="kiosk"`) wakes on a kiosk only
 * (src/scripts/client-lazy.ts), so it is not waited for; a test about the footer waits for what it shows.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await page.mouse.move(10, 12);
  await page.waitForFunction((kiosk) => {
    const kioskOnly = (island: Element) => {
      try {
        return (JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: unknown }).value === kiosk;
      } catch {
        return false;
      }
    };
    return [...document.querySelectorAll('astro-island[ssr]')].every(kioskOnly);
  }, LAZY_WAITS.kiosk);
}
