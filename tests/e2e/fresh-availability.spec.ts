// Fresh availability: while the calendar or a shop's booking page is open, another
// client books the last unit through the API; once the tab is visible again (the hidden → visible
// switch emulated deterministically: document.visibilityState and its event) the page shows it
// taken, with a polite notice. Adding a product whose last unit was just taken shows the notice
// instead of adding it. axe with every rule on the screens with the notice shown.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { violations } from './axe';
import { hydrated } from './hydration';
import { inSeasonDay, monthsFromToday } from '../support/season';
import { DateModes } from '~/domain/dates';
import { postDayOrder } from './guest-order';

const SHOP = 'sport-noleggio-sestriere';
// A month the shop is open all of (its season), clear of the days the other journeys
// book on (other day numbers). The avalanche kit has one unit.
const MONTH = inSeasonDay(SHOP, 75).slice(0, 7);
const AHEAD = monthsFromToday(`${MONTH}-01`);
const ON_CALENDAR = `${MONTH}-05`;
const ON_BOOKING_PAGE = `${MONTH}-07`;
const ON_ADD = `${MONTH}-09`;

interface ShopJson {
  shop: { id: number };
  products: { id: number; code: string; label: string; current_price: { id: number } | null }[];
}

async function loadShop(request: APIRequestContext, day?: string): Promise<ShopJson> {
  const query = day ? `?from=${day}&to=${day}&morning=0&afternoon=0` : '';
  const res = await request.get(`/api/v1/shops/slug/${SHOP}${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as ShopJson;
}

const kitOf = (shop: ShopJson) => shop.products.find((p) => p.code === 'AUTOSOCCORSO')!;

/** Another client (this test's own request context, not the page) books the kit's only unit on `day`. */
async function bookElsewhere(request: APIRequestContext, day: string) {
  const shop = await loadShop(request, day);
  const contact = { first_name: 'Altro', last_name: 'Cliente', phone: '+39 333 5555555', email: 'altro.cliente@example.com' };
  const res = await postDayOrder(request, shop.shop.id, day, kitOf(shop).current_price!.id, contact);
  expect(res.status()).toBe(201);
}

/** What the browser does when the tab is switched away from and back: the page's visibility and its event. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** Counts the page's availability reads from now on. */
function countReads(page: Page, path: RegExp) {
  const reads = { count: 0 };
  page.on('request', (r) => {
    if (path.test(new URL(r.url()).pathname)) reads.count += 1;
  });
  return reads;
}

async function withDay(page: Page, day: string) {
  await page.goto(`/noleggio/${SHOP}/`);
  await page.evaluate((configuration) => localStorage.setItem('configuration', JSON.stringify(configuration)), { multipleDates: DateModes.SINGLE, dates: [day] });
  // The avalanche kit and the snowshoes are both on the snowshoes' tab.
  await page.goto(`/prenota/${SHOP}/?category=ciaspole`);
  await hydrated(page);
}

const takenNotice = (label: string) => `Un altro cliente ha appena prenotato ${label}: per queste date non ne restano.`;
const kitCard = (page: Page, label: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });

test('the calendar shows a day booked by another client as taken once the tab is visible again, with a polite notice', async ({ page, request }) => {
  const kit = kitOf(await loadShop(request));
  await page.goto(`/prenota/${SHOP}/calendar?product=${kit.id}`);
  await hydrated(page);
  await page.getByRole('radio', { name: 'Giornata intera' }).check();
  // The calendar opens on the shop's first bookable month: count from today's.
  await expect(page.getByLabel('Disponibilità e prezzi di')).toHaveValue(String(kit.id));
  const previous = page.getByRole('button', { name: 'Mese precedente' });
  while (await previous.isEnabled()) await previous.click();
  for (let i = 0; i < AHEAD; i++) await page.getByRole('button', { name: 'Mese successivo' }).click();
  const cell = page.locator(`button.day[data-day="${ON_CALENDAR}"]`);
  await expect(cell).toHaveAttribute('data-state', 'available');

  await setVisibility(page, 'hidden');
  const reads = countReads(page, /\/availabilities\/days$/);
  await bookElsewhere(request, ON_CALENDAR);
  // Hidden: nothing is read, the page still shows what it knew.
  await expect(cell).toHaveAttribute('data-state', 'available');
  expect(reads.count).toBe(0);

  await setVisibility(page, 'visible');
  await expect(cell).toHaveAttribute('data-state', 'soldOut');
  expect(reads.count).toBe(1);
  const notice = page.getByRole('status').filter({ hasText: `Un altro cliente ha appena prenotato ${kit.label}: in un giorno del mese non ne restano più.` });
  await expect(notice).toBeVisible();
  // Announced politely: a status region, not an alert.
  await expect(notice).toHaveAttribute('aria-live', 'polite');
  expect(await violations(page)).toEqual([]);
});

test('the booking page turns a product booked by another client sold out once the tab is visible again', async ({ page, request }) => {
  const kit = kitOf(await loadShop(request));
  await withDay(page, ON_BOOKING_PAGE);
  const card = kitCard(page, kit.label);
  await expect(card).toContainText('1 disponibile');

  await setVisibility(page, 'hidden');
  await bookElsewhere(request, ON_BOOKING_PAGE);
  await expect(card).toContainText('1 disponibile');

  await setVisibility(page, 'visible');
  await expect(card).toContainText('Esaurito · appena prenotato da un altro cliente');
  await expect(card.getByRole('button', { name: /Aggiungi al carrello/ })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: takenNotice(kit.label) })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('adding a product whose last unit was just taken shows the sold-out notice instead of adding it', async ({ page, request }) => {
  const kit = kitOf(await loadShop(request));
  await withDay(page, ON_ADD);
  const card = kitCard(page, kit.label);
  await expect(card).toContainText('1 disponibile');
  // Booked elsewhere seconds before the click: the page has not re-read yet, the click does.
  await bookElsewhere(request, ON_ADD);
  await card.getByRole('button', { name: /Aggiungi al carrello/ }).click();

  await expect(page.getByRole('status').filter({ hasText: takenNotice(kit.label) })).toBeVisible();
  await expect(card).toContainText('Esaurito · appena prenotato da un altro cliente');
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{"products":[]}') as { products: unknown[] });
  expect(cart.products).toHaveLength(0);
  await expect(page.getByText(`${kit.label} aggiunto al carrello`)).toHaveCount(0);

  // A product still free goes in as before.
  const snowshoes = kitCard(page, 'Ciaspole e bastoncini');
  await snowshoes.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ciaspole e bastoncini aggiunto al carrello' })).toBeVisible();
});
