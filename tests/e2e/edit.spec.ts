// Editing an order's dates changes its total; the cart follows across tabs.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { inSeasonDay } from '../support/season';
import { pickDays, showMonthOf } from './calendar-months';
import { DateModes } from '~/domain/dates';
import { TERMS_VERSION } from '~/domain/terms';

/** Days the shop is open, counted from its first bookable day. */
const day = (n: number) => inSeasonDay('sport-noleggio-sestriere', n);

test('editing the dates of an order changes its total and keeps its number', async ({ page, request }) => {
  const from = day(50);
  const to = day(51);
  const shop = await (await request.get(`/api/v1/shops/slug/sport-noleggio-sestriere?from=${from}&to=${to}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE');
  const placed = await request.post('/api/v1/shops/1/orders', {
    multipart: { terms_version: TERMS_VERSION, from, to, first_name: 'Edo', last_name: 'Bianchi', phone: '+39 333 2222222', email: 'edo@example.com', 'cart[0][prices][0]': String(snowshoes.current_price.id) },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as { uuid: string; number: string; total_amount: number };

  await page.goto(`/orders/${order.uuid}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
  const oldTotal = await page.getByTestId('order-total').innerText();
  await page.getByRole('button', { name: 'Modifica' }).click();
  await hydrated(page);
  await expect(page).toHaveURL(/\/calendar/);
  await page.getByRole('radio', { name: 'Più giorni' }).check();
  // Another month the shop is open all of.
  await showMonthOf(page, day(90));
  await pickDays(page, 3, 8);
  await hydrated(page);
  await page.getByRole('link', { name: '1 articolo nel carrello' }).click();
  await hydrated(page);
  await expect(page.getByText(`Stai modificando l'ordine ${order.number}`)).toBeVisible();
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill('edo@example.com');
  await main.getByRole('button', { name: 'Salva le modifiche' }).click();
  await expect(page.getByRole('heading', { name: `Modifiche salvate: ordine ${order.number}` })).toBeVisible();
  const newTotal = await page.getByTestId('server-total').innerText();
  expect(newTotal).not.toBe(oldTotal);

  await page.goto(`/orders/${order.uuid}`);
  await hydrated(page);
  await expect(page.getByTestId('order-total')).toHaveText(newTotal);
});

test('a cart change in one tab appears in the others', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto('/noleggio/sport-noleggio-sestriere/');
    await hydrated(page);
  }
  await first.evaluate(({ dates, multipleDates }) => {
    const shop = { id: 1, slug: 'sport-noleggio-sestriere', label: 'Sport Noleggio Sestriere', logos: [], categories: [], sports: [] };
    localStorage.setItem('configuration', JSON.stringify({ shop, multipleDates, dates }));
    localStorage.setItem('cart', JSON.stringify({ products: [{ id: 7, id_shop: 1, id_price: 40, related: [], multipleDates, dates, days: 1 }] }));
  }, { dates: [day(60)], multipleDates: DateModes.SINGLE });
  await expect(second.getByRole('link', { name: '1 articolo nel carrello' })).toBeVisible();
});
