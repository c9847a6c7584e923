// The counter's list of the day against `npm start` and its local Pusher-protocol endpoint, at
// 1920×1080 and 1080×1920: the cash desk opens on today's orders to hand out (tomorrow's on the
// second tab), and an order placed as a kiosk order through the API appears on it within a second,
// on top, with no reload; a row opens its order; a USB scanner typing an order number and Enter,
// wherever the focus was left, searches it. Delivery opens on the same list; pickup on today's
// returns, with each person's measures beside the unit they took. axe with every rule and 48 px
// targets. With E2E_SCREENSHOTS=1 it writes the screens in it/en/fr to tests/e2e/__screenshots__/.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO, pair } from './kiosk-helpers';
import { available, deliverByApi, violations } from './kiosk-delivery-helpers';
import { smallTargets } from './touch-targets';
import { day, placeOrder, readBack, staffToken } from './kiosk-orders';
import type { OrderResponse } from '~/api/contract/orders';
import { formatCurrency } from '~/domain/format';
import { localizePath } from '~/domain/locale-path';

const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');
const SCREENS = [
  ['landscape', { width: 1920, height: 1080 }],
  ['portrait', { width: 1080, height: 1920 }],
] as const;
const LOCALES = [
  ['it', 'Ordini da consegnare', 'Rientri di oggi'],
  ['en', 'Orders to hand out', 'Due back today'],
  ['fr', 'Commandes à remettre', 'Retours du jour'],
] as const;
/** A kiosk order on the open cash desk within this long of the API's answer (the brief: a second). */
const LIVE_MS = 1_000;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

let token: string;
test.beforeAll(async ({ request }) => {
  token = await staffToken(request, DEMO.admin.code);
});
/** Orders placed here: what they still have out goes back, and they are cancelled (today's units are few). */
const placed: number[] = [];
const track = (order: OrderResponse) => {
  placed.push(order.id);
  return order;
};
test.afterEach(async ({ request }) => {
  for (const id of placed.splice(0)) {
    const order = await readBack(request, token, id);
    const out = order.delivery.delivery_details
      .filter((d) => d.datetime_delivery && !d.datetime_return)
      .map((d) => d.delivery_detail_specific_product!.specific_product.internal_code);
    if (out.length > 0)
      await request.post('/api/v1/pickup', { headers: { Authorization: token }, data: { items: out.map((internal_code) => ({ internal_code })) } });
    // A handed-out order cannot be cancelled (the API answers 409): its units are back, which is what matters.
    await request.delete(`/api/v1/orders/${id}?date=${day(0)}`, { headers: { Authorization: token } });
  }
});

const rowOf = (page: Page, order: OrderResponse, role: 'link' | 'button') =>
  page.getByRole('list', { name: /Ordini da consegnare|Rientri di oggi/ }).getByRole(role, { name: new RegExp(order.number) });

async function checkScreen(page: Page, what: string) {
  expect(await violations(page), `${what}: axe`).toEqual([]);
  expect(await smallTargets(page), `${what}: targets under 48 px`).toEqual([]);
}

async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), caret: 'hide', animations: 'disabled' });
}

for (const [screen, viewport] of SCREENS) {
  test(`${screen}: the cash desk opens on today's orders, a kiosk order appears live, tomorrow's tab, the scanner from anywhere`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const today = track(await placeOrder(request, { from: day(0), firstName: 'Oggi', lastName: `Banco${screen}` }));
    const tomorrow = track(await placeOrder(request, { from: day(1), firstName: 'Domani', lastName: `Banco${screen}` }));

    await pair(page, DEMO.cashDesk.code);
    await expect(page).toHaveURL(/\/totem\/cash-desk$/);
    await expect(page.getByRole('heading', { name: 'Ordini da consegnare' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Oggi' })).toHaveAttribute('aria-selected', 'true');
    const row = rowOf(page, today, 'link');
    await expect(row).toBeVisible();
    await expect(row).toContainText('Oggi');
    await expect(row).toContainText('1 articolo');
    await expect(row).toContainText(`Da pagare ${formatCurrency(today.total_amount)}`);
    await expect(rowOf(page, tomorrow, 'link')).toBeHidden();
    await expect(page.getByLabel('Numero, nome, email o telefono')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'In diretta' })).toHaveCount(0);
    await checkScreen(page, 'cash desk, today');

    // Placed at a kiosk of the shop (the admin kiosk's token, a document as a kiosk requires): on
    // the open desk within a second, first, with no reload.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const kiosk = track(
      await placeOrder(request, {
        from: day(0),
        firstName: 'Totem',
        lastName: `Banco${screen}`,
        kioskToken: token,
        documents: [{ name: 'carta.png', mimeType: 'image/png', buffer: PNG }],
      }),
    );
    const answered = Date.now();
    await expect(rowOf(page, kiosk, 'link')).toBeVisible({ timeout: LIVE_MS });
    console.log(`[counter-today] kiosk order answered → on the cash desk: ${Date.now() - answered} ms`);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    const first = page.getByRole('list', { name: 'Ordini da consegnare' }).getByRole('listitem').first();
    await expect(first).toHaveAttribute('data-order', kiosk.number);
    await expect(first).toContainText('Dal totem');
    await shoot(page, `staff-counter-today-desk-${screen}-it`);

    // Tomorrow's tab, chosen by a tap; the arrow keys move back.
    await page.getByRole('tab', { name: 'Domani' }).click();
    await expect(page.getByRole('tab', { name: 'Domani' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Domani' })).toBeVisible();
    await expect(rowOf(page, tomorrow, 'link')).toBeVisible();
    await expect(rowOf(page, today, 'link')).toBeHidden();
    await checkScreen(page, 'cash desk, tomorrow');
    await shoot(page, `staff-counter-tomorrow-desk-${screen}-it`);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Oggi' })).toBeFocused();
    await expect(rowOf(page, today, 'link')).toBeVisible();

    // The scanner types with the focus on the tab: the number goes to the search, Enter finds it.
    await page.keyboard.type(today.number);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Numero, nome, email o telefono')).toHaveValue(today.number);
    await page.getByRole('link', { name: today.number, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Ordine ${today.number}` })).toBeVisible();

    // A row opens its order as a search result does.
    await page.goto('/totem/cash-desk');
    await hydrated(page);
    await rowOf(page, kiosk, 'link').click();
    await expect(page.getByRole('heading', { name: `Ordine ${kiosk.number}` })).toBeVisible();

    for (const [locale, title] of LOCALES.slice(1)) {
      await page.goto(localizePath(locale, '/totem/cash-desk'));
      await hydrated(page);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.locator(`[data-order="${kiosk.number}"]`)).toBeVisible();
      await shoot(page, `staff-counter-today-desk-${screen}-${locale}`);
    }
  });

  test(`${screen}: delivery opens on today's list and the scanner opens an order; pickup on today's returns with the measures`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const toHandOut = track(await placeOrder(request, { from: day(0), firstName: 'Consegna', lastName: `Oggi${screen}` }));
    const dueBack = track(
      await placeOrder(request, {
        from: day(0),
        firstName: 'Rientro',
        lastName: `Oggi${screen}`,
        persons: [{ first_name: 'Anna', height: '168', weight: '60', shoe_size: '42', level: 'intermedio' }],
      }),
    );
    const [code] = await available(request, token, 'CIASPOLE', 1);
    await deliverByApi(request, token, dueBack, [code!]);

    await pair(page, DEMO.admin.code);
    await page.goto('/totem/delivery');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Ordini da consegnare' })).toBeVisible();
    await expect(rowOf(page, toHandOut, 'button')).toBeVisible();
    // Everything handed out: no longer to hand out.
    await expect(rowOf(page, dueBack, 'button')).toBeHidden();
    await checkScreen(page, 'delivery, today');
    await shoot(page, `staff-counter-today-delivery-${screen}-it`);

    // The scanner, with the focus on the tab: the exact number opens the order.
    await page.getByRole('tab', { name: 'Oggi' }).focus();
    await page.keyboard.type(toHandOut.number);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Ordine ${toHandOut.number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Cambia ordine' }).click();
    // A row opens it the same way.
    await rowOf(page, toHandOut, 'button').click();
    await expect(page.getByRole('heading', { name: `Ordine ${toHandOut.number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Cambia ordine' }).click();

    await page.goto('/totem/pickup');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Rientri di oggi' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(rowOf(page, dueBack, 'button')).toBeVisible();
    await expect(rowOf(page, toHandOut, 'button')).toBeHidden();
    await checkScreen(page, 'pickup, returns');
    await shoot(page, `staff-counter-returns-pickup-${screen}-it`);
    await rowOf(page, dueBack, 'button').click();
    const unitRow = page.locator(`tr[data-code="${code}"]`);
    await expect(unitRow).toContainText('Persona 1: Anna');
    await expect(unitRow).toContainText('Altezza 168 cm · Peso 60 kg · Scarpe 42 EU · Intermedio');
    await checkScreen(page, 'pickup, an order');
    await unitRow.scrollIntoViewIfNeeded();
    await shoot(page, `staff-counter-pickup-measures-${screen}-it`);

    await page.getByRole('button', { name: 'Cambia ordine' }).click();

    for (const [locale, , returnsTitle] of LOCALES.slice(1)) {
      await page.goto(localizePath(locale, '/totem/pickup'));
      await hydrated(page);
      await expect(page.getByRole('heading', { name: returnsTitle })).toBeVisible();
      await expect(page.locator(`[data-order="${dueBack.number}"]`)).toBeVisible();
      await shoot(page, `staff-counter-returns-pickup-${screen}-${locale}`);
      await page.locator(`[data-order="${dueBack.number}"]`).getByRole('button').click();
      const unit = page.locator(`tr[data-code="${code}"]`);
      await expect(unit).toContainText(locale === 'en' ? 'Height 168 cm · Weight 60 kg · Shoes 42 EU' : 'Taille 168 cm · Poids 60 kg · Pointure 42 EU');
      await unit.scrollIntoViewIfNeeded();
      await shoot(page, `staff-counter-pickup-measures-${screen}-${locale}`);
      await page.getByRole('button', { name: locale === 'en' ? 'Change order' : 'Changer de commande' }).click();
    }
  });
}
