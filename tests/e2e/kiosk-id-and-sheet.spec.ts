// A counter on a Saturday morning: on the public kiosk the customer photographs the identity
// document with the tablet's camera (the photo shown, retaken, removed) or says they will show it at
// the cash desk; the confirmation says what to do next with the number large and its QR code; the
// cash desk's order then says "ask for the document" and prints the rental sheet (a PDF). In each
// language, portrait and landscape; E2E_SCREENSHOTS=1 writes the pictures of
// src/features/kiosk/README.md into tests/e2e/__screenshots__/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { violations } from './axe';
import { DEMO, KIOSK_SCREENS, pair } from './kiosk-helpers';
import { addSnowshoes, BARD, staffToken } from './kiosk-orders';
import { smallTargets } from './touch-targets';
import { localizePath } from '~/domain/locale-path';
import { OrderListEnvelopeSchema } from '~/api/contract/orders';

const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');
const LOCALES = ['it', 'en', 'fr'] as const;
type Messages = Record<string, Record<string, unknown>>;
const messages = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(new URL(`../../i18n/${l}.json`, import.meta.url), 'utf8')) as Messages]));
/** The words a screen shows, from the files the site is built with. */
const say = (locale: string, key: string, values: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[locale]) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
};
/** A card-sized grey picture (320×200 PNG), as a phone camera's photo would be. */
const PNG = (() => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const [w, h] = [320, 200];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((w + 1) * h, 0x99);
  for (let y = 0; y < h; y++) rows[y * (w + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
})();
const shoot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), caret: 'hide', animations: 'disabled' });
};

/** Snowshoes for a day a month ahead in the cart, then the checkout in `locale`. */
async function toCheckout(page: Page, locale: string) {
  await addSnowshoes(page);
  await page.goto(localizePath(locale as 'it', `/prenota/${BARD}/order`));
  await hydrated(page);
}

for (const locale of LOCALES) {
  test(`public kiosk (${locale}): the camera with its preview, "show my ID at the desk", the confirmation; the cash desk asks for the ID and prints the rental sheet`, async ({ page, browser, request }) => {
    await pair(page, DEMO.public.code);
    await toCheckout(page, locale);
    const main = page.getByRole('main');
    await main.getByLabel(say(locale, 'checkout.first_name'), { exact: true }).fill('Sabato');
    await main.getByLabel(say(locale, 'checkout.last_name'), { exact: true }).fill(`Mattina ${locale}`);
    await main.getByLabel(say(locale, 'checkout.phone')).fill('+39 340 000 3333');
    await main.getByLabel(say(locale, 'checkout.email')).fill(`sabato.${locale}@example.com`);

    // The camera first: one large button with what to do, the photo shown to check, retaken, removed.
    const camera = main.getByLabel(say(locale, 'kiosk.camera.take'));
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await expect(camera).toHaveAttribute('capture', 'environment');
    await expect(camera).toHaveAccessibleDescription(new RegExp(say(locale, 'kiosk.camera.instruction').slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await camera.setInputFiles({ name: 'documento.png', mimeType: 'image/png', buffer: PNG });
    const preview = main.getByRole('img', { name: say(locale, 'kiosk.camera.preview') });
    await expect(preview).toBeVisible();
    const retake = main.getByLabel(say(locale, 'kiosk.camera.retake'));
    await retake.setInputFiles({ name: 'documento-2.png', mimeType: 'image/png', buffer: PNG });
    await expect(preview).toHaveCount(1);
    for (const [name, viewport] of KIOSK_SCREENS) {
      await page.setViewportSize(viewport);
      await main.getByRole('group', { name: say(locale, 'kiosk.camera.legend') }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      expect(await smallTargets(main.getByRole('group', { name: say(locale, 'kiosk.camera.legend') }), { min: 64 }), name).toEqual([]);
      await shoot(page, `public-id-camera-${name}-${locale}`);
    }
    expect(await violations(page), 'camera').toEqual([]);
    await main.getByRole('button', { name: say(locale, 'kiosk.camera.remove') }).click();
    await expect(preview).toHaveCount(0);

    // No photo: the customer will show the ID at the desk.
    await main.getByLabel(say(locale, 'kiosk.camera.atDesk')).check();
    await expect(main.getByLabel(say(locale, 'kiosk.camera.take'))).toHaveCount(0);
    await main.getByRole('button', { name: say(locale, 'checkout.place') }).click();

    // The confirmation is the page: its heading, what to do next, the number large and its code.
    const heading = page.getByRole('heading', { level: 1, name: /\d{2}-\d{7}/ });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const number = (await heading.innerText()).match(/\d{2}-\d{7}/)![0];
    await expect(main.getByText(say(locale, 'kiosk.placed.payAtDesk'))).toBeVisible();
    await expect(main.getByTestId('order-number')).toHaveText(number);
    expect(await main.getByTestId('order-number').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(96);
    await expect(main.getByRole('img', { name: say(locale, 'order.codeAlt', { number }) })).toBeVisible();
    for (const [name, viewport] of KIOSK_SCREENS) {
      await page.setViewportSize(viewport);
      await expect(main.getByTestId('order-number')).toBeInViewport();
      await expect(main.getByRole('img', { name: say(locale, 'order.codeAlt', { number }) })).toBeInViewport();
      await shoot(page, `public-confirmation-${name}-${locale}`);
    }
    expect(await violations(page), 'confirmation').toEqual([]);

    // The order carries the flag; the cash desk asks for the document before handing anything out.
    const admin = await staffToken(request, DEMO.admin.code);
    const found = await request.get(`/api/v1/orders/search?q=${number}`, { headers: { Authorization: admin } });
    const [order] = OrderListEnvelopeSchema.parse(await found.json()).data;
    expect(order).toMatchObject({ number, id_at_desk: true, medias: [] });
    const desk = await (await browser.newContext()).newPage();
    await pair(desk, DEMO.cashDesk.code);
    await desk.goto(localizePath(locale, `/totem/cash-desk/${order!.uuid}`));
    await hydrated(desk);
    await expect(desk.getByRole('alert').filter({ hasText: say(locale, 'kiosk.handOut.askDocument') })).toBeVisible();
    const print = desk.getByRole('button', { name: say(locale, 'kiosk.handOut.printSheet') });
    for (const [name, viewport] of KIOSK_SCREENS) {
      await desk.setViewportSize(viewport);
      await expect(desk.getByRole('alert').filter({ hasText: say(locale, 'kiosk.handOut.askDocument') })).toBeInViewport();
      expect(await smallTargets(desk), name).toEqual([]);
      await shoot(desk, `staff-cash-desk-id-at-desk-${name}-${locale}`);
    }
    expect(await violations(desk), 'cash desk').toEqual([]);
    // The rental sheet: a PDF, opened for the kiosk's browser to print.
    // The answer passed through as it came, its bytes kept (the browser does not keep a cross-origin fetch's body for the test).
    let answered: { status: number; type: string | undefined; bytes: Buffer } | null = null;
    await desk.route('**/rental_sheet.pdf', async (route) => {
      const response = await route.fetch();
      answered = { status: response.status(), type: response.headers()['content-type'], bytes: await response.body() };
      await route.fulfill({ response });
    });
    const opened = desk.context().waitForEvent('page');
    await print.click();
    expect((await opened).url()).toMatch(/^blob:/);
    expect(answered).not.toBeNull();
    const sheet = answered as unknown as { status: number; type: string | undefined; bytes: Buffer };
    expect([sheet.status, sheet.type]).toEqual([200, 'application/pdf']);
    expect(sheet.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await desk.context().close();
  });
}
