import { expect, test } from '@playwright/test';

const pages = [
  { path: '/', lang: 'it', heading: 'Noleggio sci, bici e montagna tra Alpi e Riviera' },
  { path: '/en/', lang: 'en', heading: 'Ski, bike and mountain rentals across the Alps and the Riviera' },
  { path: '/fr/', lang: 'fr', heading: 'Location de skis, vélos et matériel de montagne entre Alpes et Riviera' },
];

for (const { path, lang, heading } of pages) {
  test(`${path} renders in ${lang} with the "{title} | {product}" title`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page).toHaveTitle(/^.+ \| RentAlp$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Prenota online/);
  });
}

test('each locale has its own title', async ({ page }) => {
  const titles = new Set<string>();
  for (const { path } of pages) {
    await page.goto(path);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(3);
});

test('an unknown path answers 404 with the 404 page, marked noindex', async ({ page }) => {
  const response = await page.goto('/questa-pagina/non-esiste');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questa pagina non è stata trovata');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('link', { name: 'Torna alla home', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('/api/health answers 200 through the same server', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ data: { status: 'ok', database: 'pglite' } });
});

test('an English browser on / is sent to /en/ by the server, before any Italian HTML', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  const page = await context.newPage();
  const response = await page.goto('/?ref=hotel');
  // The first answer for `/` is the redirect itself: no Italian page was downloaded or painted.
  const first = response?.request().redirectedFrom();
  expect(first?.url()).toMatch(/\/\?ref=hotel$/);
  expect((await first?.response())?.status()).toBe(302);
  await expect(page).toHaveURL(/\/en\/\?ref=hotel$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('en');
  await context.close();
});
