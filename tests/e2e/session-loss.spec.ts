// Spec §4: when the session ends under a page that needs a customer (the orders list, the
// account), the page is left for home; a 401's message is said there. Pages that need no login
// stay (tests/e2e/errors.spec.ts: an expired token on a shop page).
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { asDemoCustomer } from './people-helpers';

const EXPIRED = 'Bearer expired-token-expired-token-123';
const SESSION_ENDED = 'Sessione non valida o scaduta: accedi di nuovo';

test('an expired token on /orders leaves for home, which says why', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('auth._token.local', token), EXPIRED);
  await page.goto('/orders/');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await hydrated(page);
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
});

test('an expired token on the English account page leaves for the English home', async ({ page }) => {
  await page.goto('/en/');
  await page.evaluate((token) => localStorage.setItem('auth._token.local', token), EXPIRED);
  await page.goto('/en/account/');
  await expect(page).toHaveURL(/localhost:\d+\/en\/$/);
});

test('a logout in another tab leaves the orders list for home', async ({ page, context, request }) => {
  await asDemoCustomer(page, request);
  await page.goto('/orders/');
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Noleggi passati' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await other.evaluate(() => localStorage.removeItem('auth._token.local'));
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});
