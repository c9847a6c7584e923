// The kiosk's cash desk against `npm start` and its payment-terminal simulator: find
// orders by number, name and phone; take a payment (pay, record, receipt with R1 items, print);
// one charge whatever happens — double tap, reload in the middle, a second desk, an API outage
// after the charge; a declined card, a terminal that does not answer, the fake POS; closing the
// cashier; a type-20 totem sees no payment control; axe on every page.
import { violations } from './axe';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO, KIOSK_SCREENS, pair, unlockConfiguration } from './kiosk-helpers';
import { day, placeOrder, readBack, staffToken, terminal, watchTerminal } from './kiosk-orders';
import type { OrderResponse } from '~/api/contract/orders';
import { formatCurrency } from '~/domain/format';
import { localizePath } from '~/domain/locale-path';

const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');

test.afterEach(async ({ request }) => {
  await terminal.reset(request);
});

async function openOrder(page: Page, order: OrderResponse) {
  await page.goto(`/totem/cash-desk/${order.uuid}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
}

const payButton = (page: Page, order: OrderResponse) => page.getByRole('button', { name: `Incassa ${formatCurrency(order.total_amount)}` });

/** Opens the configuration behind five taps and the password, as staff do. */
async function openConfiguration(page: Page) {
  await unlockConfiguration(page, DEMO.cashDesk);
  await expect(page.getByRole('heading', { name: 'Questo chiosco' })).toBeVisible();
}

test("opens on today's orders, finds orders by number, name and phone; pays one: pay, record, receipt with R1 items, print", async ({ page, request }) => {
  const order = await placeOrder(request, {
    from: day(0),
    to: day(2),
    people: 2,
    firstName: 'Ettore',
    lastName: 'Zanichelli',
    phone: '+39 348 765 4321',
    persons: [{ height: '182', weight: '80', shoe_size: '44', level: 'esperto' }],
  });
  await pair(page, DEMO.cashDesk.code);
  await expect(page).toHaveURL(/\/totem\/cash-desk$/);
  // The desk opens on today's orders to hand out (counter-today.spec.ts tells the list), the amount to collect on the row.
  await expect(page.locator(`[data-order="${order.number}"]`)).toContainText(`Da pagare ${formatCurrency(order.total_amount)}`);
  expect(await violations(page), 'order list').toEqual([]);

  const search = page.getByLabel('Numero, nome, email o telefono');
  for (const text of [order.number, 'Zanichelli', '3487654321']) {
    await search.fill(text);
    await search.press('Enter');
    await expect(page.getByRole('link', { name: order.number })).toBeVisible();
  }
  // Among the results, an order with money to collect is flagged.
  await expect(page.getByRole('row').filter({ hasText: order.number })).toContainText('Da incassare');
  await expect(page.getByText('Cerca un ordine per numero, nome, telefono o giorno.')).toBeVisible();
  await page.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
  // The search's intro leaves the open order's screen: the order starts higher.
  await expect(page.getByText('Cerca un ordine per numero, nome, telefono o giorno.')).toBeHidden();
  await expect(page.getByTestId('desk-total')).toHaveText(formatCurrency(order.total_amount));
  await expect(page.getByTestId('desk-payment-state')).toHaveText('Da pagare');
  await expect(page.getByTestId('desk-delivery-state')).toHaveText('Da consegnare');
  await expect(page.getByRole('table', { name: 'Persona 1' })).toBeVisible();
  // The skier's measures beside their lines, not only inside the edit dialog.
  await expect(page.getByRole('table', { name: 'Persona 1' }).locator('caption')).toContainText('Altezza 182 cm · Peso 80 kg · Scarpe 44 EU · Esperto');
  expect(await violations(page), 'order page').toEqual([]);
  for (const [locale, measures] of [
    ['en', 'Height 182 cm · Weight 80 kg · Shoes 44 EU · Expert'],
    ['fr', 'Taille 182 cm · Poids 80 kg · Pointure 44 EU · Expert'],
  ] as const) {
    await page.goto(localizePath(locale, `/totem/cash-desk/${order.uuid}`));
    await hydrated(page);
    await expect(page.locator('.desk-lines caption').first()).toContainText(measures);
    for (const [name, viewport] of KIOSK_SCREENS) {
      await page.setViewportSize(viewport);
      if (process.env.E2E_SCREENSHOTS) {
        await page.locator('.desk-lines').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `staff-cash-desk-measures-${name}-${locale}.png`), caret: 'hide', animations: 'disabled' });
      }
    }
  }
  await openOrder(page, order);
  if (process.env.E2E_SCREENSHOTS) {
    for (const [name, viewport] of KIOSK_SCREENS) {
      await page.setViewportSize(viewport);
      await page.locator('.desk-lines').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `staff-cash-desk-measures-${name}-it.png`), caret: 'hide', animations: 'disabled' });
    }
  }

  const watched = watchTerminal(page);
  await payButton(page, order).click();
  await expect(page.getByText('Pagamento in corso sul terminale…')).toBeVisible();
  // When and how much, in words: "Pagato oggi alle 09:42 · 66,00 €".
  await expect(page.getByTestId('desk-payment-state')).toHaveText(new RegExp(`^Pagato oggi alle \\d{2}:\\d{2} · carta sul POS ${formatCurrency(order.total_amount)}$`));
  await expect(page.locator('.snackbar')).toContainText(`Pagamento dell'ordine ${order.number} registrato`);
  expect(watched.operations()).toEqual(['10', '20+30']);
  const [pay, receipt] = watched.sent;
  expect(pay).toMatchObject({
    payload: { amount: order.total_amount },
    order: { number: order.number, date_from: day(0), date_to: day(2), total_amount: order.total_amount },
  });
  const lines = order.order_detail_pools.flatMap((p) => p.order_details);
  expect(receipt!.payload.items).toEqual(
    lines.map((l) => ({
      description: l.product_label,
      product_category: 'R1',
      unit_price: l.unit_price,
      total_price: l.total_price,
      total_tax: l.total_tax,
      total_taxable: l.total_taxable,
      discount: Math.max(0, Math.round((l.original_total_price - l.total_price) * 100) / 100),
    })),
  );
  const token = await staffToken(request, DEMO.cashDesk.code);
  expect((await readBack(request, token, order.id)).paid).toBe(true);
  // Paid: no payment control any more, a receipt can be printed again.
  await expect(payButton(page, order)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ristampa lo scontrino' })).toBeVisible();
});

test('a double tap and a reload in the middle charge the card once', async ({ page, request }) => {
  const tapped = await placeOrder(request, { from: day(6) });
  const reloaded = await placeOrder(request, { from: day(7) });
  await pair(page, DEMO.cashDesk.code);
  const watched = watchTerminal(page);

  await openOrder(page, tapped);
  await payButton(page, tapped).dblclick();
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
  expect(watched.operations()).toEqual(['10', '20+30']);

  // The terminal takes its time; the page is reloaded while it charges the card.
  await terminal.control(request, { delay_ms: 2500 });
  await openOrder(page, reloaded);
  watched.sent.length = 0;
  const processedBefore = (await (await request.get(`${terminal.url}/control`)).json()).processed as number;
  // Reloaded once the terminal has the payment request (it charges while the page is gone).
  const charging = page.waitForRequest((req) => req.url() === `${terminal.url}/process`);
  await payButton(page, reloaded).click();
  await expect(page.getByText('Pagamento in corso sul terminale…')).toBeVisible();
  await charging;
  await page.reload();
  await hydrated(page);
  // The answer is lost: the kiosk asks staff what the terminal shows instead of charging again.
  const question = page.getByText(/Il terminale non ha risposto: guarda il terminale/);
  await expect(question).toBeVisible();
  await expect(payButton(page, reloaded)).toHaveCount(0);
  expect(await violations(page), 'uncertain payment').toEqual([]);
  // The terminal did charge the card, once, with nobody waiting for its answer.
  await expect.poll(async () => (await (await request.get(`${terminal.url}/control`)).json()).processed).toBe(processedBefore + 1);
  await terminal.control(request, { delay_ms: 0 });
  await page.getByRole('button', { name: 'Sì, addebitato' }).click();
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
  // One charge (before the reload); after it only the receipt and print.
  expect(watched.operations()).toEqual(['10', '20+30']);
  const token = await staffToken(request, DEMO.cashDesk.code);
  expect((await readBack(request, token, reloaded.id)).paid).toBe(true);
});

test('a second cash desk cannot charge an order the first is charging', async ({ browser, page, request }) => {
  const order = await placeOrder(request, { from: day(8) });
  await pair(page, DEMO.cashDesk.code);
  const second = await browser.newContext();
  const other = await second.newPage();
  await pair(other, DEMO.cashDesk.code);
  await openOrder(page, order);
  await openOrder(other, order);
  const watched = [watchTerminal(page), watchTerminal(other)];

  await terminal.control(request, { delay_ms: 2000 });
  await payButton(page, order).click();
  await expect(page.getByText('Pagamento in corso sul terminale…')).toBeVisible();
  await payButton(other, order).click();
  await expect(other.getByRole('alert')).toContainText('Pagamento in corso alla cassa BARD-03');
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
  // The second desk re-read the order: once paid it offers no payment either.
  await other.reload();
  await hydrated(other);
  await expect(other.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
  await expect(payButton(other, order)).toHaveCount(0);
  expect(watched.flatMap((w) => w.operations()).filter((o) => o === '10')).toHaveLength(1);
  await second.close();
});

test('a card charged while the API is down shows "being recorded" and is recorded once it answers', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(9) });
  await pair(page, DEMO.cashDesk.code);
  await openOrder(page, order);
  let refused = 0;
  await page.route('**/api/v1/orders/*/pay', async (route) => {
    if (refused++ < 2) return route.abort('connectionrefused');
    return route.continue();
  });
  await payButton(page, order).click();
  await expect(page.getByTestId('desk-recording')).toContainText('Pagato al terminale, registrazione in corso');
  // Retried by itself (2 s, then 4 s) until the API takes it.
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /, { timeout: 20_000 });
  expect(refused).toBe(3);
});

test("a declined card shows the terminal's note, stores a pos log and charges nothing", async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(10) });
  await pair(page, DEMO.cashDesk.code);
  await openOrder(page, order);
  await terminal.control(request, { failure: 'declined', once: true });
  const logged = page.waitForResponse((r) => r.url().endsWith('/api/pos_logs') && r.request().method() === 'POST');
  await payButton(page, order).click();
  expect((await logged).status()).toBe(201);
  await expect(page.getByRole('alert')).toHaveText('Pagamento non riuscito: Carta rifiutata');
  expect(await violations(page), 'declined').toEqual([]);
  // Nothing was charged: the order can be paid again, and is.
  await payButton(page, order).click();
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
});

test('with the terminal off: the question in plain words, "Errore: Verificare pos orchestrator." folded below; with the fake POS: paid after 2 s, terminal untouched', async ({
  page,
  request,
}) => {
  const order = await placeOrder(request, { from: day(11) });
  await pair(page, DEMO.cashDesk.code);
  await openConfiguration(page);
  // Nothing listens on port 9 (discard): the terminal is off.
  await page.getByLabel('Indirizzo del terminale di pagamento (POS)').fill('http://localhost:9');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.locator('.snackbar')).toContainText('Impostazioni salvate');
  await openOrder(page, order);
  await payButton(page, order).click();
  // Plain words first and what to do; the terminal's own message folded under "Dettagli tecnici".
  const question = page.getByRole('alert').filter({ hasText: 'Il terminale non ha risposto: guarda il terminale.' });
  await expect(question).toBeVisible();
  await expect(page.getByText('Errore: Verificare pos orchestrator.')).toBeHidden();
  await question.getByText('Dettagli tecnici').click();
  await expect(page.getByText('Errore: Verificare pos orchestrator.')).toBeVisible();
  expect(await violations(page), 'terminal off').toEqual([]);
  // No answer may still mean a charge: staff say what the terminal shows; here, nothing.
  await page.getByRole('button', { name: 'No, non addebitato' }).click();
  await expect(payButton(page, order)).toBeEnabled();

  await openConfiguration(page);
  await page.getByLabel('POS simulato').check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.locator('.snackbar')).toContainText('Impostazioni salvate');
  await openOrder(page, order);
  const watched = watchTerminal(page);
  const started = Date.now();
  await payButton(page, order).click();
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
  expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  expect(watched.sent).toEqual([]);
});

test('closes the cashier: the terminal and the API totals side by side', async ({ page, request }) => {
  // Paid today whatever its dates: the close counts the payments of the day.
  const order = await placeOrder(request, { from: day(61) });
  await pair(page, DEMO.cashDesk.code);
  await openOrder(page, order);
  await payButton(page, order).click();
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
  await page.getByRole('link', { name: 'Tutti gli ordini' }).click();
  await hydrated(page);

  const watched = watchTerminal(page);
  await page.getByRole('button', { name: 'Chiudi la cassa' }).click();
  // The day by method comes first; only the staff's confirmation sends the close to the terminal.
  const report = page.getByRole('region', { name: 'La giornata per metodo' });
  await expect(report.getByRole('row', { name: /Carta sul POS/ })).toBeVisible();
  expect(await violations(page), 'close report').toEqual([]);
  expect(watched.operations()).toEqual([]);
  await report.getByRole('button', { name: 'Conferma e chiudi' }).click();
  const result = page.getByTestId('cashier-result');
  await expect(result).toContainText('Cassa chiusa');
  await expect(result).toContainText(/Terminale\s*\d+ pagamenti · /);
  await expect(result).toContainText(/Registrati\s*\d+ pagamenti · /);
  expect(watched.operations()).toEqual(['40']);
  expect(await violations(page), 'cashier closed').toEqual([]);
});

test('a type-20 totem sees the order but no payment control', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(12) });
  await pair(page, DEMO.admin.code);
  await openOrder(page, order);
  await expect(page.getByText('Gli incassi si fanno alla cassa.')).toBeVisible();
  await expect(payButton(page, order)).toHaveCount(0);
  await page.getByRole('link', { name: 'Tutti gli ordini' }).click();
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Chiudi la cassa' })).toHaveCount(0);
  expect(await violations(page), 'type 20 list').toEqual([]);
});

test('an order held by a desk that is gone: staff release its claim with the password, then take the payment', async ({ page, request }) => {
  const order = await placeOrder(request, { from: day(13) });
  // Another device of the desk claimed the order, then was switched off before charging.
  const gone = await staffToken(request, DEMO.cashDesk.code);
  const claimed = await request.post(`/api/v1/orders/${order.id}/payment_claim`, { headers: { Authorization: gone }, data: { attempt: crypto.randomUUID() } });
  expect(claimed.status()).toBe(200);
  await pair(page, DEMO.cashDesk.code);
  await openOrder(page, order);
  const watched = watchTerminal(page);
  await payButton(page, order).click();
  await expect(page.getByRole('alert')).toHaveText('Pagamento non riuscito: Pagamento in corso alla cassa BARD-03: attendi che finisca');
  await page.getByRole('button', { name: "Libera l'ordine dalla cassa BARD-03" }).click();
  const dialog = page.getByRole('dialog', { name: "Liberare l'ordine dalla cassa BARD-03?" });
  await expect(dialog).toContainText('Il terminale della cassa BARD-03 potrebbe aver già addebitato la carta');
  const password = dialog.getByLabel('Password di configurazione di questo chiosco');
  await expect(password).toBeFocused();
  await password.fill('not-the-password');
  await dialog.getByRole('button', { name: "Libera l'ordine" }).click();
  await expect(dialog.getByText('Valore non valido')).toBeVisible();
  expect(await violations(page), 'release dialog').toEqual([]);
  await password.fill(DEMO.cashDesk.password);
  await dialog.getByRole('button', { name: "Libera l'ordine" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.snackbar')).toContainText('Ordine liberato dalla cassa BARD-03: puoi incassare');
  await payButton(page, order).click();
  await expect(page.getByTestId('desk-payment-state')).toHaveText(/^Pagato (oggi alle|il [0-9/]+ alle) [0-9:]+ · /);
  expect(watched.operations().filter((o) => o === '10')).toHaveLength(1);
});
