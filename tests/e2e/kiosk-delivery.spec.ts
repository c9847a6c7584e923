// The delivery and pickup counters against `npm start`: codes typed as a USB scanner
// types them (fast, then Enter); unknown, locked and already-out units and another product refused
// next to the field, which keeps the focus; a partial delivery then the rest; a reset; an extra with
// its price checked by the ±20 % rule; a pickup with a problem (the unit is locked) and a reset of
// a pickup; money back for an early return and a surcharge for a late one, as the diff endpoints
// say; an API outage in the middle of a delivery (the banner, nothing lost across reloads, the
// delivery landing exactly once); axe with every rule and 48 px targets, portrait and landscape; an
// order of the public kiosk without its identity document warned about, and handed out all the same.
// With E2E_SCREENSHOTS=1 it also writes that warning in each language and orientation to
// tests/e2e/__screenshots__/.
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO, KIOSK_SCREENS, pair } from './kiosk-helpers';
import { available as shelf, deliverByApi as handOut, expectReadyForNextScan, openDelivery, scan, violations, writesInFlight } from './kiosk-delivery-helpers';
import { smallTargets } from './touch-targets';
import { day, placeOrder, readBack, staffToken } from './kiosk-orders';
import type { OrderResponse } from '~/api/contract/orders';
import { formatCurrency } from '~/domain/format';
import { deltaRange } from '~/domain/validators';
import { localizePath } from '~/domain/locale-path';

const SNOWSHOES = 'Ciaspole e bastoncini';
const SCAN_DELIVERY = "Codice dell'articolo";
const SCAN_PICKUP = "Codice dell'articolo che rientra";
/** Where E2E_SCREENSHOTS=1 writes the screens' pictures (a plain run writes nothing), as kiosk-public-screen.spec.ts. */
const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');

let token: string;
test.beforeAll(async ({ request }) => {
  token = await staffToken(request, DEMO.admin.code);
});

const auth = () => ({ Authorization: token });
const available = (request: APIRequestContext, product: string, n: number) => shelf(request, token, product, n);
const deliverByApi = (request: APIRequestContext, order: OrderResponse, codes: string[]) => handOut(request, token, order, codes);

/** Orders this test placed: what they still have out goes back on the shelf afterwards, unlocked. */
let placed: number[] = [];
const track = (order: OrderResponse) => {
  placed.push(order.id);
  return order;
};

test.beforeEach(async ({ page }) => {
  placed = [];
  await pair(page, DEMO.admin.code);
});

test.afterEach(async ({ request }) => {
  for (const id of placed) {
    const order = await readBack(request, token, id);
    const codes = order.delivery.delivery_details.map((d) => d.delivery_detail_specific_product?.specific_product.internal_code ?? '');
    const out = order.delivery.delivery_details.filter((d) => d.datetime_delivery && !d.datetime_return).map((d) => d.delivery_detail_specific_product!.specific_product.internal_code);
    if (out.length > 0) await request.post('/api/v1/pickup', { headers: auth(), data: { items: out.map((internal_code) => ({ internal_code })) } });
    for (const code of codes) await request.post(`/api/v1/specific_products/${code}/unlock`, { headers: auth() });
  }
});

test('hands out a two-person order by scanned codes: refusals next to the field, partial then the rest, a reset', async ({ page, request }) => {
  const order = track(
    await placeOrder(request, { from: day(10), to: day(11), people: 2, firstName: 'Lia', lastName: 'Consegna', persons: [{ height: '168', weight: '60', shoe_size: '39', level: 'intermedio' }] }),
  );
  const [first, second, third, broken] = await available(request, 'CIASPOLE', 4);
  const [bike] = await available(request, 'CITYBIKE', 1);
  // A unit with a problem reported: locked.
  const brokenId = (await (await request.get(`/api/v1/specific_products/${broken}`, { headers: auth() })).json()).data.id;
  await request.post(`/api/v1/specific_products/${brokenId}/specific_product_problems`, { headers: auth(), data: { description: 'Cinghia rotta' } });
  await openDelivery(page, order);
  await expect(page.getByText('Nulla ancora consegnato: 2 articoli da consegnare')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Persona 1' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Persona 2' })).toBeVisible();
  // What the boots and bindings are picked by, beside the person's lines, with units.
  await expect(page.getByRole('table', { name: 'Persona 1' }).locator('caption')).toContainText('Altezza 168 cm · Peso 60 kg · Scarpe 39 EU · Intermedio');
  // In each language (the draft keeps the order; Italian last, for the rest), above the fold either way up.
  for (const [locale, measures] of [
    ['en', 'Height 168 cm · Weight 60 kg · Shoes 39 EU · Intermediate'],
    ['fr', 'Taille 168 cm · Poids 60 kg · Pointure 39 EU · Intermédiaire'],
    ['it', 'Altezza 168 cm · Peso 60 kg · Scarpe 39 EU · Intermedio'],
  ] as const) {
    await page.goto(localizePath(locale, '/totem/delivery'));
    await hydrated(page);
    const caption = page.locator('.delivery-lines caption').first();
    await expect(caption).toContainText(measures);
    for (const [name, viewport] of KIOSK_SCREENS) {
      await page.setViewportSize(viewport);
      await expect(caption, `${locale} ${name}`).toBeInViewport();
      if (process.env.E2E_SCREENSHOTS) {
        await page.screenshot({ path: path.join(SHOTS, `staff-delivery-measures-${name}-${locale}.png`), caret: 'hide', animations: 'disabled' });
      }
    }
  }
  const feedback = page.locator('#delivery-scan-feedback');
  const field = page.getByLabel(SCAN_DELIVERY, { exact: true });
  await expect(field).toBeFocused();

  // An unknown code.
  await scan(page, SCAN_DELIVERY, 'S06-NOPE-99');
  await expect(feedback).toHaveText('S06-NOPE-99: codice sconosciuto in questo negozio');
  await expectReadyForNextScan(page, SCAN_DELIVERY, 'S06-NOPE-99');
  // Another product, without force: refused, with the way to force it offered.
  await scan(page, SCAN_DELIVERY, bike!);
  await expect(feedback).toHaveText(`${bike} non è un ${SNOWSHOES}: per darlo al suo posto usa «Forza» e scrivi il motivo`);
  await expect(page.getByRole('button', { name: `Forza ${bike}` })).toBeVisible();
  await expectReadyForNextScan(page, SCAN_DELIVERY, bike!);
  // A locked unit.
  await scan(page, SCAN_DELIVERY, broken!);
  await expect(feedback).toHaveText(`${broken} è bloccato per un problema: sbloccalo prima di consegnarlo`);
  await expectReadyForNextScan(page, SCAN_DELIVERY, broken!);
  await request.post(`/api/v1/specific_products/${broken}/unlock`, { headers: auth() });

  // The first unit, confirmed alone: a partial delivery.
  await scan(page, SCAN_DELIVERY, first!);
  await expect(feedback).toHaveText(`${first} aggiunto: ${SNOWSHOES}, persona 1`);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await page.getByRole('button', { name: 'Conferma la consegna di 1 articolo' }).click();
  await expect(feedback).toHaveText(`Consegnato 1 articolo dell'ordine ${order.number}`);
  await expect(page.getByText('Consegna parziale: 1 di 2 consegnati, 1 da consegnare')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Persona 1' }).getByRole('row').filter({ hasText: first! })).toContainText('Consegnato');
  await expect(field).toBeFocused();

  // The same unit again: it is out.
  await scan(page, SCAN_DELIVERY, first!);
  await expect(feedback).toHaveText(`${first} risulta già consegnato (ordine ${order.number}) e non ancora rientrato`);
  await expectReadyForNextScan(page, SCAN_DELIVERY, first!);

  // The rest.
  await scan(page, SCAN_DELIVERY, second!);
  await expect(feedback).toHaveText(`${second} aggiunto: ${SNOWSHOES}, persona 2`);
  await page.getByRole('button', { name: 'Conferma la consegna di 1 articolo' }).click();
  await expect(page.getByText('Tutto consegnato (2 di 2)')).toBeVisible();
  let stored = await readBack(request, token, order.id);
  expect(stored.delivery.delivery_details.map((d) => d.delivery_detail_specific_product?.specific_product.internal_code).sort()).toEqual([first, second].sort());

  // Reset the second line's delivery, behind a question.
  await page.getByRole('button', { name: `Annulla la consegna di ${second}` }).click();
  const dialog = page.getByRole('dialog', { name: `Annullare la consegna di ${second}?` });
  await dialog.getByRole('button', { name: 'Sì, annulla la consegna' }).click();
  await expect(feedback).toHaveText(`Consegna di ${second} annullata`);
  await expect(page.getByText('Consegna parziale: 1 di 2 consegnati, 1 da consegnare')).toBeVisible();
  stored = await readBack(request, token, order.id);
  expect(stored.delivery.delivery_details).toHaveLength(1);

  // Out again, with one more unit than the order has lines: an extra specific product, its price
  // checked by the ±20 % rule around what the order pays for one.
  await scan(page, SCAN_DELIVERY, second!);
  await scan(page, SCAN_DELIVERY, third!);
  await expect(feedback).toHaveText(`${third}: nessun articolo dell'ordine resta da consegnare per questo prodotto; puoi consegnarlo come extra`);
  await page.getByRole('button', { name: `Consegna ${third} come extra` }).click();
  await expect(feedback).toHaveText(`${third} aggiunto come extra`);
  await expect(field).toBeFocused();
  const reference = order.order_detail_pools[0]!.order_details[0]!.unit_price;
  const { min, max } = deltaRange(reference);
  const price = page.getByLabel("Prezzo dell'extra (€, facoltativo)");
  await price.fill(String(reference * 2));
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`La quantità può variare da ${min} a ${max}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Conferma la consegna di 2 articoli' })).toBeDisabled();
  await price.fill(String(reference).replace('.', ','));
  await page.getByRole('button', { name: 'Conferma la consegna di 2 articoli' }).click();
  await expect(page.getByText('Tutto consegnato (2 di 2)')).toBeVisible();
  const extras = page.getByRole('table', { name: 'Articoli extra (fuori ordine)' });
  await expect(extras.getByRole('row').filter({ hasText: third! })).toContainText(formatCurrency(reference));
  stored = await readBack(request, token, order.id);
  expect(stored.delivery.delivery_details.find((d) => d.id_order_detail === null)).toMatchObject({ price: reference });
});

test('picks everything up, one unit with a problem (locked), and undoes a pickup', async ({ page, request }) => {
  const booked = track(await placeOrder(request, { from: day(12), to: day(13), people: 2, firstName: 'Ugo', lastName: 'Ritiro' }));
  const [first, second] = await available(request, 'CIASPOLE', 2);
  const order = await deliverByApi(request, booked, [first!, second!]);
  await page.goto('/totem/pickup');
  await hydrated(page);
  const feedback = page.locator('#pickup-scan-feedback');
  const field = page.getByLabel(SCAN_PICKUP, { exact: true });
  await expect(field).toBeFocused();

  // Without choosing the order: the scanned unit finds it, and what is still out shows.
  await scan(page, SCAN_PICKUP, first!);
  await expect(feedback).toHaveText(`${first} aggiunto: ${SNOWSHOES}, ordine ${order.number}`);
  const out = page.getByRole('table', { name: `Ordine ${order.number}: 2 articoli ancora fuori` });
  await expect(out.getByRole('row').filter({ hasText: second! })).toContainText('Fuori');
  await expect(out.getByRole('row').filter({ hasText: first! })).toContainText('Letto, da confermare');
  // A unit not out is refused next to the field.
  await scan(page, SCAN_PICKUP, first!);
  await expect(feedback).toHaveText(`${first} è già tra gli articoli letti`);
  await expectReadyForNextScan(page, SCAN_PICKUP, first!);
  await scan(page, SCAN_PICKUP, second!);
  await expect(feedback).toHaveText(`${second} aggiunto: ${SNOWSHOES}, ordine ${order.number}`);

  await page.getByRole('button', { name: `Segnala un problema su ${second}` }).click();
  await page.getByLabel(`Problema di ${second}`).fill('Attacco rotto');
  await page.getByRole('button', { name: 'Conferma il rientro di 2 articoli' }).click();
  await expect(feedback).toHaveText('Rientrati 2 articoli');
  await expect(page.getByText('Nessun articolo ancora fuori.')).toBeVisible();

  const locked = await (await request.get(`/api/v1/specific_products/${second}`, { headers: auth() })).json();
  expect(locked.data).toMatchObject({ status: 'locked', locked: true });
  expect(locked.data.open_problems[0]).toMatchObject({ description: 'Attacco rotto' });
  const fine = await (await request.get(`/api/v1/specific_products/${first}`, { headers: auth() })).json();
  expect(fine.data.status).toBe('available');

  // A scan of a unit back on the shelf is refused.
  await scan(page, SCAN_PICKUP, first!);
  await expect(feedback).toHaveText(`${first} non risulta consegnato`);
  await expectReadyForNextScan(page, SCAN_PICKUP, first!);

  // Undo the first unit's pickup: it is out again.
  await page.getByRole('button', { name: `Annulla il rientro di ${first}` }).click();
  await page.getByRole('dialog', { name: `Annullare il rientro di ${first}?` }).getByRole('button', { name: 'Sì, annulla il rientro' }).click();
  await expect(feedback).toHaveText(`Rientro di ${first} annullato`);
  await expect(page.getByRole('table', { name: `Ordine ${order.number}: 1 articolo ancora fuori` })).toContainText(first!);
  const back = await (await request.get(`/api/v1/specific_products/${first}`, { headers: auth() })).json();
  expect(back.data.status).toBe('out');
});

for (const [name, booked, returnDay, wording] of [
  ['an early return shows money back', { from: day(2), to: day(5) }, day(3), 'Da restituire al cliente'],
  ['a late return shows a surcharge', { from: day(6), to: day(7) }, day(9), 'Supplemento da incassare'],
] as const) {
  test(`${name}, as the diff endpoints price it`, async ({ page, request }) => {
    const ordered = track(await placeOrder(request, { ...booked, firstName: 'Dario', lastName: 'Differenza' }));
    const [code] = await available(request, 'CIASPOLE', 1);
    const order = await deliverByApi(request, ordered, [code!]);
    const detail = order.delivery.delivery_details[0]!;
    const projected = (await (await request.get(`/api/v1/delivery_details/${detail.id}/diff?to=${returnDay}`, { headers: auth() })).json()).data;
    expect(wording === 'Da restituire al cliente' ? projected.diff < 0 : projected.diff > 0).toBe(true);

    await page.goto('/totem/pickup');
    await hydrated(page);
    await page.getByLabel('Giorno del rientro').fill(returnDay);
    await scan(page, SCAN_PICKUP, code!);
    const row = page.getByRole('row').filter({ hasText: code! }).filter({ hasText: wording });
    await expect(row).toContainText(`${wording}: ${formatCurrency(Math.abs(projected.diff))}`);
    await expect(page.locator('.pickup-total')).toContainText(`${wording}: ${formatCurrency(Math.abs(projected.diff))}`);

    await page.getByRole('button', { name: 'Conferma il rientro di 1 articolo' }).click();
    await expect(page.locator('#pickup-scan-feedback')).toHaveText('Rientrato 1 articolo');
    const settled = (await (await request.get(`/api/v1/order_details/${detail.id_order_detail}/diff`, { headers: auth() })).json()).data;
    expect(settled.diff).toBe(projected.diff);
    expect(settled.actual.to).toBe(returnDay);
    await expect(page.locator('.pickup-settled li').filter({ hasText: code! })).toContainText(`${wording}: ${formatCurrency(Math.abs(settled.diff))}`);
  });
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex')]);
const DOCUMENT_MISSING = "Manca il documento d'identità: quest'ordine è stato fatto al chiosco e ne richiede uno, ma non ne ha. Chiedi un documento al cliente prima di consegnare.";

/**
 * The page sees `order` as the API answers an order of a kiosk that requires documents and holds
 * none (`document_missing`, tests/api/order-document-rule.test.ts): every answer carrying it (the
 * read, the search, a confirmation's answer) comes from the server and has its documents taken
 * away. The API refuses every way to make such an order now (the last document cannot be deleted,
 * and no route turns a kiosk's requirement off and on again); that test makes one by writing the
 * database, which a browser test cannot reach (the server's embedded database is its own process).
 */
async function withoutItsDocument(page: Page, order: OrderResponse) {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    const fields = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
    return fields.uuid === order.uuid && 'document_missing' in fields ? { ...fields, document_missing: true, medias: [] } : fields;
  };
  await page.route('**/api/v1/**', async (route) => {
    const response = await route.fetch();
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return route.fulfill({ response });
    await route.fulfill({ response, json: strip(await response.json()) });
  });
}


test('an order of the public kiosk without its identity document: the counter warns, and hands it out all the same', async ({ page, request }) => {
  const publicKiosk = await staffToken(request, DEMO.public.code);
  const order = track(
    await placeOrder(request, { from: day(18), firstName: 'Nadia', lastName: 'Senzadocumento', kioskToken: publicKiosk, documents: [{ name: 'carta.png', mimeType: 'image/png', buffer: PNG }] }),
  );
  expect(order.totem_code).toBe('BARD-01');
  const [unit] = await available(request, 'CIASPOLE', 1);
  await withoutItsDocument(page, order);
  await openDelivery(page, order);
  const warning = page.getByRole('alert').filter({ hasText: "Manca il documento d'identità" });
  await expect(warning).toHaveText(DOCUMENT_MISSING);
  await expect(page.getByText('Nulla ancora consegnato: 1 articolo da consegnare')).toBeVisible();
  expect(await violations(page), 'document warning').toEqual([]);
  // Painted as a warning (amber, not the grey of an information) and the line's state in its own
  // grey (not the red of a count badge), the same in every language: the shared stylesheet comes
  // first on some pages and last on others.
  const painted = () =>
    page.evaluate(() => ({
      warning: getComputedStyle(document.querySelector('.delivery-order [role=alert]')!).backgroundColor,
      state: getComputedStyle(document.querySelector('.delivery-state')!).backgroundColor,
    }));
  const italian = await painted();
  expect(italian.warning).toBe('rgb(255, 244, 224)');

  // The draft keeps the order: the page opened again in each language reads it again (Italian last,
  // for the rest). Above the fold on the kiosk's screen, either way up.
  for (const locale of ['en', 'fr', 'it'] as const) {
    await page.goto(localizePath(locale, '/totem/delivery'));
    await hydrated(page);
    const alert = page.locator('.delivery-order [role=alert]');
    await expect(alert).toBeVisible();
    await expect(page.locator('.delivery-state')).toBeVisible();
    expect(await painted(), locale).toEqual(italian);
    for (const [name, viewport] of KIOSK_SCREENS) {
      await page.setViewportSize(viewport);
      await expect(alert, `${locale} ${name}`).toBeInViewport();
      // Written when asked (E2E_SCREENSHOTS=1): the committed pictures are refreshed on purpose.
      if (process.env.E2E_SCREENSHOTS) {
        await page.screenshot({ path: path.join(SHOTS, `staff-delivery-document-missing-${name}-${locale}.png`), caret: 'hide', animations: 'disabled' });
      }
    }
  }
  await expect(warning).toHaveText(DOCUMENT_MISSING);

  await scan(page, SCAN_DELIVERY, unit!);
  await expect(page.locator('#delivery-scan-feedback')).toHaveText(`${unit} aggiunto: ${SNOWSHOES}, persona 1`);
  await page.getByRole('button', { name: 'Conferma la consegna di 1 articolo' }).click();
  await expect(page.getByText('Tutto consegnato (1 di 1)')).toBeVisible();
  await expect(warning).toBeVisible();
  const stored = await readBack(request, token, order.id);
  expect(stored.delivery.delivery_details.map((d) => d.delivery_detail_specific_product?.specific_product.internal_code)).toEqual([unit]);
});

test('an API outage in the middle of a delivery: banner, nothing lost across reloads, lands exactly once', async ({ page, request }) => {
  const order = track(await placeOrder(request, { from: day(14), to: day(15), people: 2, firstName: 'Olga', lastName: 'Offline' }));
  const [first, second] = await available(request, 'CIASPOLE', 2);
  await openDelivery(page, order);
  await scan(page, SCAN_DELIVERY, first!);
  await expect(page.locator('#delivery-scan-feedback')).toHaveText(`${first} aggiunto: ${SNOWSHOES}, persona 1`);

  await page.route('**/api/**', (route) => route.abort());
  await scan(page, SCAN_DELIVERY, second!);
  await expect(page.locator('#delivery-scan-feedback')).toContainText(`${second} aggiunto senza verifica`);
  // A reload while the API is away: the order and both scans are still there.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2 articoli letti, da confermare' })).toBeVisible();
  await page.getByRole('button', { name: 'Conferma la consegna di 2 articoli' }).click();
  await expect(page.locator('#delivery-scan-feedback')).toContainText(`Consegna di 2 articoli dell'ordine ${order.number} salvata`);
  const banner = page.getByRole('region', { name: 'Invio delle operazioni' }).getByRole('status');
  await expect(banner).toContainText('Server non raggiungibile');
  // Reloaded again while still offline: the confirmation waits in the kiosk, the lines say so.
  await page.reload();
  await hydrated(page);
  await expect(banner).toContainText('Server non raggiungibile: 1 operazione in attesa');
  await expect(page.locator('.delivery-state--sending')).toHaveCount(2);
  expect((await readBack(request, token, order.id)).delivery.delivery_details).toHaveLength(0);

  // The writes the page sends from here on, until each has its answer (or fails).
  const writing = writesInFlight(page);
  await page.unroute('**/api/**');
  await expect.poll(async () => (await readBack(request, token, order.id)).delivery.delivery_details.length, { timeout: 45_000 }).toBe(2);
  await expect(page.getByRole('region', { name: 'Invio delle operazioni' })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Tutto consegnato (2 di 2)')).toBeVisible();
  // Once: nothing else arrives later. The kiosk's outbox is empty (no banner) and every write the
  // page sent has been answered, so nothing is left that could land a second time.
  await expect.poll(() => writing.size).toBe(0);
  const stored = await readBack(request, token, order.id);
  expect(stored.delivery.delivery_details.map((d) => d.delivery_detail_specific_product?.specific_product.internal_code).sort()).toEqual([first, second].sort());
});

for (const [name, viewport] of KIOSK_SCREENS) {
  test.describe(name, () => {
    test.use({ viewport, hasTouch: true });

    test('delivery and pickup pages: axe with every rule, 48 px targets', async ({ page, request }) => {
      await page.goto('/totem/delivery');
      await hydrated(page);
      await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
      expect(await violations(page), 'delivery finder').toEqual([]);
      expect(await smallTargets(page), 'delivery finder').toEqual([]);

      const order = track(await placeOrder(request, { from: day(name === 'portrait' ? 16 : 17), people: 2, firstName: 'Alba', lastName: 'Accessibile' }));
      const [unit] = await available(request, 'CIASPOLE', 1);
      const [bike] = await available(request, 'CITYBIKE', 1);
      await openDelivery(page, order);
      await scan(page, SCAN_DELIVERY, unit!);
      await scan(page, SCAN_DELIVERY, bike!);
      await expect(page.getByRole('button', { name: `Forza ${bike}` })).toBeVisible();
      expect(await violations(page), 'delivery with scans').toEqual([]);
      expect(await smallTargets(page), 'delivery with scans').toEqual([]);
      await page.getByRole('button', { name: 'Conferma la consegna di 1 articolo' }).click();
      await expect(page.getByRole('button', { name: `Annulla la consegna di ${unit}` })).toBeVisible();
      await page.getByRole('button', { name: `Annulla la consegna di ${unit}` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await violations(page), 'reset question').toEqual([]);
      await page.getByRole('button', { name: 'No, torna indietro' }).click();

      await page.goto('/totem/pickup');
      await hydrated(page);
      await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
      expect(await violations(page), 'pickup').toEqual([]);
      expect(await smallTargets(page), 'pickup').toEqual([]);
      await scan(page, SCAN_PICKUP, unit!);
      await page.getByRole('button', { name: `Segnala un problema su ${unit}` }).click();
      await expect(page.getByLabel(`Problema di ${unit}`)).toBeVisible();
      await expect(page.locator('.pickup-diff')).not.toHaveText('Caricamento…');
      expect(await violations(page), 'pickup with a scan').toEqual([]);
      expect(await smallTargets(page), 'pickup with a scan').toEqual([]);
    });
  });
}
