// The live board and push-in-queue, against `npm start` and its local Pusher-protocol
// endpoint: a wall kiosk shows the board in one browser context while a second context (another
// kiosk of the shop) places orders and pushes them in the queue — they move on the board without a
// reload; a forged channel signature says "Impossibile acquisire il flusso dati."; a dropped socket
// says the board is not live, and once it is back the board holds what was placed meanwhile; axe
// finds nothing on either page. The event→board latency of one run is logged (no timing asserted).
import { violations } from './axe';
import { expect, test, type APIRequestContext, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import { todayInRome } from '~/domain/dates';
import { hydrated } from './hydration';
import { DEMO, kioskState, pair } from './kiosk-helpers';
import { staffToken } from './kiosk-orders';
import { postDayOrder } from './guest-order';

const BARD = 'bardonecchia-sport-rent';
/** Products of the shop with units enough for every order these tests place today, tried in turn. */
const PRODUCTS = ['CIASPOLE', 'CITYBIKE', 'MTB', 'SCI-BASE'];
const LIVE = 'In diretta';
// The contact data of the orders placed here: a wall must never show them.
const LAST_NAME = 'Segreti';
const PHONE = '+39 333 5555555';
const EMAIL = 'segreti@example.com';
const OFFLINE = 'Non in diretta — riconnessione…';
const REFUSED = 'Impossibile acquisire il flusso dati.';
/** pusher-js and the board's own reconnection (a new attempt every 5 s) need a few seconds. */
const RECOVERY_TIMEOUT_MS = 30_000;

interface Placed {
  id: number;
  number: string;
}

/** A guest order of the demo shop for today, through the API (setup, not what is tested). */
async function placeToday(request: APIRequestContext, firstName: string): Promise<Placed> {
  const day = todayInRome();
  const res = await request.get(`/api/v1/shops/slug/${BARD}?from=${day}&to=${day}`);
  const shop = (await res.json()).data as { shop: { id: number }; products: { code: string; current_price: { id: number } | null }[] };
  for (const code of PRODUCTS) {
    const product = shop.products.find((p) => p.code === code && p.current_price);
    if (!product) continue;
    const placed = await postDayOrder(request, shop.shop.id, day, product.current_price!.id, { first_name: firstName, last_name: LAST_NAME, phone: PHONE, email: EMAIL });
    if (placed.status() === 201) {
      const order = (await placed.json()).data as Placed;
      placedToday.push(order.id);
      return order;
    }
  }
  throw new Error('no product left to book today');
}

/**
 * Today's orders these tests placed. They are cancelled at the end: today's units of the shared
 * demo shop are few, and the delivery counter (kiosk-delivery.spec.ts) refuses a hand-out that
 * would take a unit today's bookings need.
 */
const placedToday: number[] = [];
test.afterAll(async ({ request }) => {
  const token = await staffToken(request, DEMO.admin.code);
  // An order cancelled by the test itself answers 410 here: nothing left to free.
  for (const id of placedToday) await request.delete(`/api/v1/orders/${id}?date=${todayInRome()}`, { headers: { Authorization: token } });
});

/** The wall: a public kiosk of the shop showing the board, live. */
async function openBoard(page: Page, expectLive = true): Promise<void> {
  await pair(page, DEMO.public.code);
  await page.goto('/totem/board');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'In coda' })).toBeVisible();
  if (expectLive) await expect(page.getByRole('status').filter({ hasText: LIVE })).toBeVisible();
}

/** A second kiosk (another browser context) of the same shop: the counter. */
async function counter(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'it-IT' });
  const page = await context.newPage();
  await pair(page, DEMO.admin.code);
  return page;
}

/** The board's live-or-not line (a status, or an alert when the channel is refused). */
const boardStatus = (page: Page) => page.locator('.board__status');
/**
 * An order's card in a column. Other tests of the run may fill today's columns past what the screen
 * shows; the cards past it are in the page but hidden, so presence is checked with toBeAttached.
 */
const card = (page: Page, column: string, number: string) => page.locator(`[data-column="${column}"] li[data-order="${number}"]`);

/**
 * Records in the page when each order event arrives on the socket and when each card first shows
 * in a column, both on the page's own clock, so the latency measured is event → board.
 */
async function recordTimings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __events: { event: string; number: string; at: number }[]; __seen: Record<string, number> };
    w.__events = [];
    w.__seen = {};
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', (e) => {
          try {
            const frame = JSON.parse(String(e.data)) as { event: string; data: string };
            if (frame.event.startsWith('order.')) w.__events.push({ event: frame.event, number: JSON.parse(frame.data).number, at: performance.now() });
          } catch {
            /* not an order event */
          }
        });
      }
    };
    new MutationObserver(() => {
      for (const li of document.querySelectorAll<HTMLElement>('li[data-order]')) {
        const key = `${li.dataset.order}@${li.closest<HTMLElement>('[data-column]')?.dataset.column}`;
        w.__seen[key] ??= performance.now();
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

async function latency(page: Page, event: string, number: string, column: string): Promise<number> {
  return page.evaluate(
    ({ event, number, column }) => {
      const w = window as unknown as { __events: { event: string; number: string; at: number }[]; __seen: Record<string, number> };
      const arrived = w.__events.find((e) => e.event === event && e.number === number)!.at;
      return Math.round(w.__seen[`${number}@${column}`]! - arrived);
    },
    { event, number, column },
  );
}

test('a new order and a queued one move on the board without a reload', async ({ page, browser, baseURL, request }) => {
  await recordTimings(page);
  await openBoard(page);
  const desk = await counter(browser, baseURL);

  const order = await placeToday(request, 'Alice');
  await expect(card(page, 'prepare', order.number)).toBeAttached();
  await expect(card(page, 'prepare', order.number)).toContainText('Alice S.');
  await expect(card(page, 'prepare', order.number)).toContainText('1 articolo');
  await expect(card(page, 'prepare', order.number)).toContainText('Da pagare');
  // Privacy: no contact data on the wall.
  for (const secret of [LAST_NAME, PHONE, EMAIL]) await expect(page.getByText(secret)).toHaveCount(0);
  const created = await latency(page, 'order.created', order.number, 'prepare');

  await desk.goto('/totem/push_in_queue');
  await hydrated(desk);
  const field = desk.getByLabel("Numero d'ordine");
  await expect(field).toBeFocused();
  // As a scanner does: the number, then Enter.
  await field.pressSequentially(order.number);
  await field.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: `Ordine ${order.number} in coda.` })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();

  await expect(card(page, 'queue', order.number)).toBeAttached();
  await expect(card(page, 'queue', order.number)).toContainText('in coda dalle');
  await expect(card(page, 'prepare', order.number)).toHaveCount(0);
  const queued = await latency(page, 'order.pushed_in_queue', order.number, 'queue');
  console.log(`[kiosk-board] event → board: order.created ${created} ms, order.pushed_in_queue ${queued} ms`);
  test.info().annotations.push({ type: 'latency', description: `order.created ${created} ms, order.pushed_in_queue ${queued} ms` });
  await desk.context().close();
});

test('push_in_queue says why an order cannot be queued, and keeps the number for the next scan', async ({ page, request }) => {
  await pair(page, DEMO.admin.code);
  await page.goto('/totem/push_in_queue');
  await hydrated(page);
  const field = page.getByLabel("Numero d'ordine");
  await field.fill('06-9999999');
  await field.press('Enter');
  await expect(field).toHaveAccessibleDescription(/Nessun ordine del negozio ha questo numero\./);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveValue('06-9999999');

  const order = await placeToday(request, 'Bruno');
  const token = (await kioskState(page)).device.token as string;
  const cancelled = await request.delete(`/api/v1/orders/${order.id}?date=${todayInRome()}`, { headers: { Authorization: token } });
  expect(cancelled.status()).toBe(200);
  await field.fill(order.number);
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Questo ordine è annullato: non può andare in coda.' })).toBeVisible();

  const good = await placeToday(request, 'Carla');
  await field.fill(good.number);
  await page.getByRole('button', { name: 'Metti in coda' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Ordine ${good.number} in coda.` })).toBeVisible();
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('region', { name: 'Appena messi in coda' })).toContainText(good.number);
  expect(await violations(page)).toEqual([]);
});

test('push_in_queue sends each number scanned while a slow send is on its way, on its own', async ({ page, request }) => {
  await pair(page, DEMO.admin.code);
  const [first, second] = [await placeToday(request, 'Dario'), await placeToday(request, 'Elena')];
  const sent: string[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // A slow line: the first push is held until the other scans are made.
  await page.route('**/api/v1/totem/push_in_queue', async (route) => {
    sent.push((route.request().postDataJSON() as { order: string }).order);
    if (sent.length === 1) await held;
    await route.continue();
  });
  await page.goto('/totem/push_in_queue');
  await hydrated(page);
  const field = page.getByLabel("Numero d'ordine");
  for (const number of [first.number, '06-9999999', second.number]) {
    await field.pressSequentially(number);
    await field.press('Enter');
    // Each Enter empties the field: the next scan is a number of its own, not joined to this one.
    await expect(field).toHaveValue('');
    if (number === first.number) await expect.poll(() => sent.length).toBe(1);
  }
  release();
  const recent = page.getByRole('region', { name: 'Appena messi in coda' });
  await expect(recent).toContainText(second.number);
  await expect(recent).toContainText(first.number);
  expect(sent).toEqual([first.number, '06-9999999', second.number]);
  // The refusal in the middle is said with its number, not hidden by the success after it.
  await expect(field).toHaveAccessibleDescription(/06-9999999: Nessun ordine del negozio ha questo numero\./);
});

test('a forged channel authorization says "Impossibile acquisire il flusso dati."', async ({ page }) => {
  await pair(page, DEMO.public.code);
  const key = (await kioskState(page)).device.realtime.key as string;
  await page.route('**/api/v1/broadcasting/auth', (route) => route.fulfill({ json: { auth: `${key}:${'0'.repeat(64)}` } }));
  await page.goto('/totem/board');
  await hydrated(page);
  await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toBeVisible();
  await expect(boardStatus(page)).toHaveText(REFUSED);
  await expect(page.getByText(LIVE, { exact: true })).toHaveCount(0);
  // The board is still read and shown; it just is not live.
  await expect(page.getByRole('heading', { name: 'Da preparare' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('after the socket drops the board says it is not live, comes back by itself and shows what it missed', async ({ page, request }) => {
  let down = false;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/app\//, (ws) => {
    if (down) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    open.push(ws);
  });
  await openBoard(page);
  const before = await placeToday(request, 'Dario');
  await expect(card(page, 'prepare', before.number)).toBeAttached();

  down = true;
  for (const ws of open.splice(0)) await ws.close();
  await expect(boardStatus(page)).toHaveText(OFFLINE);
  const missed = await placeToday(request, 'Elena');

  down = false;
  await expect(boardStatus(page)).toHaveText(LIVE, { timeout: RECOVERY_TIMEOUT_MS });
  await expect(card(page, 'prepare', missed.number)).toBeAttached();
  expect(await violations(page)).toEqual([]);
});
