// Error catalogue in the browser (spec §8) and redirect safety.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { RELOAD_KEY } from '~/scripts/page-transitions';

test('with the API unreachable, an action shows "Errore nella comunicazione con il server"', async ({ page }) => {
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Accedi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await dialog.getByLabel('Email').fill('mario.rossi@example.com');
  await dialog.getByLabel('Password').fill('Demo-2026!');
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('alert')).toContainText('Errore nella comunicazione con il server');
  // Only the spinner clears: the dialog stays usable.
  await expect(dialog.getByRole('button', { name: 'Accedi' })).toBeEnabled();
});

test('an expired token logs the customer out with the server message', async ({ page }) => {
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  await page.evaluate(() => localStorage.setItem('auth._token.local', 'Bearer expired-token-expired-token-123'));
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('alert')).toContainText('Sessione non valida o scaduta: accedi di nuovo');
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
});

for (const target of ['//evil.example.com/x', 'https://evil.example.com', '/%2F%2Fevil.example.com', 'javascript:alert(1)']) {
  test(`a malicious returnUrl is not followed: ${target}`, async ({ page }) => {
    await page.goto(`/user/signup?returnUrl=${encodeURIComponent(target)}`);
    await hydrated(page);
    const hrefs = await page.getByRole('main').locator('a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) expect(new URL(href).origin).toBe(new URL(page.url()).origin);
    expect(hrefs.join(' ')).not.toContain('evil');
  });
}

test('a dialog whose code cannot be fetched says so, the rest of the screen keeps working, and it opens once the network is back', async ({ page }) => {
  await page.goto('/prenota/sport-noleggio-sestriere/');
  // The chunk-failure guard (spec §8: reload once, at most once per 60 s) has just reloaded this tab:
  // the next failed chunk is the dialog's own to handle.
  await page.evaluate((key) => sessionStorage.setItem(key, String(Date.now())), RELOAD_KEY);
  const loginChunk = /\/_astro\/LoginDialog\.[\w-]+\.js$/;
  let refused = 0;
  await page.route(loginChunk, (route) => {
    refused += 1;
    return route.abort('connectionrefused');
  });
  await hydrated(page);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('alert')).toContainText('Errore nella comunicazione con il server');
  await expect(page.getByRole('dialog', { name: 'Accedi' })).toHaveCount(0);
  // The app bar is still there, not replaced by the island's "an error occurred".
  await expect(page.getByText('Si è verificato un errore')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
  expect(refused).toBe(1);

  // The network is back: the same page fetches the dialog again on the next open (LazyDialog.tsx),
  // instead of failing at once on the import React.lazy kept.
  await page.unroute(loginChunk);
  await page.getByRole('button', { name: 'Accedi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeVisible();
});
