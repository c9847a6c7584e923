// A new customer's whole way on a phone (390×844, touch, DPR 2), from a search engine's landing to
// a placed guest order, measuring what "a booking that sells on a phone" promises: the app bar's
// height, the first "add" on the first screen on arrival, the cart bar fixed to the bottom once the
// cart holds something, the consent before "Conferma l'ordine", the confirmation that survives a
// reload and Back, the same order in English, the consent recorded on the order, and the e-mail's
// lines adding up to its total.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './axe';
import { hydrated } from './hydration';
import { acceptTerms, fillContact, fillSkier, pricedTotal } from './checkout-helpers';
import { SHOP, shopAnswer } from './season-helpers';
import { inSeasonDay } from '../support/season';
import { readMail } from '../support/mail';
import { DateModes } from '~/domain/dates';
import { TERMS_VERSION } from '~/domain/terms';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

const EMAIL = 'viaggio.telefono@example.com';
const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');
/** Each step of the walk as the phone shows it, for the customer README's walk-through. */
const shot = (page: Page, step: string) => page.screenshot({ path: path.join(SHOTS, `phone-walk-${step}.png`), animations: 'disabled' });
const appBar = (page: Page) => page.getByRole('banner');

/** "1.234,50 €", "-10,00 €" → cents. */
function cents(amount: string): number {
  const m = /(-?)([\d.]+),(\d{2})\s*€/.exec(amount.replace(/\u00a0/g, ' '));
  if (!m) throw new Error(`not an amount: ${amount}`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/\./g, '')) * 100 + Number(m[3]));
}

/** The confirmation e-mails the server wrote for EMAIL (its outbox), newest first. */
function confirmations() {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  return readdirSync(outbox)
    .sort()
    .reverse()
    .map((f) => readMail(readFileSync(path.join(outbox, f), 'utf8')))
    .filter((m) => m.to === EMAIL && m.subject.startsWith('Conferma ordine'));
}

test('from the town’s skis page to a placed guest order, on a phone', async ({ page, request }) => {
  const answer = await shopAnswer(request);
  // The visitor chose the dates earlier on the site (the dates chip).
  await page.goto(`/prenota/${SHOP}/`);
  const dates = [inSeasonDay(SHOP, 44), inSeasonDay(SHOP, 46)];
  await page.evaluate((configuration) => localStorage.setItem('configuration', JSON.stringify(configuration)), { multipleDates: DateModes.RANGE, dates });

  // The landing page: a short app bar.
  await page.goto('/sci/sestriere/');
  expect((await appBar(page).boundingBox())!.height).toBeLessThanOrEqual(64);
  await shot(page, '1-landing');
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: answer.shop.label }) })
    .getByRole('link', { name: /^Prenota/ })
    .tap();
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/\\?category=sci$`));
  await hydrated(page);

  // The skis are open first, and the first "add" is on the first screen without scrolling.
  const products = page.getByRole('tabpanel').getByRole('listitem');
  await expect(products.first().getByRole('button', { name: /Aggiungi al carrello/ })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect((await appBar(page).boundingBox())!.height).toBeLessThanOrEqual(64);
  await shot(page, '2-gear');

  // Skis for one person, with their measures.
  const skis = products.filter({ has: page.getByRole('heading', { name: 'Kit sci Base' }) });
  await skis.getByRole('button', { name: /Aggiungi al carrello/ }).tap();
  const who = page.getByRole('dialog', { name: /Per chi è Kit sci Base/ });
  await fillSkier(who, { first: 'Elena', last: 'Viaggio', height: '170', weight: '62', shoe: '39', level: 'Intermedio' });
  await shot(page, '3-person');
  await who.getByRole('button', { name: 'Conferma' }).tap();

  // The cart is in reach: a bar fixed to the bottom with the count and the total, and the app bar's count.
  const cartBar = page.getByRole('region', { name: 'Il tuo carrello' });
  await expect(cartBar).toContainText('1 articolo');
  const bottom = (await cartBar.boundingBox())!;
  expect(bottom.y + bottom.height).toBeCloseTo(844, 0);
  await expect(appBar(page).getByRole('link', { name: '1 articolo nel carrello' })).toBeVisible();
  const barTotal = (await cartBar.getByTestId('cart-bar-total').innerText()).replace(/^Totale\s*/, '');
  expect(await violations(page)).toEqual([]);
  await shot(page, '4-cart-bar');
  await cartBar.getByRole('link', { name: 'Continua al riepilogo' }).tap();
  await hydrated(page);

  // The summary: the same total, the contact, and the consent with its three pages.
  const main = page.getByRole('main');
  expect(await pricedTotal(main)).toBe(barTotal);
  await fillContact(main, { first: 'Elena', last: 'Viaggio', phone: '+39 333 1212121', email: EMAIL });
  await main.getByRole('button', { name: "Conferma l'ordine" }).tap();
  const consent = main.getByRole('checkbox', { name: /Ho letto e accetto le condizioni di noleggio/ });
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await acceptTerms(main);
  await shot(page, '5-summary');
  await main.getByRole('button', { name: "Conferma l'ordine" }).tap();

  // Its own page: "Ordine confermato", the number large.
  await expect(page).toHaveURL(/\/orders\/confirmed\/\?order=[0-9a-f-]{36}$/);
  const uuid = new URL(page.url()).searchParams.get('order')!;
  const confirmed = page.getByRole('heading', { level: 1, name: 'Ordine confermato' });
  await expect(confirmed).toBeVisible();
  const number = await page.getByTestId('order-number').innerText();
  expect(number).toMatch(/^\d{2}-\d{7}$/);
  expect(await violations(page)).toEqual([]);
  await shot(page, '6-confirmed');

  // A reload and Back keep it; never "the cart is empty".
  await page.reload();
  await hydrated(page);
  await expect(confirmed).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await page.goBack();
  await expect(page).toHaveURL(/\/orders\/confirmed\/\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
  await expect(page.getByText('Il carrello è vuoto')).toHaveCount(0);

  // In English, from the app bar's menu: the same order.
  await hydrated(page);
  await appBar(page).getByRole('button', { name: 'Menu' }).tap();
  await appBar(page).getByRole('link', { name: 'English' }).tap();
  await expect(page).toHaveURL(new RegExp(`/en/orders/confirmed/\\?order=${uuid}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Order confirmed' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await shot(page, '7-confirmed-en');

  // The consent is on the order: which terms, and when.
  const order = ((await (await request.get(`/api/v1/guest/orders/${uuid}`)).json()) as { data: { total_amount: number; terms_version: string; terms_accepted_at: string } }).data;
  expect(order.terms_version).toBe(TERMS_VERSION);
  expect(Date.parse(order.terms_accepted_at)).not.toBeNaN();
  expect(Math.round(order.total_amount * 100)).toBe(cents(barTotal));

  // The confirmation e-mail: its lines add up to its total, which is the order's.
  await expect.poll(() => confirmations().length).toBeGreaterThan(0);
  const text = confirmations()[0]!.text.split('\n');
  const rows = text.slice(text.indexOf('Costi:') + 1, text.findIndex((l) => l.startsWith('Totale:')));
  expect(rows.length).toBeGreaterThan(0);
  const total = cents(text.find((l) => l.startsWith('Totale:'))!);
  expect(rows.map((r) => cents(r.slice(r.lastIndexOf(': ') + 2))).reduce((s, v) => s + v, 0)).toBe(total);
  expect(total).toBe(Math.round(order.total_amount * 100));
});
