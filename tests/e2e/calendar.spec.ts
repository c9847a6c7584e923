// The calendar: for the product type chosen in its picker, every day shows whether the
// product is still free in the morning and in the afternoon (net of the cart) and the price of the
// current selection if that day were picked. Bookings are placed through the API; expected prices
// come from the API's shop answer through the same domain rules, never typed in here.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Price } from '~/api/contract/catalogue';
import { shiftMonth } from '~/domain/calendar';
import { addDays, type DateMode } from '~/domain/dates';
import { formatAmountCompact, formatCurrency } from '~/domain/format';
import { productTotal, selectPrice } from '~/domain/pricing';
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
const FULL_DAY = `${MONTH}-16`; // booked for the whole day below
const MORNING = `${MONTH}-17`; // booked for the morning only
const FREE = `${MONTH}-19`;

interface ProductJson {
  id: number;
  code: string;
  label: string;
  prices: Price[];
  current_price: Price | null;
}
interface ShopJson {
  shop: { id: number };
  products: ProductJson[];
}

async function loadShop(request: APIRequestContext, params: Record<string, string> = {}): Promise<ShopJson> {
  const res = await request.get(`/api/v1/shops/slug/${SHOP}?${new URLSearchParams(params)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as ShopJson;
}

const kitOf = (shop: ShopJson) => shop.products.find((p) => p.code === 'AUTOSOCCORSO')!;

/** Books the kit through the API: the whole `day`, or only its morning. */
async function book(request: APIRequestContext, day: string, morning = false) {
  const flags = { morning: morning ? '1' : '0', afternoon: '0' };
  const shop = await loadShop(request, { from: day, to: day, ...flags });
  const contact = { first_name: 'Carla', last_name: 'Calendario', phone: '+39 333 4444444', email: 'carla@example.com' };
  const res = await postDayOrder(request, shop.shop.id, day, kitOf(shop).current_price!.id, contact, morning);
  expect(res.status()).toBe(201);
}

/** What the product costs for `days` in `mode`, as the calendar must show it. */
const amount = (product: ProductJson, mode: DateMode, days = 1) => productTotal(selectPrice(product.prices, mode, days)!, [], { days });
const priceText = (product: ProductJson, mode: DateMode, days = 1) => formatCurrency(amount(product, mode, days));
/** The price as the day cell shows it (the unit is in the legend). */
const cellPrice = (product: ProductJson, mode: DateMode, days = 1) => formatAmountCompact(amount(product, mode, days));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The end of a day's accessible name: ", {state}, {price}". */
const endsWith = (state: string, price: string) => new RegExp(`, ${escape(state)}, ${escape(price)}$`);

const cell = (page: Page, day: string) => page.locator(`button.day[data-day="${day}"]`);
const half = (day: Locator, which: 'morning' | 'afternoon') => day.locator(`[data-half="${which}"]`);

/** Shows the month `months` after today's: the calendar opens on the shop's first bookable month, so count from today's. */
async function openMonth(page: Page, months: number) {
  await expect(page.getByLabel('Disponibilità e prezzi di')).toBeVisible(); // the shop and its season loaded
  const previous = page.getByRole('button', { name: 'Mese precedente' });
  while (await previous.isEnabled()) await previous.click();
  for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Mese successivo' }).click();
}

test('each day shows the product’s morning and afternoon availability and the price of the current selection', async ({ page, request }) => {
  await book(request, FULL_DAY);
  await book(request, MORNING, true);
  const kit = kitOf(await loadShop(request));

  await page.goto(`/prenota/${SHOP}/calendar?product=${kit.id}`);
  await hydrated(page);
  await expect(page.getByLabel('Disponibilità e prezzi di')).toHaveValue(String(kit.id));
  await page.getByRole('radio', { name: 'Giornata intera' }).check();
  await openMonth(page, AHEAD);

  // Full day: the booked day is sold out in both halves, the morning-booked one too (a full day
  // needs both halves), a free day is available; each with the 1-day price.
  const day = priceText(kit, 2);
  await expect(cell(page, FULL_DAY)).toHaveAttribute('aria-label', endsWith('esaurito', day));
  await expect(cell(page, FULL_DAY)).toHaveClass(/day--sold-out/);
  await expect(half(cell(page, FULL_DAY), 'morning')).toHaveClass(/half--out/);
  await expect(half(cell(page, FULL_DAY), 'afternoon')).toHaveClass(/half--out/);
  await expect(cell(page, MORNING)).toHaveAttribute('aria-label', endsWith('esaurito, libero solo il pomeriggio', day));
  await expect(half(cell(page, MORNING), 'morning')).toHaveClass(/half--out/);
  await expect(half(cell(page, MORNING), 'afternoon')).toHaveClass(/half--free/);
  await expect(cell(page, FREE)).toHaveAttribute('aria-label', endsWith('disponibile mattina e pomeriggio', day));
  await expect(cell(page, FREE).locator('.day__price')).toHaveText(cellPrice(kit, 2));
  await expect(cell(page, FREE)).not.toHaveClass(/day--sold-out/);

  // Morning: the morning price everywhere; the morning-booked day is now sold out for it.
  await page.getByRole('radio', { name: 'Mattina' }).check();
  const morning = priceText(kit, 0);
  expect(morning).not.toBe(day);
  await expect(cell(page, FREE).locator('.day__price')).toHaveText(cellPrice(kit, 0));
  await expect(cell(page, FREE)).toHaveAttribute('aria-label', endsWith('disponibile mattina e pomeriggio', morning));
  await expect(cell(page, MORNING)).toHaveAttribute('aria-label', endsWith('esaurito, libero solo il pomeriggio', morning));

  // Afternoon: that day's afternoon is still free.
  await page.getByRole('radio', { name: 'Pomeriggio' }).check();
  const afternoon = priceText(kit, 1);
  await expect(cell(page, MORNING)).toHaveAttribute('aria-label', endsWith('disponibile solo il pomeriggio', afternoon));
  await expect(cell(page, MORNING)).not.toHaveClass(/day--sold-out/);
  await expect(cell(page, FULL_DAY)).toHaveAttribute('aria-label', endsWith('esaurito', afternoon));

  // Range: once a start is picked, each day shows the price of the range ending there.
  await page.getByRole('radio', { name: 'Più giorni' }).check();
  await cell(page, FREE).click();
  await expect(cell(page, addDays(FREE, 2))).toHaveAttribute('aria-label', endsWith('disponibile mattina e pomeriggio', priceText(kit, 3, 3)));
  await expect(cell(page, addDays(FREE, 4)).locator('.day__price')).toHaveText(cellPrice(kit, 3, 5));
  // The accessible name carries the full price of that range too.
  await expect(cell(page, addDays(FREE, 4))).toHaveAttribute('aria-label', new RegExp(`, ${escape(priceText(kit, 3, 5))}$`));
  // A range end across sold-out days is not refused: the days are marked and the choice says so.
  await cell(page, FULL_DAY).click();
  await expect(cell(page, FULL_DAY)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: `${kit.label} è esaurito per le date scelte` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continua' })).toBeEnabled();
  // Every state on screen at once (free, sold out, picked and sold out, prices): still no axe
  // violation, every rule (best practices included).
  expect(await violations(page)).toEqual([]);
});

test('from the shop page: the calendar opens on the product and judges each day for what the cart holds', async ({ page, request }) => {
  // The cart's units move with the dates, so a day is fine when it can hold them: the kit's only
  // unit is booked the day after, and that day alone is sold out for this cart.
  const day = addDays(FREE, 5);
  await book(request, addDays(day, 1));
  const kit = kitOf(await loadShop(request));
  await page.goto(`/prenota/${SHOP}/`);
  await page.evaluate((configuration) => localStorage.setItem('configuration', JSON.stringify(configuration)), { multipleDates: DateModes.SINGLE, dates: [day] });
  await page.reload();
  await hydrated(page);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: kit.label }) });
  // The gear step shows one sport at a time: the kit's tab, found once the tabs and each panel are drawn.
  await expect(page.getByRole('tab').first()).toBeVisible();
  for (const tab of await page.getByRole('tab').all()) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
    if ((await item.count()) > 0) break;
  }
  await expect(item.getByText('1 disponibile')).toBeVisible();
  await item.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  // Nothing more to add on the shop page.
  await expect(item.getByText('Esaurito')).toBeVisible();

  await item.getByRole('link', { name: new RegExp(`^Vedi disponibilità nel calendario\\s*: ${escape(kit.label)}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/calendar/?\\?product=${kit.id}$`));
  await hydrated(page);
  await expect(page.getByLabel('Disponibilità e prezzi di')).toHaveValue(String(kit.id));
  const price = priceText(kit, 2);
  await expect(cell(page, day)).toHaveAttribute('aria-label', endsWith('disponibile mattina e pomeriggio', price));
  await expect(cell(page, addDays(day, 1))).toHaveAttribute('aria-label', endsWith('esaurito', price));
  await expect(cell(page, addDays(day, 2))).toHaveAttribute('aria-label', endsWith('disponibile mattina e pomeriggio', price));
  await expect(page.getByRole('status').filter({ hasText: `${kit.label}: quanto hai nel carrello (1) è disponibile per le date scelte, ma non ne restano altri` })).toBeVisible();
  // Moving the booking to the day the kit is taken: the calendar says the cart does not fit there.
  await cell(page, addDays(day, 1)).click();
  await expect(page.getByRole('status').filter({ hasText: `${kit.label}: per le date scelte non ne restano abbastanza per quanto hai nel carrello (1)` })).toBeVisible();

  // Another product type: its own availability and prices.
  const base = (await loadShop(request)).products.find((p) => p.code === 'SCI-BASE')!;
  await page.getByLabel('Disponibilità e prezzi di').selectOption(String(base.id));
  await expect(page).toHaveURL(new RegExp(`\\?product=${base.id}$`));
  await expect(cell(page, day)).toHaveAttribute('aria-label', endsWith('disponibile mattina e pomeriggio', priceText(base, 2)));
});

test('a failed availability load says so and the dates can still be chosen; a stale answer never lands', async ({ page, request }) => {
  const shop = await loadShop(request);
  const [first, second] = shop.products;
  // A month the shop is open all of, and the next.
  const month = inSeasonDay(SHOP, 30).slice(0, 7);
  const daysOf = (url: string, morning: number) => {
    const q = new URL(url).searchParams;
    const out = [];
    for (let d = q.get('from')!; d <= q.get('to')!; d = addDays(d, 1)) out.push({ date: d, morning, afternoon: morning });
    return { data: out };
  };
  // The first product answers late and "sold out" (held until the test lets it go); the second at
  // once and "free".
  let letLateAnswersGo!: () => void;
  const late = new Promise<void>((resolve) => (letLateAnswersGo = resolve));
  const lateAnswers: Promise<void>[] = [];
  await page.route('**/api/v1/shops/*/availabilities/days?*', async (route) => {
    const url = route.request().url();
    if (url.includes(`product_id=${first!.id}&`)) {
      const answered = (async () => {
        await late;
        await route.fulfill({ json: daysOf(url, 0) }).catch(() => {});
        // Delivered (its body read by the page) or dropped by the page: either way over.
        await route.request().response().then((r) => r?.finished(), () => undefined);
      })();
      lateAnswers.push(answered);
      await answered;
    } else await route.fulfill({ json: daysOf(url, 3) });
  });
  await page.goto(`/prenota/${SHOP}/calendar?product=${first!.id}`);
  await hydrated(page);
  await page.getByRole('radio', { name: 'Giornata intera' }).check();
  await page.getByLabel('Disponibilità e prezzi di').selectOption(String(second!.id));
  await openMonth(page, monthsFromToday(`${month}-01`));
  const target = `${month}-10`;
  await expect(cell(page, target)).toHaveAttribute('data-state', 'available');
  // The first product's answers arrive now, after the second's are on screen; once each has been
  // read by the page (or dropped), and the page has run a frame, a stale one would have landed.
  letLateAnswersGo();
  await Promise.all(lateAnswers);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  await expect(cell(page, target)).toHaveAttribute('data-state', 'available');

  await page.unroute('**/api/v1/shops/*/availabilities/days?*');
  await page.route('**/api/v1/shops/*/availabilities/days?*', (route) => route.fulfill({ status: 500, json: { message: 'Errore interno del server' } }));
  await openMonth(page, monthsFromToday(`${month}-01`) + 1);
  await expect(page.getByRole('alert').filter({ hasText: 'Impossibile caricare la disponibilità: puoi comunque scegliere le date.' })).toBeVisible();
  const later = `${shiftMonth(month, 1)}-10`;
  await expect(cell(page, later)).toHaveAttribute('data-state', 'unknown');
  await expect(cell(page, later).locator('.day__price')).toHaveText(cellPrice(second!, 2));
  await cell(page, later).click();
  await expect(cell(page, later)).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/?$`));
});
