// On a phone (390 px wide) nothing a customer needs may be off screen: no page scrolls sideways,
// the order page's actions (pay!) and the account menu are fully visible and usable.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { asDemoCustomer } from './people-helpers';
import { inSeasonDay } from '../support/season';
import { DateModes } from '~/domain/dates';
import { TERMS_VERSION } from '~/domain/terms';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const SHOP = 'sport-noleggio-sestriere';
/** Days the shop is open, counted from its first bookable day. */
const day = (n: number) => inSeasonDay(SHOP, n);

async function placeGuestOrder(request: APIRequestContext) {
  const from = day(70);
  const shop = await (await request.get(`/api/v1/shops/slug/${SHOP}?from=${from}&to=${from}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE');
  const placed = await request.post('/api/v1/shops/1/orders', {
    multipart: { terms_version: TERMS_VERSION, from, to: from, first_name: 'Pia', last_name: 'Telefono', phone: '+39 333 5555555', email: 'pia@example.com', 'cart[0][prices][0]': String(snowshoes.current_price.id) },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).data as { uuid: string };
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

async function expectOnScreen(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('the booking screens, the order and the orders list fit the screen; the order actions are all on it', async ({ page, request }) => {
  const order = await placeGuestOrder(request);
  await page.goto(`/prenota/${SHOP}/`);
  await page.evaluate((configuration) => localStorage.setItem('configuration', JSON.stringify(configuration)), { multipleDates: DateModes.RANGE, dates: [day(40), day(42)] });
  for (const path of [`/prenota/${SHOP}/`, `/prenota/${SHOP}/calendar/`, `/prenota/${SHOP}/order/`, `/orders/${order.uuid}`]) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, path);
  }
  // On the order page: every action, the pay button first, entirely visible and tappable.
  const actions = page.locator('.actions').last().locator('a, button');
  await expect(page.getByRole('button', { name: /^Paga ora/ })).toBeVisible();
  for (const action of await actions.all()) await expectOnScreen(page, action);
  await page.getByRole('button', { name: /^Paga ora/ }).tap();
  await expect(page.getByRole('heading', { name: 'Pagamento (simulato)' })).toBeVisible();
});

test('the account menu opens on screen, closes with Escape, and the orders list fits', async ({ page, request }) => {
  await asDemoCustomer(page, request);
  await page.goto('/noleggi/');
  await hydrated(page);
  // On a phone the account button is in the app bar's menu.
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
  const menuButton = page.getByRole('button', { name: 'Ciao Mario' });
  await menuButton.tap();
  const logout = page.getByRole('button', { name: 'Esci' });
  await expect(logout).toBeVisible();
  await expectOnScreen(page, logout);
  await expectOnScreen(page, page.getByRole('link', { name: 'I miei ordini' }));
  await page.keyboard.press('Escape');
  await expect(logout).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.goto('/orders/');
  await hydrated(page);
  await expect(page.getByRole('table', { name: 'Noleggi passati' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/orders/');
  // Each order opens from its number, a target a finger can hit.
  const first = page.getByRole('link', { name: /^\d{2}-\d{7}$/ }).first();
  const box = (await first.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(40);
  await first.tap();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
});
