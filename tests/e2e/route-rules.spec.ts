// Route rules of spec §2 in the browser: a guest on a protected page is asked to log in; the login
// callback path sends a visitor with a session on (internal returnUrl only, else home); the first
// tap on a phone reaches the lazily hydrated app bar; totem mode hides the account controls.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { formChunks, holdChunks } from './form-chunks';

async function logInThroughSheet(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('mario.rossi@example.com');
  await dialog.getByLabel('Password').fill('Demo-2026!');
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(dialog).toBeHidden();
}

test('a guest on the orders page gets the login sheet by itself, can open it again, and then sees the orders', async ({ page }) => {
  await page.goto('/orders/');
  // No interaction: the page asks for the login, although the app bar hydrates lazily.
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const main = page.getByRole('main');
  await expect(main.getByText('Accedi per vedere i tuoi ordini.')).toBeVisible();
  await main.getByRole('button', { name: 'Accedi' }).click();
  await logInThroughSheet(page);
  // The demo customer's seeded orders.
  await expect(main.getByRole('table', { name: 'Noleggi passati' })).toBeVisible();
  await expect(main.getByRole('cell', { name: /^\d{2}-\d{7}/ }).first()).toBeVisible();
});

test('the sheet that opens by itself fetches react-hook-form only once used, keeping what was typed and a submit pressed meanwhile', async ({ page }) => {
  const { held, release } = await holdChunks(page, formChunks('LoginLive'));
  await page.goto('/orders/');
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await expect(dialog).toBeVisible();
  // Open and settled, the sheet has not asked for the form's code: it loads on use.
  await page.waitForLoadState('networkidle');
  expect(held).toEqual([]);

  const username = dialog.getByLabel('Email');
  const password = dialog.getByLabel('Password');
  await username.click();
  await page.keyboard.type('mario.rossi@example.com');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await password.click();
  await page.keyboard.type('sbagliata');
  // Enter submits before react-hook-form is here: the sheet waits, then sends it.
  await page.keyboard.press('Enter');
  const submit = dialog.getByRole('button', { name: 'Accedi' });
  await expect(submit).toBeDisabled();
  release();
  await expect(password).toHaveAccessibleDescription('E-mail o password non corretti');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  await expect(username).toHaveValue('mario.rossi@example.com');
  await expect(password).toHaveValue('sbagliata');

  await password.fill('Demo-2026!');
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByRole('table', { name: 'Noleggi passati' })).toBeVisible();
});

test('/login: a guest logs in and goes on to returnUrl; with a session it goes on at once; a foreign target leads home', async ({ page }) => {
  await page.goto('/login?returnUrl=%2Fnoleggi%2Fsestriere%2F');
  await expect(page.getByRole('heading', { name: 'Accedi', level: 1 })).toBeVisible();
  await logInThroughSheet(page);
  await expect(page).toHaveURL(/\/noleggi\/sestriere\/$/);

  await page.goto('/login?returnUrl=%2Fen%2Fnoleggi%2F');
  await expect(page).toHaveURL(/\/en\/noleggi\/$/);
  for (const target of ['//evil.example.com/x', 'https://evil.example.com/', '/%2e%2e//evil.example.com']) {
    await page.goto(`/fr/login?returnUrl=${encodeURIComponent(target)}`);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/fr\/$/);
  }
});

test('logout leads home and the home page says so', async ({ page }) => {
  await page.goto('/login?returnUrl=%2Fnoleggi%2F');
  await logInThroughSheet(page);
  await expect(page).toHaveURL(/\/noleggi\/$/);
  await hydrated(page);
  const token = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  expect(token).toMatch(/^Bearer /);
  await page.getByRole('button', { name: 'Ciao Mario' }).click();
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByRole('status')).toContainText('Sei uscito');
  // The token is revoked on the server too: sent on the way home (keepalive), it lands a moment later.
  await expect.poll(async () => (await page.request.get('/api/v1/user', { headers: { Authorization: token! } })).status()).toBe(401);
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  // Said once: not again on the next page.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('status')).not.toContainText('Sei uscito');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.6 });

  for (const [button, dialog] of [
    ['Accedi', 'Accedi'],
    ['Scegli il negozio', 'Dove vuoi noleggiare?'],
  ] as const) {
    test(`the first tap on "${button}" opens it, although it lands before the app bar has hydrated`, async ({ page }) => {
      await page.goto('/noleggio/sport-noleggio-sestriere/');
      await page.waitForLoadState('networkidle');
      // On a phone the button is in the app bar's menu: opened here with a click event alone (a
      // touch or pointer would wake the islands), so the tap below is still the page's first.
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).evaluate((menu: HTMLButtonElement) => menu.click());
      // Nothing touched the page yet: the app bar is still the static HTML.
      await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
      await page.getByRole('button', { name: button }).tap();
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    });
  }
});

test('in totem mode the app bar has no login or account controls; the orders chip shows for totem types above 10', async ({ page }) => {
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  for (const [type, ordersChip] of [
    [10, 0],
    [20, 1],
    [30, 1],
  ] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('configuration', JSON.stringify({ totem: { type: t, code: `TEST-${t}`, data_security_user_optional: false } }));
      // A customer's session must not show on a kiosk either.
      localStorage.setItem('auth._token.local', 'Bearer not-checked-in-totem-mode');
    }, type);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Accedi' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Ciao/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ordini', exact: true })).toHaveCount(ordersChip);
  }
  await page.evaluate(() => localStorage.clear());
});

test("the dates chip opens the calendar of the shop whose page this is; elsewhere it asks for the shop first", async ({ page }) => {
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  // A link already in the static HTML: it works before (and without) any JavaScript.
  const chip = page.getByRole('link', { name: /^Cambia date: Scegli le date/ });
  await expect(chip).toHaveAttribute('href', '/prenota/sport-noleggio-sestriere/calendar');
  await chip.click();
  await expect(page).toHaveURL(/\/prenota\/sport-noleggio-sestriere\/calendar$/);

  // The calendar stores the shop it loaded (and then the chip rightly leads to that shop): the
  // second half is about a visitor with no shop yet, so it starts from an empty storage, emptied
  // once the calendar's page is gone (it may still be writing while it loads).
  await page.goto('/noleggi/');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await hydrated(page);
  await page.getByRole('button', { name: /^Cambia date: Scegli le date/ }).click();
  await expect(page.getByRole('dialog', { name: 'Dove vuoi noleggiare?' })).toBeVisible();
});
