// Kiosk part 1: the daily reload, and a public kiosk's self-service booking — its
// shop only, documents required, the order recorded as the kiosk's, and the screen back to its
// start (cart emptied) when nobody uses it.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { fillContact } from './checkout-helpers';
import { DEMO, kioskState, pair } from './kiosk-helpers';
import { addSnowshoes } from './kiosk-orders';
import { KIOSK_CONFIRMATION_RESET_MS, KIOSK_IDLE_RESET_MS } from '~/domain/kiosk-screens';
import { OrderListEnvelopeSchema } from '~/api/contract/orders';
import { PairResponseSchema } from '~/api/contract/staff';

const BARD = 'bardonecchia-sport-rent';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex')]);

/** Counts this tab's page loads (a reload included) in sessionStorage. */
async function countLoads(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('test-loads', String(Number(sessionStorage.getItem('test-loads') ?? 0) + 1)));
}
// Read while the page may be reloading: a read that lands in the middle is retried by the poll.
const loads = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('test-loads'))).catch(() => -1);
const lastRefresh = (page: Page) => kioskState(page).then((s) => s.configuration.lastRefresh, () => null);

test('daily reload: once on a new day (Europe/Rome), not again that day', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-12-01T07:30:00Z') });
  await countLoads(page);
  await pair(page, DEMO.public.code);
  // The first page of the kiosk has no last-refresh day: it records today and reloads once.
  await expect.poll(() => lastRefresh(page)).toBe('2026-12-01');
  await hydrated(page);
  const settled = await loads(page);
  await page.goto(`/prenota/${BARD}/calendar`);
  await hydrated(page);
  expect(await loads(page)).toBe(settled + 1);

  // Past midnight in Rome (23:10 UTC is 00:10 in Rome): the kiosk left open reloads by itself.
  await page.clock.setSystemTime(new Date('2026-12-01T23:10:00Z'));
  await page.clock.fastForward(61_000);
  await expect.poll(() => lastRefresh(page)).toBe('2026-12-02');
  await expect.poll(() => loads(page)).toBe(settled + 2);
  await page.clock.fastForward(120_000);
  await hydrated(page);
  expect(await loads(page)).toBe(settled + 2);
});

test('daily reload: no reload loop when the day cannot be stored', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-12-01T07:30:00Z') });
  await countLoads(page);
  await pair(page, DEMO.public.code);
  await expect.poll(() => lastRefresh(page)).toBe('2026-12-01');
  // Storage now refuses every write of the configuration (full, or a locked-down browser), by
  // setItem or by property, as the stores write it.
  await page.addInitScript(() => {
    const real = window.localStorage;
    const refuse = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const proxy = new Proxy(real, {
      get: (target, key) => {
        if (key === 'setItem') return (k: string, v: string) => (k === 'configuration' ? refuse() : target.setItem(k, v));
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
      set: (target, key, value) => {
        if (key === 'configuration') refuse();
        target.setItem(String(key), String(value));
        return true;
      },
    });
    Object.defineProperty(window, 'localStorage', { get: () => proxy, configurable: true });
  });
  await page.clock.setSystemTime(new Date('2026-12-02T07:30:00Z'));
  const before = await loads(page);
  const kioskScript = page.waitForResponse((r) => /kiosk-page\.[\w-]+\.js$/.test(r.url()));
  await page.goto(`/prenota/${BARD}`);
  await kioskScript;
  await hydrated(page);
  await page.clock.fastForward(61_000);
  await hydrated(page);
  expect(await loads(page)).toBe(before + 1);
  expect(await lastRefresh(page)).toBe('2026-12-01');
});

test("a public kiosk places an order for its shop: a document is required, the order is the kiosk's, the screen resets", async ({ page, request }) => {
  await page.clock.install();
  await pair(page, DEMO.public.code);
  await addSnowshoes(page);
  await page.getByRole('link', { name: '1 articolo nel carrello' }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${BARD}/order`));
  await hydrated(page);
  const main = page.getByRole('main');
  await fillContact(main, { first: 'Lucia', last: 'Bianchi', phone: '+39 340 000 1111', email: 'lucia.bianchi@example.com' });

  // No document: refused in the browser, under the documents field, and nothing is sent.
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(`/api/v1/shops/`)) posted++;
  });
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  // The tablet's camera first (tests/e2e/kiosk-id-and-sheet.spec.ts: preview, retake, the desk instead).
  const documents = main.getByLabel('Fotografa il documento');
  await expect(documents).toHaveAccessibleDescription(/Carica almeno un documento d'identità/);
  await expect(documents).toBeFocused();
  expect(posted).toBe(0);

  await documents.setInputFiles({ name: 'carta-identita.png', mimeType: 'image/png', buffer: PNG });
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/v1/shops/6/orders'));
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  // Placed with the kiosk's token.
  expect((await sent).headers().authorization).toBe((await kioskState(page)).device.token);
  const heading = page.getByRole('heading', { name: /Ordine \d{2}-\d{7} confermato/ });
  await expect(heading).toBeVisible();
  const number = (await heading.innerText()).match(/\d{2}-\d{7}/)![0];
  await expect(main.getByText('Paga alla cassa con questo numero.')).toBeVisible();
  // The number to say at the cash desk, written large.
  await expect(main.getByTestId('order-number')).toHaveText(number);
  expect(await main.getByTestId('order-number').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(32);
  // Nothing leads into the order (the next customer must not reach it), no online payment.
  await expect(main.getByRole('link', { name: "Vedi l'ordine" })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /Paga/ })).toHaveCount(0);

  // The shop's staff see it as placed at the kiosk BARD-01.
  const paired = PairResponseSchema.parse(await (await request.post('/api/v1/pair', { data: { code: DEMO.admin.code } })).json());
  const found = await request.get(`/api/v1/orders/search?q=${number}`, { headers: { Authorization: `Bearer ${paired.data.token}` } });
  const [order] = OrderListEnvelopeSchema.parse(await found.json()).data;
  expect(order).toMatchObject({ number, totem_code: DEMO.public.totem, first_name: 'Lucia' });

  // Left alone after the order: back to the start, nothing of the customer's on screen.
  await page.clock.fastForward(KIOSK_CONFIRMATION_RESET_MS + 1_000);
  await expect(page).toHaveURL(new RegExp(`/prenota/${BARD}$`));
  await hydrated(page);
  await expect(page.getByText('Lucia')).toHaveCount(0);
  const state = await kioskState(page);
  expect(state.configuration.dates).toEqual([]);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!))).toMatchObject({ products: [], first_name: null, phone: null });
});

test('a public kiosk left alone in the middle of a booking empties the cart and returns to its start', async ({ page }) => {
  await page.clock.install();
  await pair(page, DEMO.public.code);
  await addSnowshoes(page);
  await page.goto(`/prenota/${BARD}/calendar`);
  await hydrated(page);
  // Someone using it keeps it as it is.
  await page.clock.fastForward(KIOSK_IDLE_RESET_MS - 10_000);
  await page.mouse.move(200, 200);
  await page.mouse.down();
  await page.mouse.up();
  await page.clock.fastForward(20_000);
  await expect(page).toHaveURL(/\/calendar$/);
  await page.clock.fastForward(KIOSK_IDLE_RESET_MS);
  await expect(page).toHaveURL(new RegExp(`/prenota/${BARD}$`));
  await hydrated(page);
  await expect(page.getByRole('link', { name: /nel carrello/ })).toHaveCount(0);
});

test('a kiosk whose totem allows it (data_security_user_optional) places an order without documents', async ({ page }) => {
  await pair(page, DEMO.admin.code);
  await addSnowshoes(page);
  await page.getByRole('link', { name: '1 articolo nel carrello' }).click();
  await hydrated(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('group', { name: 'Documenti' })).toBeVisible();
  await fillContact(main, { first: 'Paolo', last: 'Verdi', phone: '+39 340 000 2222', email: 'paolo.verdi@example.com' });
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page.getByRole('heading', { name: /Ordine \d{2}-\d{7} confermato/ })).toBeVisible();
});
