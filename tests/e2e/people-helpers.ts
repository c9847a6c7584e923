// Helpers of the account specs: a fresh customer made through the API, logged in
// through the login dialog as a customer does; or the demo customer's session put in the browser
// directly, for the specs about what a logged-in customer sees rather than about logging in.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated } from './hydration';

export const PASSWORD = 'Sciatore-2026!';

/** A new account; answers its token. */
export async function newCustomer(request: APIRequestContext, username: string, first_name: string, last_name: string): Promise<string> {
  const res = await request.post('/api/v1/signup', {
    data: { first_name, last_name, username, password: PASSWORD, password_confirmation: PASSWORD, phone: '+39 333 555 6677' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.token as string;
}

export async function logIn(page: Page, path: string, username: string, firstName: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await page.getByRole('button', { name: 'Accedi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await dialog.getByLabel('Email').fill(username);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('button', { name: `Ciao ${firstName}` })).toBeVisible();
}

/** Logs the demo customer Mario Rossi in through the API and stores the session in the page at `/`. */
export async function asDemoCustomer(page: Page, request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/v1/login', { data: { username: 'mario.rossi@example.com', password: 'Demo-2026!' } });
  const token = `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`;
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('auth._token.local', value), token);
}
