// Card payments in flight seen from any kiosk page: a charge the API has not recorded
// yet is counted in a chip linking to its order on every kiosk page, and its recording goes on
// from whatever kiosk page is open, not only from the order's.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { violations } from './axe';
import { DEMO, pair } from './kiosk-helpers';
import { day, placeOrder, readBack, staffToken, terminal } from './kiosk-orders';
import { formatCurrency } from '~/domain/format';

test.afterEach(async ({ request }) => {
  await terminal.reset(request);
});

test('a charge being recorded is counted on the order list and recorded from there', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(12) });
  await pair(page, DEMO.cashDesk.code);
  await page.goto(`/totem/cash-desk/${order.uuid}`);
  await hydrated(page);
  let apiDown = true;
  await page.route('**/api/v1/orders/*/pay', (route) => (apiDown ? route.abort('connectionrefused') : route.continue()));
  await page.getByRole('button', { name: `Incassa ${formatCurrency(order.total_amount)}` }).click();
  await expect(page.getByTestId('desk-recording')).toBeVisible();

  await page.goto('/totem/cash-desk');
  await hydrated(page);
  const chip = page.getByRole('status', { name: "Incassi in sospeso: apri l'ordine per concluderli" });
  await expect(chip).toContainText('1 incasso in sospeso');
  const link = chip.getByRole('link', { name: order.number });
  await expect(link).toHaveAttribute('href', `/totem/cash-desk/${order.uuid}`);
  // A glove-sized target, and a page axe finds nothing on with every rule.
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  expect(await violations(page)).toEqual([]);
  // The line comes back: this page's retries record it (2 s, then 4 s…) and the chip goes.
  apiDown = false;
  await expect(chip).toBeHidden({ timeout: 20_000 });
  const token = await staffToken(request, DEMO.cashDesk.code);
  expect((await readBack(request, token, order.id)).paid).toBe(true);
});
