// Feedback in the checkout, the login sheet and the "Per chi è …?" dialog lands where the customer
// is: refusals under their field with the focus on the first one (or on the error list), the
// confirmation focused, the phone and the email checked before sending, expired coupons named
// and removable, measures with their own messages.
import { expect, test, type Page } from '@playwright/test';
// As tests/e2e/a11y.spec.ts: the screen with its feedback shown stays free of axe violations (every rule).
import { violations } from './axe';
import { hydrated } from './hydration';
import { inSeasonDay } from '../support/season';
import { pickDays, showMonthOf } from './calendar-months';
import { acceptTerms, checkoutWithSnowshoes, fillContact, fillSkier, pricedTotal } from './checkout-helpers';
import { formChunks, holdChunks, pageSettled } from './form-chunks';
import { formatCurrency } from '~/domain/format';
import { TERMS_VERSION } from '~/domain/terms';

const SHOP = 'sport-noleggio-sestriere';

/** Days the shop is open, counted from its first bookable day. */
const day = (n: number) => inSeasonDay(SHOP, n);

test('checkout: a phone the API would refuse is refused before sending, with the focus on it', async ({ page, request }) => {
  const main = await checkoutWithSnowshoes(page, request, 70);
  await fillContact(main, { phone: '123' });
  let sent = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v1\/shops\/\d+\/orders/.test(r.url())) sent = true;
  });
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  const phone = main.getByLabel('Telefono');
  await expect(main.getByText('Numero di telefono non valido')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  expect(sent).toBe(false);
});

test('checkout: a 422 puts each message under its field and focuses the first one; the others go to a focused alert', async ({ page, request }) => {
  const main = await checkoutWithSnowshoes(page, request, 72);
  await fillContact(main);
  // The API's 422 envelope, answered here so the test does not depend on what the browser lets through.
  await page.route('**/api/v1/shops/*/orders', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'I dati inseriti non sono validi',
        errors: {
          email: ['Indirizzo email non valido'],
          last_name: ['Campo obbligatorio'],
          'cart.0.prices': ['Prezzo non più disponibile'],
          'cart.0.customer.level': ['Campo obbligatorio'],
        },
      }),
    }),
  );
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  // Cognome comes before Email on the page: it takes the focus.
  await expect(main.getByLabel('Cognome')).toBeFocused();
  await expect(main.getByLabel('Cognome')).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByText('Campo obbligatorio', { exact: true })).toBeVisible();
  await expect(main.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  const alert = main.getByRole('alert', { name: "Non è stato possibile inviare l'ordine" });
  // Messages about a cart line say which line (and which of its customer's fields).
  await expect(alert.getByRole('listitem').filter({ hasText: 'Ciaspole e bastoncini: Prezzo non più disponibile' })).toBeVisible();
  await expect(alert.getByRole('listitem').filter({ hasText: 'Ciaspole e bastoncini, Livello: Campo obbligatorio' })).toBeVisible();

  // A refusal with no field of the form: the alert itself takes the focus.
  await page.unroute('**/api/v1/shops/*/orders');
  await page.route('**/api/v1/shops/*/orders', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'I dati inseriti non sono validi', errors: { from: ['Data non valida'] } }),
    }),
  );
  await main.getByLabel('Cognome').fill('Feedback');
  await main.getByLabel('Email').fill('carla.feedback@example.com');
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(alert).toContainText('Data non valida');
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  expect(await violations(page)).toEqual([]);
});

test('checkout: a placed order lands on its confirmation page, its heading and number in view', async ({ page, request }) => {
  const main = await checkoutWithSnowshoes(page, request, 74);
  await fillContact(main);
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page).toHaveURL(/\/orders\/confirmed\/\?order=[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Ordine confermato' });
  await expect(heading).toBeInViewport();
  await expect(page.getByTestId('order-number')).toHaveText(/^\d{2}-\d{7}$/);
  await expect(page.getByTestId('order-number')).toBeInViewport();
  await expect(page.getByTestId('server-total')).toBeVisible();
});

test('checkout: saving an edit says the changes were saved, focused', async ({ page, request }) => {
  const from = day(76);
  const to = day(77);
  const shop = await (await request.get(`/api/v1/shops/slug/${SHOP}?from=${from}&to=${to}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE');
  const placed = await request.post('/api/v1/shops/1/orders', {
    multipart: { terms_version: TERMS_VERSION, from, to, first_name: 'Edo', last_name: 'Salvato', phone: '+39 333 2222222', email: 'edo.salvato@example.com', 'cart[0][prices][0]': String(snowshoes.current_price.id) },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()).data as { uuid: string; number: string };

  await page.goto(`/orders/${order.uuid}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Modifica' }).click();
  await expect(page).toHaveURL(/\/calendar/);
  await hydrated(page);
  // Same dates: straight to the checkout, where the cart now replaces the order.
  await page.goto(`/prenota/${SHOP}/order`);
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByText(`Stai modificando l'ordine ${order.number}`)).toBeVisible();
  await main.getByLabel('Email').fill('edo.salvato@example.com');
  await main.getByRole('button', { name: 'Salva le modifiche' }).click();
  const heading = page.getByRole('heading', { name: `Modifiche salvate: ordine ${order.number}` });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('heading', { name: /confermato/ })).toHaveCount(0);
  await expect(page.getByTestId('server-total')).toBeVisible();
});

test('until the shop\'s prices are in, the checkout says it is working them out instead of showing 0,00 €', async ({ page, request }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/shops/slug/**', async (route) => {
    await released;
    await route.continue();
  });
  const opened = checkoutWithSnowshoes(page, request, 75);
  const total = page.getByRole('main').getByTestId('cart-total');
  await expect(total).toHaveText('Calcolo dei prezzi…');
  await expect(page.getByRole('main').getByText(formatCurrency(0))).toHaveCount(0);
  release();
  const main = await opened;
  expect(await pricedTotal(main)).not.toBe(formatCurrency(0));
});

test('checkout coupons: an expired code says so, can be removed, and goes away once a valid one applies', async ({ page, request }) => {
  const main = await checkoutWithSnowshoes(page, request, 78);
  const before = await page.getByTestId('cart-total').innerText();
  const code = main.getByLabel('Codice sconto');

  await code.fill('SCADUTO');
  await main.getByRole('button', { name: 'Applica' }).click();
  await expect(main.getByText('SCADUTO: codice non valido, è scaduto')).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(before);
  expect(await violations(page)).toEqual([]);
  await main.getByRole('button', { name: 'Rimuovi SCADUTO' }).click();
  await expect(main.getByText(/SCADUTO/)).toHaveCount(0);
  await expect(code).toBeFocused();

  // An unknown code: the API's message; it leaves when a valid code applies, as does a refused one.
  await code.fill('NOPE');
  await code.press('Enter'); // applies the code, does not submit the order
  await expect(main.getByText('Il codice sconto NOPE non esiste')).toBeVisible();
  await expect(main.getByLabel('Nome', { exact: true })).toHaveAttribute('aria-invalid', 'false');
  await code.fill('SCADUTO');
  await main.getByRole('button', { name: 'Applica' }).click();
  await expect(main.getByText('SCADUTO: codice non valido, è scaduto')).toBeVisible();
  await code.fill('BENVENUTO10');
  await main.getByRole('button', { name: 'Applica' }).click();
  await expect(main.getByText(/BENVENUTO10: −10,00/)).toBeVisible();
  await expect(main.getByText('Il codice sconto NOPE non esiste')).toHaveCount(0);
  await expect(main.getByText(/SCADUTO/)).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).not.toHaveText(before);

  // An applied code can be taken back too.
  await main.getByRole('button', { name: 'Rimuovi BENVENUTO10' }).click();
  await expect(main.getByText(/BENVENUTO10/)).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(before);
});

test('login: a malformed email is refused before sending; a wrong password focuses the password', async ({ page }) => {
  await page.goto(`/noleggio/${SHOP}/`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Accedi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accedi' });
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v1/login')) sent++;
  });
  await dialog.getByLabel('Email').fill('mario.rossi@');
  await dialog.getByLabel('Password').fill('Demo-2026!');
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(dialog.getByText('Indirizzo email non valido')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  expect(sent).toBe(0);

  await dialog.getByLabel('Email').fill('mario.rossi@example.com');
  await dialog.getByLabel('Password').fill('sbagliata');
  await dialog.getByRole('button', { name: 'Accedi' }).click();
  await expect(dialog.getByText('E-mail o password non corretti')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();
  expect(sent).toBe(1);
});

test('customer dialog: measures have their own messages, the level starts unchosen, × closes it', async ({ page }) => {
  await page.goto(`/prenota/${SHOP}/calendar`);
  await hydrated(page);
  await page.getByRole('radio', { name: 'Più giorni' }).check();
  // A month the shop is open all of.
  await showMonthOf(page, day(60));
  await pickDays(page, 24, 25);
  await hydrated(page);

  const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Kit sci Base' }) });
  await product.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  const customer = page.getByRole('dialog', { name: /Per chi è Kit sci Base/ });
  await expect(customer).toBeVisible();
  await expect(customer.getByLabel('Livello')).toHaveValue('');
  await expect(customer.getByRole('option', { name: 'Scegli il livello' })).toHaveCount(1);

  await fillSkier(customer, { first: 'Giulia', last: 'Misure', height: '300', weight: '5', shoe: '60' });
  await customer.getByRole('button', { name: 'Conferma' }).click();
  await expect(customer.getByText('Il valore massimo è 250')).toBeVisible();
  await expect(customer.getByText('Il valore minimo è 10')).toBeVisible();
  await expect(customer.getByText('Il valore massimo è 52')).toBeVisible();
  await expect(customer.getByText(/quantità/i)).toHaveCount(0);
  await expect(customer.getByLabel('Altezza (cm)')).toBeFocused();
  expect(await violations(page)).toEqual([]);

  await customer.getByRole('button', { name: 'Chiudi' }).click();
  await expect(customer).toBeHidden();
  // Closed without confirming: nothing was added.
  expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{"products":[]}') as { products: unknown[] }).products.length)).toBe(0);
});

test('fidelity card: an unknown number is refused under its box; a valid one takes 10 % off what is shown and what the server charges', async ({ page, request }) => {
  const main = await checkoutWithSnowshoes(page, request, 81);
  const before = await main.getByTestId('cart-total').innerText();
  const card = main.getByRole('textbox', { name: 'Carta fedeltà' });
  await card.fill('FID-9999');
  await card.press('Enter');
  await expect(main.getByText('Carta non trovata')).toBeVisible();
  await expect(card).toHaveAttribute('aria-invalid', 'true');
  await expect(main.getByTestId('cart-total')).toHaveText(before);

  await card.fill('FID-0001');
  await main.getByRole('button', { name: 'Verifica' }).click();
  await expect(main.getByText('Carta valida: sconto 10%')).toBeVisible();
  await expect(card).not.toHaveAttribute('aria-invalid', 'true');
  // What the checkout shows is what the server charges.
  await expect(main.getByTestId('cart-total')).not.toHaveText(before);
  const shown = await main.getByTestId('cart-total').innerText();
  for (const [label, value] of [
    ['Nome', 'Fede'],
    ['Cognome', 'Carta'],
    ['Telefono', '+39 333 2222222'],
    ['Email', 'fede@example.com'],
  ] as const) {
    await main.getByLabel(label, { exact: true }).fill(value);
  }
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page.getByTestId('server-total')).toHaveText(shown);
});

/** The checkout's react-hook-form side and react-hook-form itself: fetched on the form's first use. */
const holdFormChunks = (page: Page) => holdChunks(page, formChunks('CheckoutLive'));

test('checkout: what is typed before react-hook-form has loaded stays, and its messages still show under the fields', async ({ page, request }) => {
  const chunks = await holdFormChunks(page);
  const main = await checkoutWithSnowshoes(page, request, 78);
  // The page settled without asking for the form's code: it loads on use.
  await pageSettled(page);
  expect(chunks.held).toEqual([]);

  const name = main.getByLabel('Nome', { exact: true });
  await name.click();
  await page.keyboard.type('Carl');
  await expect.poll(() => chunks.held.length).toBeGreaterThan(0);
  await expect(name).toHaveValue('Carl');
  await main.getByRole('checkbox', { name: 'Voglio la fattura' }).check();
  await main.getByLabel('Codice fiscale').fill('RSSMRA80A01H501U');
  await name.focus();
  await page.keyboard.press('End');
  chunks.release();
  // react-hook-form takes over while the customer keeps typing: no keystroke is lost.
  await page.keyboard.type('a Maria', { delay: 80 });
  await expect(name).toHaveValue('Carla Maria');
  await expect(name).toBeFocused();

  // Its validation runs: the empty fields are refused under themselves, the typed ones kept.
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  const lastName = main.getByLabel('Cognome');
  await expect(lastName).toBeFocused();
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(main.locator('#checkout-last_name-error')).toHaveText('Campo obbligatorio');
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await expect(name).toHaveValue('Carla Maria');
  await expect(main.getByRole('checkbox', { name: 'Voglio la fattura' })).toBeChecked();
  await expect(main.getByLabel('Codice fiscale')).toHaveValue('RSSMRA80A01H501U');

  // The API's 422 still lands under its field.
  await page.route('**/api/v1/shops/*/orders', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'I dati inseriti non sono validi', errors: { email: ['Indirizzo email non valido'] } }),
    }),
  );
  await lastName.fill('Prima');
  await main.getByLabel('Telefono').fill('+39 333 4444444');
  await main.getByLabel('Email').fill('carla.prima@example.com');
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(main.getByLabel('Email')).toBeFocused();
  await expect(main.locator('#checkout-email-error')).toHaveText('Indirizzo email non valido');
  await expect(name).toHaveValue('Carla Maria');
});

test('checkout: a submit pressed before react-hook-form has loaded is sent once it has', async ({ page, request }) => {
  const chunks = await holdFormChunks(page);
  const main = await checkoutWithSnowshoes(page, request, 80);
  await fillContact(main);
  // Ticked before react-hook-form has loaded too: the light form's box hands its state over.
  await acceptTerms(main);
  const place = main.getByRole('button', { name: "Conferma l'ordine" });
  await place.click();
  await expect(main.getByRole('button', { name: 'Invio in corso…' })).toBeDisabled();
  chunks.release();
  await expect(page).toHaveURL(/\/orders\/confirmed\/\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
});

test('checkout: offline, the form keeps what was typed and says the server could not be reached, without reloading the page', async ({ page, request, context }) => {
  const main = await checkoutWithSnowshoes(page, request, 82);
  await context.setOffline(true);
  await fillContact(main);
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page.getByText('Errore nella comunicazione con il server')).toBeVisible();
  // Same page (no reload), same values, the button ready for another try.
  await expect(main.getByLabel('Nome', { exact: true })).toHaveValue('Carla');
  await expect(main.getByLabel('Email')).toHaveValue('carla.feedback@example.com');
  await expect(main.getByRole('button', { name: "Conferma l'ordine" })).toBeEnabled();
  await context.setOffline(false);
});
