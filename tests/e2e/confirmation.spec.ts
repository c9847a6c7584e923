// A placed order's confirmation is a page of its own (/orders/confirmed/?order={uuid}), on a phone
// first: the number large with its code, dates and slot, the shop's address, hours and map, what to
// bring, what is due and how to pay, and the guest's link. A reload, Back and another language
// all show the same order (never "the cart is empty").
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './axe';
import { hydrated } from './hydration';
import { acceptTerms, checkoutWithSnowshoes, fillContact, pricedTotal } from './checkout-helpers';

const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');

/** Writes the screen's picture when asked (E2E_SCREENSHOTS=1). */
async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, caret: 'hide', animations: 'disabled' });
}

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });

const CONFIRMED = /\/orders\/confirmed\/\?order=([0-9a-f-]{36})$/;

test('a guest lands on the confirmation, which a reload, Back and English all keep', async ({ page, request }) => {
  const main = await checkoutWithSnowshoes(page, request, 84);
  const total = await pricedTotal(main);
  await fillContact(main);
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();

  await expect(page).toHaveURL(CONFIRMED);
  const uuid = CONFIRMED.exec(page.url())![1]!;
  await hydrated(page);
  const number = page.getByTestId('order-number');
  await expect(number).toHaveText(/^\d{2}-\d{7}$/);
  const orderNumber = await number.innerText();
  const api = (await (await request.get(`/api/v1/guest/orders/${uuid}`)).json()).data;
  expect(api.number).toBe(orderNumber);

  const shows = async (language: 'it' | 'en' | 'fr') => {
    const text = {
      it: { h1: 'Ordine confermato', where: 'Dove ritirare', bring: 'Cosa portare', due: 'Da pagare', link: 'Il link del tuo ordine', hours: 'Dicembre–aprile: tutti i giorni 8:00–18:30', map: 'Apri la mappa del negozio', code: `Codice QR dell'ordine ${orderNumber}`, slot: 'Giornata intera' },
      en: { h1: 'Order confirmed', where: 'Where to pick up', bring: 'What to bring', due: 'To pay', link: "Your order's link", hours: 'December–April: daily 8am–6:30pm', map: "Open the shop's map", code: `QR code of order ${orderNumber}`, slot: 'Whole day' },
      fr: { h1: 'Commande confirmée', where: 'Où retirer le matériel', bring: 'À apporter', due: 'À payer', link: 'Le lien de votre commande', hours: 'Décembre–avril : tous les jours 8h–18h30', map: 'Ouvrir la carte du magasin', code: `Code QR de la commande ${orderNumber}`, slot: 'Journée entière' },
    }[language];
    await expect(page.getByRole('heading', { level: 1, name: text.h1 })).toBeInViewport();
    await expect(number).toHaveText(orderNumber);
    await expect(number).toBeInViewport();
    const fontSize = await number.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(32);
    await expect(page.getByRole('img', { name: text.code })).toBeVisible();
    const where = page.getByRole('region', { name: text.where });
    await expect(where).toContainText('Sport Noleggio Sestriere');
    await expect(where).toContainText('Via Louset 14, 10058 Sestriere');
    await expect(where).toContainText(text.hours);
    await expect(where.getByRole('link', { name: text.map })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=44\.9574&mlon=6\.8801/);
    await expect(page.getByRole('region', { name: text.bring }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText(text.slot)).toBeVisible();
    await expect(page.getByText(text.due, { exact: true })).toBeVisible();
    await expect(page.getByTestId('server-total')).toHaveText(new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(api.total_amount));
    const link = page.getByRole('region', { name: text.link }).getByRole('link');
    await expect(link).toHaveAttribute('href', `${language === 'it' ? '' : `/${language}`}/orders/${uuid}`);
    expect(await violations(page)).toEqual([]);
  };

  await shows('it');
  await expect(page.getByTestId('server-total')).toHaveText(total);
  await expect(page.getByRole('button', { name: `Paga ora ${total}` })).toBeVisible();
  await shoot(page, 'confirmation-phone-it');

  await page.reload();
  await hydrated(page);
  await expect(page).toHaveURL(CONFIRMED);
  await shows('it');

  // Back goes to the checkout the order was placed from, which sends on to this confirmation.
  await page.goBack();
  await expect(page).toHaveURL(CONFIRMED);
  await hydrated(page);
  await expect(page.getByText('Il carrello è vuoto.')).toHaveCount(0);
  await shows('it');

  // On a phone the languages are in the app bar's menu.
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Lingua' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/orders/confirmed/\\?order=${uuid}$`));
  await hydrated(page);
  await shows('en');
  await shoot(page, 'confirmation-phone-en');

  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' }).click();
  await hydrated(page);
  await shows('fr');
  await shoot(page, 'confirmation-phone-fr');

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/orders/confirmed/?order=${uuid}`);
  await hydrated(page);
  await shows('it');
  await shoot(page, 'confirmation-desktop-it');

  // The order link opens the order.
  await page.getByRole('link', { name: "Vedi l'ordine" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${uuid}$`));
  await expect(page.getByRole('heading', { name: `Ordine ${orderNumber}` })).toBeVisible();
});

test('a confirmation address naming no order says so', async ({ page }) => {
  await page.goto('/orders/confirmed/?order=00000000-0000-4000-8000-000000000000');
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText('Ordine non trovato');
  await page.goto('/orders/confirmed/');
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText('Ordine non trovato');
});
