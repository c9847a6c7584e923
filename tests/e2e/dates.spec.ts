// Dates as spec §9 shows them: an order of today reads "Oggi", one of tomorrow "Domani"
// (Rome days), on the orders list and the order page, in the page's language; the dates chip too.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { addDays, todayInRome } from '~/domain/dates';
import { hydrated } from './hydration';
import { DateModes } from '~/domain/dates';
import { TERMS_VERSION } from '~/domain/terms';

// A shop open all year: these tests need an order today, whatever day they run on.
const SHOP = 'alpin-tour-sestriere';

async function token(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/login', { data: { username: 'mario.rossi@example.com', password: 'Demo-2026!' } });
  return `Bearer ${(await res.json()).data.token as string}`;
}

/** A snowshoes order of the logged-in customer for one day. */
async function orderOn(request: APIRequestContext, auth: string, day: string): Promise<{ uuid: string; number: string }> {
  const shop = await (await request.get(`/api/v1/shops/slug/${SHOP}?from=${day}&to=${day}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE');
  const placed = await request.post(`/api/v1/shops/${shop.data.shop.id}/orders`, {
    headers: { Authorization: auth },
    multipart: { terms_version: TERMS_VERSION, from: day, to: day, first_name: 'Mario', last_name: 'Rossi', phone: '+39 333 1234567', email: 'mario.rossi@example.com', 'cart[0][prices][0]': String(snowshoes.current_price.id) },
  });
  expect(placed.status()).toBe(201);
  const data = (await placed.json()).data;
  return { uuid: data.uuid, number: String(data.number) };
}

test("today's and tomorrow's orders read Oggi / Domani on the list and the order page, in three languages", async ({ page, request }) => {
  const auth = await token(request);
  const today = todayInRome();
  const todays = await orderOn(request, auth, today);
  const tomorrows = await orderOn(request, auth, addDays(today, 1));
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('auth._token.local', t), auth);

  for (const [prefix, todayWord, tomorrowWord] of [
    ['', 'Oggi', 'Domani'],
    ['/en', 'Today', 'Tomorrow'],
    ['/fr', "Aujourd'hui", 'Demain'],
  ] as const) {
    await page.goto(`${prefix}/orders/`);
    const row = (n: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: n, exact: true }) });
    await expect(row(todays.number)).toContainText(todayWord);
    await expect(row(tomorrows.number)).toContainText(tomorrowWord);
    await page.goto(`${prefix}/orders/${todays.uuid}`);
    await expect(page.getByRole('main').locator('dd').filter({ hasText: new RegExp(`^${todayWord}$`) })).toBeVisible();
  }
});

test('the dates chip and the checkout say "Oggi" and "Domani"', async ({ page, request }) => {
  const today = todayInRome();
  const dates = [today, addDays(today, 1)];
  const load = (await (await request.get(`/api/v1/shops/slug/${SHOP}?from=${dates[0]}&to=${dates[1]}`)).json()).data;
  const snowshoes = load.products.find((p: { code: string }) => p.code === 'CIASPOLE');
  await page.goto(`/prenota/${SHOP}/`);
  await page.evaluate(({ dates, id, slug, label, productId, priceId, multipleDates }) => {
    const shop = { id, slug, label, logos: [], categories: [], sports: [] };
    localStorage.setItem('configuration', JSON.stringify({ shop, multipleDates, dates }));
    // The checkout shows its summary (and the dates) for a cart with something in it.
    const product = { id: productId, id_shop: id, id_price: priceId, related: [], multipleDates, dates, days: 2 };
    localStorage.setItem('cart', JSON.stringify({ products: [product] }));
  }, { dates, id: load.shop.id, slug: load.shop.slug, label: load.shop.label, productId: snowshoes.id, priceId: snowshoes.current_price.id, multipleDates: DateModes.RANGE });
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cambia date: Dal Oggi al Domani \(2 giorni\)/ })).toBeVisible();
  await page.goto(`/en/prenota/${SHOP}/order/`);
  await hydrated(page);
  await expect(page.getByRole('main').getByText(/From Today to Tomorrow \(2 days\)/).first()).toBeVisible();
});
