// A kiosk never reloads under staff's hands (features/kiosk/offline/register.ts and
// shared/stores/kiosk-update.ts): the device's first worker takes charge of the open page without a
// reload, so a payment started on the first screen gets its answer; a new build waits, with a note
// in the footer, until the kiosk is idle (nothing in flight, no touch for PUBLIC_KIOSK_UPDATE_IDLE_S),
// then the page reloads onto it once.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { projectRoot } from '~server/db/client';
import { formatCurrency } from '~/domain/format';
import type { OrderResponse } from '~/api/contract/orders';
import { hydrated } from './hydration';
import { DEMO, pair } from './kiosk-helpers';
import { day, placeOrder, terminal } from './kiosk-orders';

// The worker is what these tests are about.
test.use({ serviceWorkers: 'allow' });

/** The worker the server serves (the build's; the second test deploys a next one). */
const SW_FILE = path.join(projectRoot, 'dist', 'sw.js');
const QUESTION = /Il terminale non ha risposto/;

test.afterEach(async ({ request }) => {
  await terminal.reset(request);
});

const payButton = (page: Page, order: OrderResponse) => page.getByRole('button', { name: `Incassa ${formatCurrency(order.total_amount)}` });

/** The charges the page asks of the terminal (operation 10; a receipt and its print are others). */
function countCharges(page: Page): () => number {
  let charges = 0;
  page.on('request', (req) => {
    if (req.url() === `${terminal.url}/process` && req.method() === 'POST' && (req.postDataJSON() as { operations: number[] }).operations.includes(10)) charges++;
  });
  return () => charges;
}

/** Counts the page loads from now on. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test('a cash desk paired a moment ago takes a payment on its first screen: its first worker reloads nothing', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(0), firstName: 'Prima', lastName: 'Schermata' });
  await terminal.control(request, { delay_ms: 1500 });
  await pair(page, DEMO.cashDesk.code);
  const charges = countCharges(page);
  // At once: the worker is still installing and takes charge of the pages meanwhile.
  await page.getByRole('link', { name: order.number }).click();
  await payButton(page, order).click();
  const loads = countLoads(page);
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
  // The worker is in charge by now, and it reloaded nothing: no page load, no question, one charge.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
  await page.waitForTimeout(1000);
  expect(loads()).toBe(0);
  await expect(page.getByText(QUESTION)).toHaveCount(0);
  expect(charges()).toBe(1);
});

test('a new build waits for the payment in flight and the idle minute, says so, then reloads the kiosk once', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(0), firstName: 'Nuova', lastName: 'Versione' });
  await pair(page, DEMO.cashDesk.code);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
  // Time runs as usual; the test jumps it past the idle minute below.
  await page.clock.install();
  const built = readFileSync(SW_FILE, 'utf8');
  // The next build, deployed: the server now serves another dist/sw.js (a context.route would not
  // do: the browser fetches a worker's script past Playwright's routing).
  writeFileSync(SW_FILE, `${built}\n// the next build\n`);
  try {
    await page.goto(`/totem/cash-desk/${order.uuid}`);
    await hydrated(page);
    const loads = countLoads(page);
    await expect(page.getByRole('status').filter({ hasText: 'Aggiornamento pronto' })).toBeVisible();

    // The card takes its time on the terminal; meanwhile the idle minute passes without a touch.
    await terminal.control(request, { delay_ms: 6000 });
    const charges = countCharges(page);
    await payButton(page, order).click();
    await expect(page.getByText('Pagamento in corso sul terminale…')).toBeVisible();
    await page.clock.fastForward('01:10');
    // Two of the kiosk's idle checks pass while the payment is in flight: no reload.
    await page.waitForTimeout(2 * 5_000 + 500);
    expect(loads()).toBe(0);
    // The payment ends as it should, then the idle kiosk takes the new build: one reload.
    await expect.poll(loads, { timeout: 30_000 }).toBe(1);
    expect(charges()).toBe(1);
  } finally {
    writeFileSync(SW_FILE, built);
  }
  await page.waitForLoadState('load');
  await hydrated(page);
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
  await expect(page.getByText(QUESTION)).toHaveCount(0);
  const running = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller?.state ?? null };
  });
  expect(running).toEqual({ waiting: null, controlled: 'activated' });
  await expect(page.getByRole('status').filter({ hasText: 'Aggiornamento pronto' })).toHaveCount(0);
});
