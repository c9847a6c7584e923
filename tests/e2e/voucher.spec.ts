// The order's voucher against `npm start`: the confirmation e-mail's link on /download starts the
// PDF's download (a wrong link says so), and the e-mail's QR code, decoded as a scanner decodes it
// and typed the way a USB scanner types (keys, then Enter) into the delivery counter's search,
// opens that order. The code the order page draws in the browser (once it nears the screen) decodes
// to the same number.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO, pair } from './kiosk-helpers';
import { day, placeOrder } from './kiosk-orders';
import { readMail } from '../support/mail';
import { decodeQrPng } from '../support/qr';

/** The confirmation mail of order `number`, from the server's outbox. */
function confirmationOf(number: string) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const mail = readdirSync(outbox)
    .map((f) => readMail(readFileSync(path.join(outbox, f), 'utf8')))
    .find((m) => m.subject === `Conferma ordine ${number}`);
  expect(mail).toBeDefined();
  return mail!;
}

test("the e-mail's voucher link downloads the PDF, and its QR code scanned at the counter opens the order", async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(3), firstName: 'Irene', lastName: 'Scansione' });
  const mail = confirmationOf(order.number);
  const link = new URL(/https?:\/\/\S+\/download\?order=\S+/.exec(mail.text)![0]);

  await page.goto(`${link.pathname}${link.search}`);
  const download = await page.waitForEvent('download');
  expect(download.suggestedFilename()).toBe(`voucher-${order.number}.pdf`);
  await expect(page.getByRole('status').filter({ hasText: 'Il download del voucher è partito.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scaricalo di nuovo' })).toHaveAttribute('download', `voucher-${order.number}.pdf`);
  // The help's way out is this order's page, which the link's holder opens without logging in.
  await expect(page.getByRole('link', { name: 'Vai ai miei ordini' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Vai alla pagina del tuo ordine' })).toHaveAttribute('href', `/orders/${order.uuid}`);
  await page.goto('/download?order=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('Questo link non è valido');
  // In English, the order's page in English.
  await page.goto(`/en${link.pathname}${link.search}`);
  await page.waitForEvent('download');
  await page.getByRole('link', { name: "Go to your order's page" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/orders/${order.uuid}$`));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  // Without an order in the address, the orders list stays.
  await page.goto('/download');
  await expect(page.getByRole('link', { name: 'Vai ai miei ordini' })).toHaveAttribute('href', '/orders');

  const scanned = decodeQrPng(mail.attachments.find((a) => a.contentType === 'image/png')!.content);
  await pair(page, DEMO.admin.code);
  await page.goto('/totem/delivery');
  await hydrated(page);
  await expect(page.getByLabel("Numero d'ordine, nome o telefono (o leggi il numero d'ordine)")).toBeFocused();
  await page.keyboard.type(scanned!);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
});

test("the order page's QR code, below a phone's screen, is drawn once scrolled to and decodes to the order number", async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(4), firstName: 'Ugo', lastName: 'Schermo' });
  // A phone: the voucher is below the order's lines.
  await page.setViewportSize({ width: 360, height: 480 });
  const encoder: string[] = [];
  page.on('request', (r) => {
    if (/order-code-modules/.test(r.url())) encoder.push(r.url());
  });
  await page.goto(`/orders/${order.uuid}`);
  await hydrated(page);
  const figure = page.getByRole('figure', { name: order.number });
  await expect(figure).toBeAttached();
  await expect(figure).not.toBeInViewport();
  // Whether the encoder waits for the scroll depends on where the code first lands while the page
  // settles (a section above it loads later): near-screen.test.ts holds that rule; here, once
  // scrolled to, the code is drawn from one fetch of the encoder.
  await figure.scrollIntoViewIfNeeded();
  const code = figure.getByRole('img', { name: `Codice QR dell'ordine ${order.number}` });
  await expect(code).toBeVisible();
  expect(encoder).toHaveLength(1);
  expect(decodeQrPng(await code.screenshot())).toBe(order.number);
});
