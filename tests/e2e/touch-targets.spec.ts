// The touch-target finder itself, on a page of its own: a control the finder skips is a rule no
// screen's test holds.
import { expect, test } from '@playwright/test';
import { smallTargets } from './touch-targets';

test('the touch-target finder measures controls scrolled out of an inner scroller, and skips a skip link placed above the page', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 1280 });
  // Standards mode, as the site's pages: the page scrolls through <html>.
  await page.setContent(`<!doctype html>
    <a href="#main" style="position:absolute; top:-200px">skip</a>
    <main id="main">
      <div id="list" style="height:200px; overflow:auto">
        <button style="width:20px; height:20px">small</button>
        <div style="height:2000px"></div>
        <button style="width:60px; height:60px">big</button>
      </div>
      <div style="height:3000px"></div>
    </main>`);
  expect(await smallTargets(page)).toEqual(['button "small" 20×20']);
  // Scrolled to its end, the small control is above the scroller's top, still on the screen's page.
  await page.locator('#list').evaluate((list) => list.scrollTo(0, list.scrollHeight));
  expect(await smallTargets(page)).toEqual(['button "small" 20×20']);
  // The page scrolled too: each scroll is added back once, and the skip link is still above the page.
  await page.evaluate(() => window.scrollTo(0, 1000));
  expect(await page.evaluate(() => window.scrollY)).toBe(1000);
  expect(await smallTargets(page)).toEqual(['button "small" 20×20']);
});
