// The checkout's total once the shop's catalogue is in: before it, the total reads "Calcolo dei
// prezzi…" (never 0,00 €), so a test comparing totals reads it only after this. And a checkout
// with a cart of snowshoes, for the specs that place an order through it.
// And the two forms a booking fills, by their labels: the person a product is for, and the contact.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { inSeasonDay } from '../support/season';
import { DateModes } from '~/domain/dates';

const SHOP = 'sport-noleggio-sestriere';

/** Days the shop is open, counted from its first bookable day. */
const day = (n: number) => inSeasonDay(SHOP, n);

export async function pricedTotal(scope: Page | Locator): Promise<string> {
  const total = scope.getByTestId('cart-total');
  await expect(total).toHaveText(/^\d+(\.\d{3})*,\d\d\s€$/);
  return total.innerText();
}

/** A cart with snowshoes (no customer info needed) for two days `offset` days ahead, on the checkout. */
const PREFIX = { it: '', en: '/en', fr: '/fr' } as const;

/** A cart with snowshoes for two days `offset` days ahead, on the checkout in `lang`. */
export async function checkoutWithSnowshoes(page: Page, request: APIRequestContext, offset: number, lang: keyof typeof PREFIX = 'it') {
  const from = day(offset);
  const to = day(offset + 1);
  const shop = await (await request.get(`/api/v1/shops/slug/${SHOP}?from=${from}&to=${to}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE') as { id: number; current_price: { id: number } };
  await page.goto(`${PREFIX[lang]}/noleggio/${SHOP}/`);
  await page.evaluate(
    ({ from, to, id, price, multipleDates }) => {
      const shop = { id: 1, slug: 'sport-noleggio-sestriere', label: 'Sport Noleggio Sestriere', logos: [], categories: [], sports: [] };
      localStorage.setItem('configuration', JSON.stringify({ shop, multipleDates, dates: [from, to] }));
      localStorage.setItem('cart', JSON.stringify({ products: [{ id, id_shop: 1, id_price: price, related: [], multipleDates, dates: [from, to], days: 2 }] }));
    },
    { from, to, id: snowshoes.id, price: snowshoes.current_price.id, multipleDates: DateModes.RANGE },
  );
  await page.goto(`${PREFIX[lang]}/prenota/${SHOP}/order`);
  await hydrated(page);
  // The closed login dialog has fields too: look inside the page's main content only.
  const main = page.getByRole('main');
  // Priced once the shop's products are in.
  await pricedTotal(main);
  return main;
}

/** The contact the checkout specs give, unless one says otherwise. */
const CARLA = { first: 'Carla', last: 'Feedback', phone: '+39 333 4444444', email: 'carla.feedback@example.com' };

/** Fills the checkout's contact fields: Carla's, with what `contact` gives instead. */
export async function fillContact(main: Locator, contact: Partial<typeof CARLA> = {}) {
  const { first, last, phone, email } = { ...CARLA, ...contact };
  await main.getByLabel('Nome', { exact: true }).fill(first);
  await main.getByLabel('Cognome').fill(last);
  await main.getByLabel('Telefono').fill(phone);
  await main.getByLabel('Email').fill(email);
}

/** Who a product is for, as the "Per chi è" dialog asks: the level only when the spec picks one. */
interface Skier {
  first: string;
  last: string;
  height: string;
  weight: string;
  shoe: string;
  level?: string;
}

/** Fills the "Per chi è" dialog with `skier` (its level chosen by the option's label). */
export async function fillSkier(dialog: Locator, skier: Skier): Promise<void> {
  await dialog.getByLabel('Nome', { exact: true }).fill(skier.first);
  await dialog.getByLabel('Cognome').fill(skier.last);
  await dialog.getByLabel('Altezza (cm)').fill(skier.height);
  await dialog.getByLabel('Peso (kg)').fill(skier.weight);
  await dialog.getByLabel('Numero di scarpa').fill(skier.shoe);
  if (skier.level) await dialog.getByLabel('Livello').selectOption({ label: skier.level });
}

/** Ticks the checkout's consent to the rental terms, the cancellation policy and the privacy notice. */
export async function acceptTerms(scope: Page | Locator): Promise<void> {
  await scope.getByRole('checkbox', { name: /Ho letto e accetto le condizioni di noleggio/ }).check();
}
