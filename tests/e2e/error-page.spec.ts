// The error page (spec §2) and the islands' error boundary.
// - A failing site route: the product's static server (server/static.ts serveDist over the built
//   dist/) is started here with its file lookup failing for one route — the failure a broken disk
//   or a permission error gives — so no test-only switch exists in the product.
// - A crashing island: the browser is handed an island module that throws, in place of the built
//   one; the shared boundary (src/scripts/react-island-client.ts) must show the fallback.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';
import { violations } from './axe';
import { hydrated } from './hydration';

// The same message as tests/e2e/failing-site.ts throws (not imported: that module loads JSON).
const MAINTENANCE = 'Manutenzione straordinaria: torniamo alle 15:00';

let site: ChildProcess;
let origin: string;

test.beforeAll(async () => {
  site = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/failing-site.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: site.stdout! }).once('line', resolve);
    site.once('exit', (code) => reject(new Error(`failing-site exited with ${code}`)));
  });
  origin = `http://localhost:${(JSON.parse(firstLine) as { port: number }).port}`;
});

test.afterAll(() => {
  site.kill('SIGTERM');
});

for (const [prefix, title, home] of [
  ['', 'Si è verificato un errore', 'Torna alla home'],
  ['/en', 'An error occurred', 'Back to home'],
  ['/fr', "Une erreur s'est produite", "Retour à l'accueil"],
] as const) {
  test(`a failing site route shows the error page with the server's message, noindex (${prefix || 'it'})`, async ({ page }) => {
    const response = await page.goto(`${origin}${prefix}/noleggi/sestriere/`);
    expect(response!.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('main')).toContainText('503');
    await expect(page.getByRole('main')).toContainText(MAINTENANCE);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('main').getByRole('link', { name: home })).toHaveAttribute('href', `${prefix}/`);
    await hydrated(page);
    expect(await violations(page)).toEqual([]);
  });
}

test('an unexpected failure answers 500 without exposing its text', async ({ page }) => {
  const response = await page.goto(`${origin}/noleggi/sanremo/`);
  expect(response!.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Si è verificato un errore');
  await expect(page.getByRole('main')).toContainText('500');
  await expect(page.getByRole('main')).not.toContainText('EIO');
  await page.getByRole('main').getByRole('link', { name: 'Torna alla home' }).click();
  await expect(page).toHaveURL(`${origin}/`);
});

test('an island that throws shows the error and a reload button in its region, and logs the error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The orders page's island, replaced by a module that throws while rendering.
  await page.route('**/_astro/OrdersList.*.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "export default function OrdersList() { throw new Error('forced island crash'); }",
    }),
  );
  await page.goto('/orders/');
  const region = page.locator('[data-island]').first();
  await expect(region.getByRole('alert')).toContainText('Si è verificato un errore');
  await expect(region.getByRole('button', { name: 'Ricarica la pagina' })).toBeVisible();
  expect(errors.join('\n')).toContain('forced island crash');
  // The rest of the page still works, and is accessible with the fallback in it.
  await expect(page.getByRole('banner')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // Reload, with the real island this time: the page recovers.
  await page.unroute('**/_astro/OrdersList.*.js');
  await region.getByRole('button', { name: 'Ricarica la pagina' }).click();
  await expect(page.getByRole('button', { name: 'Ricarica la pagina' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a server-rendered island that throws when it hydrates shows the fallback too', async ({ page }) => {
  await page.route('**/_astro/AppBarControls.*.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "export default function AppBarControls() { throw new Error('forced hydration crash'); }",
    }),
  );
  await page.goto('/noleggi/');
  await page.mouse.move(5, 5);
  await page.mouse.move(10, 12);
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('button', { name: 'Ricarica la pagina' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Noleggi' })).toBeVisible();
});
