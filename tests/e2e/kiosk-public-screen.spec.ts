// The public kiosk's screens on its touch screen, portrait (1080×1920) and landscape (1920×1080):
// the start screen (the shop's categories as tiles, the dates on the same screen), products and the
// cart read at arm's length (body text ≥ 24 px, targets ≥ 64 px), the language names on the page,
// no link out of the shop; and the staff kiosks' bar trimmed to the shop and the orders chip. axe
// with every rule on each. With E2E_SCREENSHOTS=1 it also writes each kiosk screen's picture to
// tests/e2e/__screenshots__/ (shown in src/features/kiosk/README.md).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './axe';
import { hydrated } from './hydration';
import { DEMO, KIOSK_SCREENS, pair } from './kiosk-helpers';
import { smallTargets, type TargetRule } from './touch-targets';
import { splitLocale } from '~/domain/locale-path';

const BARD = 'bardonecchia-sport-rent';
const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');

/** Writes the screen's picture when asked (E2E_SCREENSHOTS=1): the committed ones are refreshed on purpose, not by every run. */
async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  // The caret and the loading bar would make each picture differ from the last for nothing.
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), caret: 'hide', animations: 'disabled' });
}

/**
 * The public screen's own controls (its page and header; not the staff's corner) are for anyone's
 * hand: 64 px either way. Its document picker is a file input behind a button that is measured.
 */
const PUBLIC_TARGETS: TargetRule = {
  min: 64,
  controls: 'main :is(button, a[href], input, select, textarea, summary, label.check), header :is(button, a[href])',
  exclude: 'input[type=checkbox], input[type=radio], .check input, input[type=file]',
};

/** Visible text smaller than 24 px in the page's main part and bar: `tag "text" size`. */
async function smallText(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *, header *')]
      .filter((el) => {
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
        if (!own || el.closest('.visually-hidden, [hidden], dialog:not([open])')) return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && parseFloat(getComputedStyle(el).fontSize) < 24;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${getComputedStyle(el).fontSize}`),
  );
}

/**
 * Visible links that lead anywhere but this shop's booking pages (any language). The totem code in
 * the footer is the staff's way to the configuration (five taps and a password; a single tap
 * follows nothing), so it is not counted.
 */
async function linksOut(page: Page) {
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter((a) => a.getBoundingClientRect().width > 0 && !a.classList.contains('kiosk-footer__code'))
      .map((a) => a.href),
  );
  return hrefs.filter((href) => {
    const url = new URL(href);
    const { path: inShop } = splitLocale(url.pathname);
    return url.origin !== new URL(page.url()).origin || !(inShop === `/prenota/${BARD}` || inShop.startsWith(`/prenota/${BARD}/`));
  });
}

async function checkScreen(page: Page, what: string) {
  expect(await violations(page), what).toEqual([]);
  expect(await smallText(page), what).toEqual([]);
  expect(await smallTargets(page, PUBLIC_TARGETS), what).toEqual([]);
  expect(await linksOut(page), what).toEqual([]);
}

for (const [name, viewport] of KIOSK_SCREENS) {
  test.describe(name, () => {
    test.use({ viewport, hasTouch: true });

    test("the public kiosk's start: tiles and dates on one screen, products and cart at arm's length, nothing out of the shop", async ({ page }) => {
      await pair(page, DEMO.public.code);
      await expect(page).toHaveURL(new RegExp(`/prenota/${BARD}$`));
      const what = page.getByRole('region', { name: 'Cosa vuoi noleggiare?' });
      const when = page.getByRole('region', { name: 'Quando?' });
      const tiles = what.getByRole('button');
      await expect(tiles.first()).toBeVisible();
      expect(await tiles.count()).toBeGreaterThan(1);
      // Tiles and dates in the first screen, no scrolling.
      for (const part of [tiles.last(), when.getByRole('group', { name: 'Per quanti giorni' })]) {
        const box = (await part.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
      // The language names are on the page, each this page in its language.
      const languages = page.getByRole('navigation', { name: 'Lingua' });
      await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('href', `/en/prenota/${BARD}`);
      // Nothing of the network: sections, home, breadcrumbs.
      await expect(page.getByRole('link', { name: 'Noleggi', exact: true })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Sentieri' })).toHaveCount(0);
      await shoot(page, `public-start-${name}`);
      await checkScreen(page, 'start screen');

      // A tile, then the dates on the same screen: that category's products come into view, priced for them.
      const tile = tiles.filter({ hasText: /Ciaspole|Escursionismo|Neve/ }).first();
      const category = (await tile.isVisible()) ? tile : tiles.first();
      await category.click();
      await expect(category).toHaveAttribute('aria-pressed', 'true');
      const label = (await category.innerText()).trim();
      await expect(when.getByText(`Scegli il giorno e per quanti giorni, poi vedi ${label}.`)).toBeVisible();
      await when.getByRole('group', { name: 'Dal giorno' }).getByRole('button', { name: /Domani/ }).click();
      await when.getByRole('group', { name: 'Per quanti giorni' }).getByRole('button', { name: '2 giorni' }).click();
      // Day and date at both ends, never "Dal Domani al 09/12/2026".
      await expect(when.getByText(/Prezzi e disponibilità qui sotto per: Dal \p{L}{3} \d{1,2} \p{L}{3} al \p{L}{3} \d{1,2} \p{L}{3} \(2 giorni\)/u)).toBeVisible();
      // The chosen tile fills with the brand's colour, the others stay white.
      const fill = (locator: typeof category) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await fill(category)).not.toBe('rgb(255, 255, 255)');
      expect(await fill(page.locator(".kiosk-tile[aria-pressed='false']").first())).toBe('rgb(255, 255, 255)');
      await expect(when.getByRole('button', { name: '2 giorni' })).toHaveAttribute('aria-pressed', 'true');
      // The booking screen shows that sport's tab, brought into view.
      const heading = page.getByRole('tabpanel', { name: label });
      await when.getByRole('button', { name: `Vedi ${label}` }).click();
      await expect(heading).toBeInViewport();
      const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4 }) }).filter({ has: page.getByRole('button', { name: /Aggiungi al carrello/ }) });
      await expect(product.first()).toBeVisible();
      await shoot(page, `public-products-${name}`);
      await checkScreen(page, 'products');

      // The cart: the checkout at the same scale.
      const add = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ciaspole e bastoncini' }) }).getByRole('button', { name: /Aggiungi al carrello/ });
      await add.click();
      await page.getByRole('link', { name: '1 articolo nel carrello' }).click();
      await expect(page).toHaveURL(new RegExp(`/prenota/${BARD}/order$`));
      await hydrated(page);
      await expect(page.getByRole('main').getByLabel('Nome', { exact: true })).toBeVisible();
      await shoot(page, `public-cart-${name}`);
      await checkScreen(page, 'cart');
    });

    test("staff kiosks' bar: the shop and the orders chip only", async ({ page }) => {
      await pair(page, DEMO.cashDesk.code);
      for (const [screen, pagePath] of [
        ['cash-desk', '/totem/cash-desk'],
        ['delivery', '/totem/delivery'],
        ['pickup', '/totem/pickup'],
        ['inventory', '/totem/inventory'],
        ['products', '/totem/products'],
        ['board', '/totem/board'],
        ['queue', '/totem/push_in_queue'],
      ] as const) {
        await page.goto(pagePath);
        await hydrated(page);
        await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
        const bar = page.getByRole('banner');
        await expect(bar.getByRole('link', { name: 'Ordini' })).toBeVisible();
        await expect(bar.getByRole('img', { name: 'Bardonecchia Sport Rent' })).toBeVisible();
        // Only those: no network sections, dates, shop selector, languages or login.
        expect(await bar.locator('a[href], button').count(), pagePath).toBe(1);
        await expect(page.getByRole('navigation', { name: 'Lingua' })).toHaveCount(0);
        await shoot(page, `staff-${screen}-${name}`);
        expect(await violations(page), pagePath).toEqual([]);
      }
      // Staff changing an order on the booking pages: no network sections, home or breadcrumbs either.
      await page.goto(`/prenota/${BARD}`);
      await hydrated(page);
      const bar = page.getByRole('banner');
      for (const name of ['Noleggi', 'Sentieri']) await expect(bar.getByRole('link', { name, exact: true })).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Percorso di navigazione' })).toBeHidden();
      await expect(bar.getByRole('navigation', { name: 'Sezioni' })).toBeHidden();
    });
  });
}
