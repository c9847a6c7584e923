// `?framed` (spec §2): a shop embedded in another site hides the logo, the network footer
// and the shop footer (the embedding site has its own), on the first page and on every page reached
// from it — by a link (the parameter is carried) or any other way (the tab remembers it).
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration';

const SHOP = 'sport-noleggio-sestriere';

async function expectFramed(page: Page, framed: boolean) {
  const logo = page.getByRole('link', { name: /torna alla home$/ });
  const footers = page.locator('footer, .shop-footer');
  // Right after a navigation commits the new document may be parsed only in part: wait for all of
  // it before listing its footers.
  await page.waitForLoadState('domcontentloaded');
  await expect(footers).not.toHaveCount(0);
  if (framed) {
    await expect(logo).toBeHidden();
    for (const footer of await footers.all()) await expect(footer).toBeHidden();
  } else {
    await expect(logo).toBeVisible();
    for (const footer of await footers.all()) await expect(footer).toBeVisible();
  }
}

test('without framed the logo and both footers show', async ({ page }) => {
  await page.goto(`/noleggio/${SHOP}/`);
  await expect(page.locator('.shop-footer, footer[aria-label*="Sport Noleggio"], footer').first()).toBeVisible();
  await expectFramed(page, false);
});

test('?framed hides the logo, the network footer and the shop footer, also after navigating', async ({ page }) => {
  await page.goto(`/noleggio/${SHOP}/?framed=1`);
  await expectFramed(page, true);

  // A link: the parameter goes along.
  await page.getByRole('main').getByRole('link', { name: 'Prenota da Sport Noleggio Sestriere', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/calendar/?\\?framed`));
  await expectFramed(page, true);
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Passaggi della prenotazione' }).getByRole('link', { name: 'Attrezzatura', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/?\\?framed`));
  await expectFramed(page, true);

  // A navigation that drops the parameter (a script's location.assign, a typed address): the tab remembers.
  await page.goto(`/noleggi/`);
  await expectFramed(page, true);
  await page.goto(`/en/noleggio/${SHOP}/`);
  await expectFramed(page, true);
});
