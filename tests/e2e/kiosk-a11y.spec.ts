// Kiosk pages: axe with every rule (best practices included) finds nothing, and every
// control is a touch target of at least 48 px, on a portrait (1080×1920) and a landscape
// (1920×1080) kiosk screen.
import { violations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO, KIOSK_SCREENS, pair, tapCode } from './kiosk-helpers';
import { day, placeOrder } from './kiosk-orders';
import { smallTargets } from './touch-targets';

async function check(page: Page, what: string) {
  expect(await violations(page), what).toEqual([]);
  expect(await smallTargets(page), what).toEqual([]);
}

for (const [name, viewport] of KIOSK_SCREENS) {
  test.describe(name, () => {
    test.use({ viewport, hasTouch: true });

    test('pairing page, and every kiosk page of a cash desk with its sheet and password dialog', async ({ page, request }) => {
      await page.goto('/pair');
      await hydrated(page);
      await expect(page.getByLabel('Codice di associazione')).toBeVisible();
      await check(page, '/pair');

      await pair(page, DEMO.cashDesk.code);
      for (const path of ['/totem/cash-desk', '/totem/board', '/totem/delivery', '/totem/pickup', '/totem/inventory', '/totem/products', '/totem/push_in_queue']) {
        await page.goto(path);
        await hydrated(page);
        await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Chiosco BARD-03' })).toBeVisible();
        await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
        await check(page, path);
      }
      // One order at the cash desk: its details, the payment panel and the changes.
      const order = await placeOrder(request, { from: day(60), people: 2 });
      await page.goto(`/totem/cash-desk/${order.uuid}`);
      await hydrated(page);
      await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
      await check(page, '/totem/cash-desk/{uuid}');

      await page.getByRole('contentinfo').getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu del chiosco' })).toBeVisible();
      await check(page, 'kiosk sheet');
      await page.keyboard.press('Escape');

      await tapCode(page, 'BARD-03', 5);
      await expect(page.getByRole('dialog', { name: 'Password di configurazione' })).toBeVisible();
      await check(page, 'password dialog');
      await page.getByRole('dialog').getByLabel('Password').fill(DEMO.cashDesk.password);
      await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
      await expect(page.getByRole('heading', { name: 'Questo chiosco' })).toBeVisible();
      await check(page, '/totem/configuration');
      await page.getByRole('button', { name: 'Scollega il dispositivo' }).click();
      await expect(page.getByRole('dialog', { name: 'Scollegare il dispositivo?' })).toBeVisible();
      await check(page, 'unpair question');
    });

    test("a public kiosk's booking page and checkout", async ({ page }) => {
      await pair(page, DEMO.public.code);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
