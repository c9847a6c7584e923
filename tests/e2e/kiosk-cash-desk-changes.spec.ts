// Changing an order from the kiosk's cash desk: contact data, who each item is for,
// dates and items through the cart's edit mode and back to the cash desk, cancelling; only what
// the order still allows is offered, the rest says why, and a refusal that arrives anyway is shown
// with the order read again. The orders are placed through the API, as a customer would online.
import { violations } from './axe';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { pickDays } from './calendar-months';
import { DEMO, pair } from './kiosk-helpers';
import { BARD, day, placeOrder, readBack, staffToken } from './kiosk-orders';
import type { OrderResponse } from '~/api/contract/orders';
import { formatCurrency } from '~/domain/format';
import { smallTargets } from './touch-targets';

const SECTION = "Modifiche all'ordine";

/** Records a payment at the cash desk as the desk does: the order claimed, charged, recorded under the claim. */
async function payAtDesk(request: APIRequestContext, id: number): Promise<void> {
  const token = await staffToken(request, DEMO.cashDesk.code);
  const attempt = crypto.randomUUID();
  const claim = await request.post(`/api/v1/orders/${id}/payment_claim`, { headers: { Authorization: token }, data: { attempt } });
  expect(claim.status()).toBe(200);
  const amount = ((await claim.json()) as { data: { total_amount: number } }).data.total_amount;
  const data = { date: new Date().toISOString(), pos_log: { test: true }, attempt, amount };
  const res = await request.post(`/api/v1/orders/${id}/pay`, { headers: { Authorization: token }, data });
  expect(res.status()).toBe(200);
}

async function openAtDesk(page: Page, order: OrderResponse) {
  await page.goto(`/totem/cash-desk/${order.uuid}`);
  await hydrated(page);
  const section = page.getByRole('region', { name: SECTION });
  await expect(section).toBeVisible();
  return section;
}

test('contact data: a refused e-mail shows under its field with nothing typed lost; the change is saved', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(30) });
  await pair(page, DEMO.admin.code);
  const section = await openAtDesk(page, order);

  await section.getByRole('button', { name: 'Cambia i dati del cliente' }).click();
  const dialog = page.getByRole('dialog', { name: `Dati del cliente dell'ordine ${order.number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nome', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/totem/cash-desk/${order.uuid}`));
  expect(await violations(page), 'contact dialog').toEqual([]);
  expect(await smallTargets(dialog), 'contact dialog').toEqual([]);
  expect(await smallTargets(section), 'changes section').toEqual([]);

  await dialog.getByLabel('Cognome').fill('Neri Bassi');
  await dialog.getByLabel('Telefono').fill('+39 347 555 6666');
  // The browser's rule lets this address through (WHATWG's pattern allows "!"); the API's does
  // not: its 422 must land under the field.
  await dialog.getByLabel('Email').fill('marta!neri@example.com');
  await dialog.getByLabel('Fattura').check();
  await dialog.getByLabel('Codice fiscale').fill('NRIMRT80A41L219X');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  const emailField = dialog.getByLabel('Email');
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toHaveAccessibleDescription('Indirizzo email non valido');
  await expect(emailField).toBeFocused();
  await expect(dialog.getByLabel('Cognome')).toHaveValue('Neri Bassi');
  await expect(dialog.getByLabel('Telefono')).toHaveValue('+39 347 555 6666');
  await expect(dialog.getByLabel('Codice fiscale')).toHaveValue('NRIMRT80A41L219X');
  const staff = await staffToken(request, DEMO.admin.code);
  expect((await readBack(request, staff, order.id)).last_name).toBe('Neri');

  await emailField.fill('marta.bassi@example.com');
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').getByText('Dati del cliente salvati')).toBeVisible();
  // The focus is back on the button that opened the dialog.
  await expect(section.getByRole('button', { name: 'Cambia i dati del cliente' })).toBeFocused();
  expect(await readBack(request, staff, order.id)).toMatchObject({
    last_name: 'Neri Bassi',
    phone: '+39 347 555 6666',
    email: 'marta.bassi@example.com',
    invoice: true,
    fiscal_code: 'NRIMRT80A41L219X',
  });
});

test('who an item is for: the second person of the order is named and measured', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(31), people: 2 });
  await pair(page, DEMO.cashDesk.code);
  const section = await openAtDesk(page, order);
  await expect(section.getByRole('button', { name: /^Cambia Persona 1: / })).toBeVisible();

  await section.getByRole('button', { name: /^Cambia Persona 2: / }).click();
  const dialog = page.getByRole('dialog', { name: /^Persona 2: / });
  await expect(dialog.getByLabel('Nome', { exact: true })).toBeFocused();
  expect(await violations(page), 'pool dialog').toEqual([]);
  expect(await smallTargets(dialog), 'pool dialog').toEqual([]);
  await dialog.getByLabel('Nome', { exact: true }).fill('Pietro');
  await dialog.getByLabel('Cognome').fill('Neri');
  await dialog.getByLabel('Altezza (cm)').fill('172');
  await dialog.getByLabel('Numero di scarpa').fill('42,5');
  await dialog.getByLabel('Livello').selectOption({ label: 'Esperto' });
  await dialog.getByRole('button', { name: 'Salva' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').getByText('Persona aggiornata')).toBeVisible();
  await expect(section.getByRole('button', { name: /^Cambia Pietro Neri: / })).toBeVisible();

  const saved = await readBack(request, await staffToken(request, DEMO.cashDesk.code), order.id);
  const second = saved.order_detail_pools.find((p) => p.index === 1)!;
  expect(second.customer).toEqual({ first_name: 'Pietro', last_name: 'Neri', height: '172', shoe_size: '42.5', level: 'esperto' });
  expect(saved.order_detail_pools.find((p) => p.index === 0)!.customer).toBeNull();
});

test('dates and items: changed through the booking screens, keeping the coupon and the e-mail, the kiosk comes back to the cash desk with the new total', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(50), to: day(51), coupons: ['NEVE5'] });
  expect(order.coupon_codes).toEqual(['NEVE5']);
  await pair(page, DEMO.cashDesk.code);
  const section = await openAtDesk(page, order);
  await expect(page.getByTestId('desk-total')).toHaveText(formatCurrency(order.total_amount));

  await section.getByRole('button', { name: 'Cambia date e articoli' }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${BARD}/calendar`));
  await hydrated(page);
  await page.getByRole('radio', { name: 'Più giorni' }).check();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Mese successivo' }).click();
  await pickDays(page, 3, 8);
  await hydrated(page);
  await page.getByRole('link', { name: '1 articolo nel carrello' }).click();
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByText(`Stai modificando l'ordine ${order.number}`)).toBeVisible();
  await expect(main.getByLabel('Cognome')).toHaveValue('Neri');
  // What the order had comes with it: nobody types the e-mail or the coupon again.
  await expect(main.getByLabel('Email')).toHaveValue('marta.neri@example.com');
  await expect(main.getByText(`NEVE5: −${formatCurrency(5)}`)).toBeVisible();
  await main.getByRole('button', { name: 'Salva le modifiche' }).click();

  // Back at the order's cash-desk page (the same order: an edit keeps its uuid), not the public
  // kiosk's "pay at the desk" confirmation.
  await page.waitForURL(new RegExp(`/totem/cash-desk/${order.uuid}/?$`));
  await hydrated(page);
  await expect(page.getByRole('status').getByText(`Modifiche salvate: ordine ${order.number}`)).toBeVisible();
  const saved = await readBack(request, await staffToken(request, DEMO.cashDesk.code), order.id);
  expect(saved.total_amount).not.toBe(order.total_amount);
  expect(saved.days).toBe(6);
  expect([saved.coupon_codes, saved.email]).toEqual([['NEVE5'], 'marta.neri@example.com']);
  expect(saved.total_amount).toBe(saved.original_total_amount - 5);
  await expect(page.getByTestId('desk-total')).toHaveText(formatCurrency(saved.total_amount));
  await expect(page.getByRole('region', { name: SECTION })).toBeVisible();
  // The cart is empty again: no edit left half-way.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!).orderCodeToReplace)).toBeNull();
});

test('cancelling an unpaid order, behind a question; a paid one offers no cancelling and says why', async ({ page, request }) => {
  const unpaid = await placeOrder(request, { from: day(32) });
  const paid = await placeOrder(request, { from: day(33) });
  await payAtDesk(request, paid.id);
  await pair(page, DEMO.admin.code);

  let section = await openAtDesk(page, unpaid);
  const cancel = section.getByRole('button', { name: 'Annulla ordine' });
  await cancel.click();
  const question = page.getByRole('dialog', { name: `Annullare l'ordine ${unpaid.number}?` });
  await expect(question).toBeVisible();
  expect(await violations(page), 'cancel question').toEqual([]);
  // "No" changes nothing and gives the focus back.
  await question.getByRole('button', { name: 'No, tienilo' }).click();
  await expect(question).toBeHidden();
  await expect(cancel).toBeFocused();
  await cancel.click();
  await page.getByRole('dialog', { name: `Annullare l'ordine ${unpaid.number}?` }).getByRole('button', { name: "Sì, annulla l'ordine" }).click();
  await expect(page.getByRole('status').getByText('Ordine annullato')).toBeVisible();
  await expect(section.getByText("Annullato: l'ordine non si può più cambiare")).toBeVisible();
  await expect(section.getByRole('button')).toHaveCount(0);
  const staff = await staffToken(request, DEMO.admin.code);
  expect((await readBack(request, staff, unpaid.id)).status).toBe('cancelled');

  section = await openAtDesk(page, paid);
  await expect(section.getByText('Pagato: non si può annullare')).toBeVisible();
  await expect(section.getByText('Pagato: date e articoli non si possono più cambiare')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Annulla ordine' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Cambia date e articoli' })).toHaveCount(0);
  // Contact data and people may still change on a paid order.
  await expect(section.getByRole('button', { name: 'Cambia i dati del cliente' })).toBeVisible();
  expect(await violations(page), 'paid order').toEqual([]);
});

test('a payment landing while the page is open: the refused cancellation says why and the screen follows the order', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(34) });
  await pair(page, DEMO.cashDesk.code);
  const section = await openAtDesk(page, order);
  await expect(section.getByRole('button', { name: 'Annulla ordine' })).toBeVisible();

  // Another desk takes the payment meanwhile.
  await payAtDesk(request, order.id);
  await section.getByRole('button', { name: 'Annulla ordine' }).click();
  await page.getByRole('dialog', { name: `Annullare l'ordine ${order.number}?` }).getByRole('button', { name: "Sì, annulla l'ordine" }).click();
  // The server's own words (410), then the reason the reloaded order gives.
  await expect(section.getByRole('alert')).toHaveText("L'ordine non può più essere modificato");
  await expect(section.getByText('Pagato: non si può annullare')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Annulla ordine' })).toHaveCount(0);
  expect((await readBack(request, await staffToken(request, DEMO.cashDesk.code), order.id)).status).toBe('confirmed');
});
