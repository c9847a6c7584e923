// A kiosk that stops being one forgets what it stored, except work only it can finish (stores/
// kiosk-forget.ts): with a delivery waiting to be sent, "Scollega" on the configuration page lists
// it instead of unpairing, and /pair refuses another kiosk's code, listing it; paired again as the
// same kiosk the delivery is kept and lands; once nothing waits, unpairing leaves none of the
// kiosk's keys in the browser.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO, pair, unlockConfiguration } from './kiosk-helpers';
import { openDelivery, scan } from './kiosk-delivery-helpers';
import { day, placeOrder, readBack, staffToken } from './kiosk-orders';
import type { OrderResponse } from '~/api/contract/orders';

const KIOSK_KEYS = ['totem', 'kiosk-delivery-draft', 'kiosk-pickup-draft', 'kiosk-outbox', 'cash-desk-payments', 'cash-desk-claim-attempts', 'cashier-close'];
const stored = (page: Page) => page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), KIOSK_KEYS);
const queuedRefs = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('kiosk-outbox') ?? '[]') as { ref: string }[]).map((e) => e.ref));

let token: string;
test.beforeAll(async ({ request }) => {
  token = await staffToken(request, DEMO.admin.code);
});

/**
 * A unit that never went out: one the other specs handed out and took back on a later day cannot
 * be handed out again before that day.
 */
async function unitNeverOut(request: APIRequestContext): Promise<string> {
  const headers = { Authorization: token };
  const units: { internal_code: string; product: { code: string } }[] = (await (await request.get('/api/v1/specific_products?status=available', { headers })).json()).data;
  for (const { internal_code: code } of units.filter((u) => u.product.code === 'CIASPOLE')) {
    const unit = (await (await request.get(`/api/v1/specific_products/${code}`, { headers })).json()).data;
    if (unit.history.length === 0) return code;
  }
  throw new Error('no snowshoes unit that never went out');
}

/** A delivery confirmed while the API refuses every hand-out request (the line to it is down). */
async function queueDelivery(page: Page, order: OrderResponse, code: string): Promise<void> {
  await openDelivery(page, order);
  await scan(page, "Codice dell'articolo", code);
  await expect(page.locator('#delivery-scan-feedback')).toContainText(`${code} aggiunto`);
  await page.route('**/api/v1/delivery', (route) => route.abort());
  await page.getByRole('button', { name: 'Conferma la consegna di 1 articolo' }).click();
  await expect(page.locator('#delivery-scan-feedback')).toContainText(`Consegna di 1 articolo dell'ordine ${order.number} salvata`);
}

test('unpairing waits for a queued delivery, listed on the configuration page; then leaves none of the kiosk’s keys', async ({ page, request }) => {
  await pair(page, DEMO.admin.code);
  const order = await placeOrder(request, { from: day(20), firstName: 'Fosca', lastName: 'Dimenticata' });
  const code = await unitNeverOut(request);
  await queueDelivery(page, order, code);

  await unlockConfiguration(page, DEMO.admin);
  await expect(page.getByRole('heading', { name: 'Questo chiosco' })).toBeVisible();
  const unpair = page.getByRole('button', { name: 'Scollega il dispositivo' });
  await unpair.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'non si può scollegare' });
  await expect(refusal).toContainText('1 operazione esiste solo qui');
  await expect(refusal.getByRole('listitem')).toHaveText([`consegna dell'ordine ${order.number}: in attesa di invio`]);
  await expect(page.getByRole('dialog', { name: 'Scollegare il dispositivo?' })).toHaveCount(0);
  expect(await stored(page)).toEqual(expect.arrayContaining(['totem', 'kiosk-outbox']));

  // The line is back: the delivery lands by itself, and unpairing goes.
  await page.unroute('**/api/v1/delivery');
  await expect.poll(async () => (await readBack(request, token, order.id)).delivery.delivery_details.length, { timeout: 45_000 }).toBe(1);
  await expect.poll(() => queuedRefs(page)).toEqual([]);
  await unpair.click();
  await page.getByRole('dialog', { name: 'Scollegare il dispositivo?' }).getByRole('button', { name: 'Scollega il dispositivo' }).click();
  await expect(page).toHaveURL(/\/pair$/);
  expect(await stored(page)).toEqual([]);
  await request.post('/api/v1/pickup', { headers: { Authorization: token }, data: { items: [{ internal_code: code }] } });
});

test('a device with a queued delivery pairs again only as the same kiosk, which keeps and sends it', async ({ page, request }) => {
  await pair(page, DEMO.admin.code);
  const order = await placeOrder(request, { from: day(21), firstName: 'Ugo', lastName: 'Inviato' });
  const code = await unitNeverOut(request);
  await queueDelivery(page, order, code);

  await page.goto('/pair');
  await hydrated(page);
  const main = page.getByRole('main');
  await main.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(main).toContainText('Questo dispositivo ha 1 operazione del chiosco BARD-02 ancora da completare');
  await expect(main.locator('.kiosk-pending').getByRole('listitem')).toHaveText([`consegna dell'ordine ${order.number}: in attesa di invio`]);

  // Another kiosk's code: refused under the field, the device still BARD-02 with its delivery.
  const field = page.getByLabel('Codice di associazione');
  await field.fill(DEMO.public.code);
  await page.getByRole('button', { name: 'Associa il dispositivo' }).click();
  await expect(field).toHaveAccessibleDescription(/Il codice è del chiosco BARD-01 .*resta BARD-02/);
  await expect(page).toHaveURL(/\/pair$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('configuration')!).totem.code)).toBe('BARD-02');
  expect(await queuedRefs(page)).toEqual([order.number]);

  // The same kiosk: paired, the delivery kept (the draft gone), and it lands once the line is back.
  await field.fill(DEMO.admin.code);
  await page.getByRole('button', { name: 'Associa il dispositivo' }).click();
  await expect(page).toHaveURL(/\/totem\/cash-desk$/);
  expect(await queuedRefs(page)).toEqual([order.number]);
  expect(await stored(page)).not.toContain('kiosk-delivery-draft');
  await page.unroute('**/api/v1/delivery');
  await expect.poll(async () => (await readBack(request, token, order.id)).delivery.delivery_details.length, { timeout: 45_000 }).toBe(1);
  await request.post('/api/v1/pickup', { headers: { Authorization: token }, data: { items: [{ internal_code: code }] } });
});
