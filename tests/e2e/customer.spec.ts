// Customer journey: login, cart across reload and language switch, coupons (BENVENUTO10 applies,
// SCADUTO is refused and never sent), the order in /orders; and a sold-out product.
import { expect, test, type Page } from '@playwright/test';
import { openSport } from './gear-helpers';
import { hydrated } from './hydration';
import { inSeasonDay } from '../support/season';
import { pickDays, showMonthOf } from './calendar-months';
import { acceptTerms, fillContact, pricedTotal } from './checkout-helpers';
import { TERMS_VERSION } from '~/domain/terms';

async function chooseRange(page: Page, shop: string, from: number, to: number) {
  await page.goto(`/prenota/${shop}/calendar`);
  await hydrated(page);
  await page.getByRole('radio', { name: 'Più giorni' }).check();
  // A month the shop is open all of.
  await showMonthOf(page, inSeasonDay(shop, 60));
  await pickDays(page, from, to);
  await hydrated(page);
}

test('customer: login, cart kept across reload and language, coupons, order listed', async ({ page }) => {
  await page.goto('/noleggio/sport-noleggio-sestriere/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Accedi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  await dialog.getByLabel('Email').fill('mario.rossi@example.com');
  await dialog.getByLabel('Password').fill('Demo-2026!');
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('button', { name: 'Ciao Mario' })).toBeVisible();

  await chooseRange(page, 'sport-noleggio-sestriere', 4, 5);
  await openSport(page, 'Ciaspole');
  const snowshoes = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ciaspole e bastoncini' }) });
  await snowshoes.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  await expect(page.getByRole('link', { name: '1 articolo nel carrello' })).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('link', { name: '1 articolo nel carrello' })).toBeVisible();
  await page.getByRole('link', { name: 'English' }).click();
  await hydrated(page);
  await expect(page.getByRole('link', { name: '1 item in the cart' })).toBeVisible();
  await page.getByRole('link', { name: 'Italiano' }).click();
  await hydrated(page);

  await page.getByRole('link', { name: '1 articolo nel carrello' }).click();
  await hydrated(page);
  const main = page.getByRole('main');
  // Mario's own loyalty card is applied by itself (own-fidelity-card.spec.ts); the totals below are with it.
  await expect(main.getByText('La tua carta FID-0001 è applicata: sconto 10%')).toBeVisible();
  const before = await pricedTotal(page);
  await main.getByLabel('Codice sconto').fill('SCADUTO');
  await main.getByRole('button', { name: 'Applica' }).click();
  await expect(main.getByText('SCADUTO: codice non valido')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(before);
  await main.getByLabel('Codice sconto').fill('BENVENUTO10');
  await main.getByRole('button', { name: 'Applica' }).click();
  await expect(main.getByText(/BENVENUTO10: −10,00/)).toBeVisible();
  await expect(page.getByTestId('cart-total')).not.toHaveText(before);
  const discounted = await page.getByTestId('cart-total').innerText();

  // The logged-in customer's details are already there.
  await expect(main.getByLabel('Nome', { exact: true })).toHaveValue('Mario');
  await expect(main.getByLabel('Cognome')).toHaveValue('Rossi');
  await expect(main.getByLabel('Telefono')).toHaveValue('+39 333 123 4567');
  await expect(main.getByLabel('Email')).toHaveValue('mario.rossi@example.com');
  const sent = page.waitForRequest((r) => r.url().includes('/api/v1/shops/') && r.method() === 'POST');
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  const body = (await sent).postData() ?? '';
  expect(body).toContain('BENVENUTO10');
  expect(body).not.toContain('SCADUTO');
  await expect(page.getByTestId('server-total')).toHaveText(discounted);
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
  const number = await page.getByTestId('order-number').innerText();

  await page.getByRole('button', { name: 'Ciao Mario' }).click();
  await page.getByRole('link', { name: 'I miei ordini' }).click();
  await hydrated(page);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${number}`) }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Confermato · Da pagare' })).toBeVisible();
  // The demo customer's orders of 2025 are over: listed apart, "Concluso", never "Da pagare".
  const past = page.getByRole('region', { name: 'Noleggi passati' });
  await expect(past.getByRole('cell', { name: 'Concluso' }).first()).toBeVisible();
  await expect(past.getByText('Da pagare')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Prossimi noleggi' }).getByRole('row').filter({ hasText: number })).toBeVisible();
});

test('availability: the last unit in the cart shows sold out; a second order for it is refused by the server', async ({ page, request }) => {
  await chooseRange(page, 'sport-noleggio-sestriere', 20, 21);
  const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Kit sci Junior' }) });
  await expect(product.getByText('2 disponibili')).toBeVisible();
  for (let i = 0; i < 2; i++) {
    await product.getByRole('button', { name: /Aggiungi al carrello/ }).click();
    const customer = page.getByRole('dialog', { name: /Per chi è/ });
    for (const [label, value] of [['Nome', 'Bimbo'], ['Cognome', 'Test'], ['Altezza (cm)', '120'], ['Peso (kg)', '25'], ['Numero di scarpa', '30']]) {
      await customer.getByLabel(label!, { exact: true }).fill(value!);
    }
    await customer.getByLabel('Livello').selectOption({ label: 'Principiante' });
    await customer.getByRole('button', { name: 'Conferma' }).click();
  }
  await expect(product.getByText('Esaurito')).toBeVisible();
  await expect(product.getByRole('button', { name: /Aggiungi al carrello/ })).toBeDisabled();

  // Someone else takes one unit first: the server refuses our order with the availability message.
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!) as { products: { id_price: number; dates: string[] }[] });
  const line = cart.products[0]!;
  const form = {
    from: line.dates[0]!,
    to: line.dates[1]!,
    first_name: 'Altro',
    last_name: 'Cliente',
    phone: '+39 333 0000000',
    email: 'altro@example.com',
    terms_version: TERMS_VERSION,
    'cart[0][prices][0]': String(line.id_price),
    ...Object.fromEntries(['first_name', 'last_name', 'height', 'weight', 'shoe_size', 'level'].map((f) => [`cart[0][customer][${f}]`, '1'])),
  };
  expect((await request.post('/api/v1/shops/1/orders', { multipart: form })).status()).toBe(201);

  await page.getByRole('link', { name: '2 articoli nel carrello' }).click();
  await hydrated(page);
  const main = page.getByRole('main');
  await fillContact(main, { first: 'Anna', last: 'Neri', phone: '+39 333 1111111', email: 'anna.neri@example.com' });
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Kit sci Junior non è più disponibile per le date scelte' })).toBeVisible();
});
