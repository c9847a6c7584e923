// A hotel's framed booking page earns its referral: an order booked through
// `?framed&forced_ref=HOTEL42` carries HOTEL42, the cash desk shows it on the order, and the admin
// kiosk's configuration lists it per referral and downloads the list as CSV.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { acceptTerms, fillContact, pricedTotal } from './checkout-helpers';
import { DEMO, pair, unlockConfiguration } from './kiosk-helpers';
import { BARD, BARD_ID, day } from './kiosk-orders';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { DateModes } from '~/domain/dates';
import { TERMS_VERSION } from '~/domain/terms';

test('an order booked through ?framed&forced_ref=HOTEL42 carries the referral', async ({ page, request }) => {
  // The hotel's frame: the referral is stored on the first page.
  await page.goto(`/noleggio/${BARD}/?framed&forced_ref=HOTEL42`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ref'))).toBe('HOTEL42');

  // Snowshoes for two days in the cart, as the booking pages leave it.
  const [from, to] = [day(40), day(41)];
  const shop = await (await request.get(`/api/v1/shops/slug/${BARD}?from=${from}&to=${to}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE') as { id: number; current_price: { id: number } };
  await page.evaluate(
    ({ from, to, id, price, shopId, slug, multipleDates }) => {
      const shop = { id: shopId, slug, label: 'Bardonecchia Sport Rent', logos: [], categories: [], sports: [] };
      localStorage.setItem('configuration', JSON.stringify({ shop, multipleDates, dates: [from, to] }));
      localStorage.setItem('cart', JSON.stringify({ products: [{ id, id_shop: shopId, id_price: price, related: [], multipleDates, dates: [from, to], days: 2 }] }));
    },
    { from, to, id: snowshoes.id, price: snowshoes.current_price.id, shopId: BARD_ID, slug: BARD, multipleDates: DateModes.RANGE },
  );
  await page.goto(`/prenota/${BARD}/order?framed&ref=HOTEL42`);
  await hydrated(page);
  const main = page.getByRole('main');
  await pricedTotal(main);
  await fillContact(main, { first: 'Ada', last: 'Referral', phone: '+39 333 4444444', email: 'ada.referral@example.com' });
  await acceptTerms(main);
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page.getByRole('heading', { name: /confermato/ })).toBeVisible();
  // The order is read back from the confirmation's own URL: the body of the POST that placed it is
  // gone once the browser has navigated to the confirmation, so it cannot be read from the browser.
  const uuid = new URL(page.url()).searchParams.get('order');
  expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
  // As the API keeps it.
  const stored = OrderEnvelopeSchema.parse(await (await request.get(`/api/v1/guest/orders/${uuid}`)).json()).data;
  expect(stored.ref).toBe('HOTEL42');
});

test('staff see the referral at the cash desk and per referral on the configuration page, with its CSV', async ({ page, request }) => {
  // An order the framed page placed today (the booking itself is the test above).
  const from = day(42);
  const shop = await (await request.get(`/api/v1/shops/slug/${BARD}?from=${from}&to=${from}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE') as { current_price: { id: number } };
  const placed = await request.post(`/api/v1/shops/${BARD_ID}/orders`, {
    multipart: { terms_version: TERMS_VERSION, from, to: from, first_name: 'Ada', last_name: 'Referral', phone: '+39 333 4444444', email: 'ada.referral@example.com', 'cart[0][prices][0]': String(snowshoes.current_price.id), ref: 'HOTEL42' },
  });
  expect(placed.status()).toBe(201);
  const order = OrderEnvelopeSchema.parse(await placed.json()).data;

  await pair(page, DEMO.admin.code);
  await page.goto(`/totem/cash-desk/${order.uuid}`);
  await hydrated(page);
  const summary = page.getByRole('region', { name: 'Riepilogo' });
  await expect(summary.getByRole('term').filter({ hasText: 'Partner' })).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: 'HOTEL42' })).toBeVisible();

  await unlockConfiguration(page, DEMO.admin);
  const referrals = page.getByRole('region', { name: 'Ordini dai partner' });
  // This month until today at first: the order just placed is in it.
  await expect(referrals.getByRole('row', { name: /^HOTEL42 / })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), referrals.getByRole('link', { name: 'Scarica CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^referrals-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('"Partner";"Ordini";"Totale"');
  expect(csv).toMatch(/\r\n"HOTEL42";"\d+";"\d+\.\d\d"\r\n/);
});
