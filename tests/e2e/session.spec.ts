// App bar islands in a real browser: login dialog, session across reloads, logout, cart badge.
import { expect, test, type Page } from '@playwright/test';
import { dayToDisplay } from '~/domain/dates';
import { inSeasonDay } from '../support/season';
import { hydrated } from './hydration';
import { formChunks } from './form-chunks';
import { DateModes } from '~/domain/dates';

const shopPage = '/noleggio/sport-noleggio-sestriere/';
/** Three days the shop is open, whatever today is: stored dates the app keeps. */
const [from, to] = [inSeasonDay('sport-noleggio-sestriere', 40), inSeasonDay('sport-noleggio-sestriere', 42)];

/** Opens the login sheet from the shop page's app bar. */
async function openLoginSheet(page: Page) {
  await page.goto(shopPage);
  await hydrated(page);
  await page.getByRole('button', { name: 'Accedi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('login: a wrong password shows the error under the field; the right one greets the customer and survives a reload', async ({ page }) => {
  const dialog = await openLoginSheet(page);
  // Required fields are checked before anything is sent.
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(dialog.getByText('Campo obbligatorio')).toHaveCount(2);

  await dialog.getByLabel('Email').fill('mario.rossi@example.com');
  await dialog.getByLabel('Password').fill('sbagliata');
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(dialog.getByText('E-mail o password non corretti')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Password').fill('Demo-2026!');
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('button', { name: 'Ciao Mario' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Accesso effettuato');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toMatch(/^Bearer \S{20,}$/);

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Ciao Mario' })).toBeVisible();

  await page.getByRole('button', { name: 'Ciao Mario' }).click();
  await page.getByRole('button', { name: 'Esci' }).click();
  // The home page itself (the shop page's path ends with a slash too: the navigation must be over).
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.waitForLoadState('load');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
});

test('the login dialog offers signup and reset with the current path as returnUrl, and closes with Escape', async ({ page }) => {
  await page.goto('/en/noleggi/sestriere/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/en/user/signup?returnUrl=%2Fen%2Fnoleggi%2Fsestriere%2F');
  await expect(dialog.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', /\/en\/user\/reset\?returnUrl=/);
  await expect(dialog.getByLabel('Loyalty card number')).toHaveCount(0);
  await dialog.getByLabel('I have a loyalty card').check();
  await expect(dialog.getByLabel('Loyalty card number')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('offline, the login sheet keeps what was typed and says the server could not be reached, without reloading the page', async ({ page }) => {
  const dialog = await openLoginSheet(page);
  // The sheet is here; react-hook-form, fetched on its first use, cannot be.
  let refused = 0;
  await page.route(formChunks('LoginLive'), (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await dialog.getByLabel('Email').fill('mario.rossi@example.com');
  await dialog.getByLabel('Password').fill('Demo-2026!');
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('alert')).toContainText('Errore nella comunicazione con il server');
  expect(refused).toBeGreaterThan(0);
  // Same page (no reload), same values, the button ready for another try.
  await expect(dialog.getByLabel('Email')).toHaveValue('mario.rossi@example.com');
  await expect(dialog.getByLabel('Password')).toHaveValue('Demo-2026!');
  await expect(dialog.getByRole('button', { name: 'Accedi' })).toBeEnabled();
});

test('the cart button appears only with items, shows their count and goes to checkout', async ({ page }) => {
  await page.goto(shopPage);
  await hydrated(page);
  await expect(page.getByRole('link', { name: /nel carrello/ })).toHaveCount(0);
  await page.evaluate(({ dates, multipleDates }) => {
    const shop = { id: 1, slug: 'sport-noleggio-sestriere', label: 'Sport Noleggio Sestriere', logos: [], categories: [], sports: [] };
    localStorage.setItem('configuration', JSON.stringify({ shop, multipleDates, dates }));
    const product = { id: 4, id_shop: 1, id_price: 23, related: [], multipleDates, dates, days: 3 };
    localStorage.setItem('cart', JSON.stringify({ products: [product, { ...product, id: 3 }] }));
  }, { dates: [from, to], multipleDates: DateModes.RANGE });
  await page.reload();
  await hydrated(page);
  const cart = page.getByRole('link', { name: '2 articoli nel carrello' });
  await expect(cart).toHaveAttribute('href', '/prenota/sport-noleggio-sestriere/order');
  await expect(page.getByRole('link', { name: new RegExp(`Cambia date: Dal ${dayToDisplay(from)} al ${dayToDisplay(to)} \\(3 giorni\\)`) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambia negozio: Sport Noleggio Sestriere' })).toBeVisible();
});

test('garbage in storage resets to defaults instead of breaking the page', async ({ page }) => {
  await page.goto(shopPage);
  await hydrated(page);
  await page.evaluate(() => {
    localStorage.setItem('cart', '{broken');
    localStorage.setItem('configuration', JSON.stringify({ shop: 'old shape', dates: 12 }));
  });
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Scegli il negozio' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  // What could not be read is kept aside, not overwritten (a kiosk's queue must never vanish).
  expect(await page.evaluate(() => localStorage.getItem('cart.unreadable'))).toBe('{broken');
});
