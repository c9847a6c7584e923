// Returning skiers: a customer with two past orders finds their skiers in the
// "Per chi è …?" dialog, picks one in one tap (every field filled, the latest measures), and the
// order carries those measures; the account page lists them to rename.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { inSeasonDay } from '../support/season';
import { pickDays, showMonthOf } from './calendar-months';
import { violations } from './axe';
import { logIn, newCustomer } from './people-helpers';
import { TERMS_VERSION } from '~/domain/terms';
import { acceptTerms } from './checkout-helpers';

const SHOP = 'sport-noleggio-sestriere';
const USER = 'elena.ritorno@example.com';
/** Days the shop is open, counted from its first bookable day. */
const isoDay = (offset: number) => inSeasonDay(SHOP, offset);
const MARCO = { first_name: 'Marco', last_name: 'Conti', height: '172', weight: '64', shoe_size: '42', level: 'intermedio' };
/** The second order: Marco has grown; these are the measures the dialog must offer. */
const MARCO_NOW = { ...MARCO, height: '175', weight: '66', shoe_size: '42.5', level: 'esperto' };
const ELENA = { first_name: 'Elena', last_name: 'Conti', height: '165', weight: '55', shoe_size: '38', level: 'principiante' };

async function pastOrder(request: APIRequestContext, token: string, day: string, people: Record<string, string>[]) {
  const shop = (await (await request.get(`/api/v1/shops/slug/${SHOP}?from=${day}&to=${day}`)).json()).data;
  const price = String(shop.products.find((p: { code: string }) => p.code === 'SCI-BASE').current_price.id);
  const multipart: Record<string, string> = { terms_version: TERMS_VERSION, from: day, to: day, first_name: 'Elena', last_name: 'Conti', phone: '+39 333 555 6677', email: USER };
  people.forEach((person, i) => {
    multipart[`cart[${i}][prices][0]`] = price;
    for (const [k, v] of Object.entries(person)) multipart[`cart[${i}][customer][${k}]`] = v;
  });
  const res = await request.post(`/api/v1/shops/${shop.shop.id}/orders`, { multipart, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(201);
}

/** A day of the month the range is chosen in: the shop is open all that month. */
const RANGE_MONTH_DAY = isoDay(60);

async function chooseRange(page: Page, from: number, to: number) {
  await page.goto(`/prenota/${SHOP}/calendar`);
  await hydrated(page);
  await page.getByRole('radio', { name: 'Più giorni' }).check();
  await showMonthOf(page, RANGE_MONTH_DAY);
  await pickDays(page, from, to);
  await hydrated(page);
}

test('returning skiers: a known skier picked in one tap, the order carries the measures', async ({ page, request }) => {
  const token = await newCustomer(request, USER, 'Elena', 'Conti');
  await pastOrder(request, token, isoDay(95), [MARCO, ELENA]);
  await pastOrder(request, token, isoDay(96), [MARCO_NOW]);

  await logIn(page, `/noleggio/${SHOP}/`, USER, 'Elena');
  await chooseRange(page, 16, 17);
  const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Kit sci Base' }) });
  await product.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  const dialog = page.getByRole('dialog', { name: /Per chi è Kit sci Base/ });
  const known = dialog.getByRole('group', { name: 'Persone già salvate' });
  await expect(known.getByRole('button')).toHaveCount(2);
  expect(await violations(page)).toEqual([]);

  await known.getByRole('button', { name: /Marco Conti/ }).click();
  // Every field filled with the latest measures, still editable; the focus is on Confirm.
  await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue('Marco');
  await expect(dialog.getByLabel('Cognome')).toHaveValue('Conti');
  await expect(dialog.getByLabel('Altezza (cm)')).toHaveValue('175');
  await expect(dialog.getByLabel('Peso (kg)')).toHaveValue('66');
  await expect(dialog.getByLabel('Numero di scarpa')).toHaveValue('42.5');
  await expect(dialog.getByLabel('Livello')).toHaveValue('esperto');
  await expect(dialog.getByRole('status')).toHaveText('Dati di Marco Conti inseriti: controllali e conferma.');
  await expect(dialog.getByRole('button', { name: 'Conferma' })).toBeFocused();
  await dialog.getByLabel('Numero di scarpa').fill('43');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: '1 articolo nel carrello' }).click();
  await hydrated(page);
  await acceptTerms(page.getByRole('main'));
  await page.getByRole('main').getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
  const number = await page.getByTestId('order-number').innerText();

  const orders = (await (await request.get('/api/v1/orders', { headers: { authorization: `Bearer ${token}` } })).json()).data as {
    number: string;
    order_detail_pools: { customer: Record<string, string> | null }[];
  }[];
  const placed = orders.find((o) => o.number === number)!;
  expect(placed.order_detail_pools.map((p) => p.customer)).toEqual([{ ...MARCO_NOW, shoe_size: '43' }]);

  // The account page lists the people; a rename sticks across a reload.
  await page.getByRole('button', { name: 'Ciao Elena' }).click();
  await page.getByRole('link', { name: 'Profilo' }).click();
  await hydrated(page);
  const people = page.getByRole('region', { name: 'Le persone per cui prenoti' });
  await expect(people.getByText(/Marco Conti\s+175 cm, 66 kg, scarpe 43, Esperto/)).toBeVisible();
  await people.getByRole('button', { name: 'Modifica Marco Conti' }).click();
  await expect(people.getByLabel('Nome', { exact: true })).toBeFocused();
  await people.getByLabel('Nome', { exact: true }).fill('Marcello');
  await people.getByRole('button', { name: 'Salva la persona' }).click();
  await expect(people.getByRole('button', { name: 'Modifica Marcello Conti' })).toBeFocused();
  await page.reload();
  await hydrated(page);
  await expect(people.getByText('Marcello Conti', { exact: true })).toBeVisible();
  await people.getByRole('button', { name: 'Elimina Elena Conti' }).click();
  await expect(people.getByText('Elena Conti', { exact: true })).toBeHidden();
  await page.reload();
  await hydrated(page);
  await expect(people.getByText('Marcello Conti', { exact: true })).toBeVisible();
  await expect(people.getByText('Elena Conti', { exact: true })).toHaveCount(0);
});
