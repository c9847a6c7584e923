// The forms whose react-hook-form side is fetched on their first use (src/components/ui/
// useLoadOnFirstUse.ts: the checkout, the login sheet): their specs hold those chunks back, to type
// and submit while they load.
import type { Page } from '@playwright/test';

/** A form's live module (`CheckoutLive`, `LoginLive`) and react-hook-form itself (Vite names it after its dist/index.esm.mjs). */
export const formChunks = (live: string) => new RegExp(`/_astro/(${live}|index\\.esm)\\.[\\w-]+\\.js$`);

/** Holds the chunks matching `chunks` until `release()`; `held` lists the ones asked for so far. */
export async function holdChunks(page: Page, chunks: RegExp) {
  const held: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunks, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release };
}

/**
 * Resolves once the page has been idle twice over (two `requestIdleCallback` rounds): what loads
 * at idle has asked for its code by then. Used instead of Playwright's `networkidle`, which never
 * comes while a held chunk is pending and flaked under the full suite's load (a clean-clone run
 * timed out there with nothing held).
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))),
  );
}
