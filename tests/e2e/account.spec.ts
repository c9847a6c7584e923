// Signup and password reset (code by email), each returning to returnUrl.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';

function lastResetCode(to: string): string {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const mails = readdirSync(outbox).sort().reverse().map((f) => readFileSync(path.join(outbox, f), 'utf8'));
  const mail = mails.find((m) => m.includes(`To: ${to}`))!;
  return /\b(\d{6})\b/.exec(mail.split('\n\n').slice(1).join('\n'))![1]!;
}

test('signup creates the account, logs in and returns to returnUrl', async ({ page }) => {
  await page.goto('/user/signup?returnUrl=%2Fnoleggi%2Fsestriere%2F');
  await hydrated(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Crea il tuo account' }).click();
  await expect(main.getByText('Campo obbligatorio').first()).toBeVisible();
  await main.getByLabel('Nome', { exact: true }).fill('Anna');
  await main.getByLabel('Cognome').fill('Gialli');
  await main.getByLabel('Email').fill('anna.gialli@example.com');
  await main.getByLabel('Password', { exact: true }).fill('Segreta-2026');
  await main.getByLabel('Ripeti la password').fill('Diversa-2026');
  await main.getByRole('button', { name: 'Crea il tuo account' }).click();
  await expect(main.getByText('Le password non coincidono')).toBeVisible();
  await main.getByLabel('Ripeti la password').fill('Segreta-2026');
  await main.getByRole('button', { name: 'Crea il tuo account' }).click();
  await expect(page).toHaveURL(/\/noleggi\/sestriere\/$/);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Ciao Anna' })).toBeVisible();

  // Logged in, the guest-only page sends the visitor home.
  await page.goto('/user/signup');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('password reset: code by email, new password, logged in, back to returnUrl', async ({ page, request }) => {
  // Its own account: other tests log in as the demo customer with the demo password.
  const signup = await request.post('/api/v1/signup', {
    data: { first_name: 'Paolo', last_name: 'Reset', username: 'paolo.reset@example.com', password: 'Vecchia-2026', password_confirmation: 'Vecchia-2026' },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/user/reset?returnUrl=%2Fnoleggi%2F');
  await hydrated(page);
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill('paolo.reset@example.com');
  await main.getByRole('button', { name: 'Inviami il codice' }).click();
  await expect(main.getByText(/ti abbiamo inviato un codice di 6 cifre/)).toBeVisible();
  // The code is checked alone first (spec §7): a wrong one is said under it, no password asked yet.
  await main.getByLabel('Codice ricevuto via email').fill('000000');
  await main.getByRole('button', { name: 'Verifica il codice' }).click();
  await expect(main.getByText('Codice non valido o scaduto')).toBeVisible();
  await expect(main.getByLabel('Codice ricevuto via email')).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByLabel('Nuova password')).toHaveCount(0);
  await main.getByLabel('Codice ricevuto via email').fill(lastResetCode('paolo.reset@example.com'));
  await main.getByRole('button', { name: 'Verifica il codice' }).click();
  await expect(main.getByLabel('Nuova password')).toBeFocused();
  await main.getByLabel('Nuova password').fill('Nuova-2026!');
  await main.getByLabel('Ripeti la password').fill('Nuova-2026!');
  await main.getByRole('button', { name: 'Cambia la password' }).click();
  await expect(page).toHaveURL(/\/noleggi\/$/);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Ciao Paolo' })).toBeVisible();
});
