// The cash desk takes cash, a split of cash and the terminal, and closes the day by method, at
// 1920×1080 and 1080×1920: cash with change from a quick button; a split whose "Incassa" is tapped
// twice, recorded once, the terminal charging only the rest; the after-payment line naming the
// methods in it/en/fr; the close's day per method before operation 40. Axe and 48 px targets on
// each screen. With E2E_SCREENSHOTS=1 it writes the screens into tests/e2e/__screenshots__/.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './axe';
import { hydrated } from './hydration';
import { DEMO, KIOSK_SCREENS, pair } from './kiosk-helpers';
import { day, placeOrder, staffToken, terminal, watchTerminal } from './kiosk-orders';
import { smallTargets } from './touch-targets';
import type { OrderResponse } from '~/api/contract/orders';
import { formatCurrency } from '~/domain/format';
import { localizePath } from '~/domain/locale-path';

const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');

test.afterEach(async ({ request }) => {
  await terminal.reset(request);
});

async function openOrder(page: Page, order: OrderResponse, locale: 'it' | 'en' | 'fr' = 'it') {
  await page.goto(localizePath(locale, `/totem/cash-desk/${order.uuid}`));
  await hydrated(page);
}

async function shoot(page: Page, name: string, locator?: ReturnType<Page['locator']>) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const [orientation, viewport] of KIOSK_SCREENS) {
    await page.setViewportSize(viewport);
    await locator?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${orientation}.png`), caret: 'hide', animations: 'disabled' });
  }
}

for (const [orientation, viewport] of KIOSK_SCREENS) {
  test.describe(`at ${orientation}`, () => {
    test.use({ viewport });

    test('cash with change: a quick note, the change in large type, the line after payment in three languages', async ({ page, request }) => {
      const order = await placeOrder(request, { from: day(70) });
      await pair(page, DEMO.cashDesk.code);
      await openOrder(page, order);
      const watched = watchTerminal(page);
      await page.getByRole('group', { name: 'Altri modi di pagare' }).getByRole('button', { name: 'Contanti' }).click();
      const form = page.getByRole('form', { name: 'Pagamento in contanti' });
      await expect(form).toBeVisible();
      const quick = form.getByRole('group', { name: 'Importi rapidi' }).getByRole('button');
      const amounts = await quick.allTextContents();
      expect(amounts[0]).toBe(formatCurrency(order.total_amount));
      // The first round note above the total.
      await quick.nth(1).click();
      const handed = Number((amounts[1] ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
      await expect(form.getByLabel('Contanti ricevuti (€)')).toHaveValue(String(handed).replace('.', ','));
      await expect(form.getByRole('status', { name: 'Resto' })).toHaveText(formatCurrency(Math.round((handed - order.total_amount) * 100) / 100));
      expect(await violations(page), 'cash form').toEqual([]);
      expect(await smallTargets(form)).toEqual([]);
      if (orientation === 'portrait') await shoot(page, 'staff-cash-desk-cash', form);
      await form.getByRole('button', { name: 'Incassa', exact: true }).click();
      const line = page.getByTestId('desk-payment-state');
      await expect(line).toHaveText(new RegExp(`^Pagato oggi alle \\d\\d:\\d\\d · contanti ${formatCurrency(order.total_amount).replace(/\s/g, '\\s')}$`));
      if (orientation === 'portrait') await shoot(page, 'staff-cash-desk-paid-it', line);
      // The receipt carries the method; the card was never charged.
      expect(watched.operations()).not.toContain('10');
      expect(watched.sent.at(-1)?.payload.payments).toEqual([{ method: 'cash', amount: order.total_amount }]);
      for (const [locale, words] of [
        ['en', 'Paid today at'],
        ['fr', 'Payée aujourd’hui à'],
      ] as const) {
        await openOrder(page, order, locale);
        const cash = locale === 'en' ? 'cash' : 'espèces';
        await expect(page.getByTestId('desk-payment-state')).toHaveText(new RegExp(`^${words} \\d\\d:\\d\\d · ${cash} `));
        if (orientation === 'portrait') await shoot(page, `staff-cash-desk-paid-${locale}`, page.getByTestId('desk-payment-state'));
      }
    });

    test('a split of cash and the terminal, "Incassa" tapped twice, is recorded once; the close shows the day by method first', async ({ page, request }) => {
      const order = await placeOrder(request, { from: day(71) });
      await pair(page, DEMO.cashDesk.code);
      await openOrder(page, order);
      const watched = watchTerminal(page);
      await page.getByRole('group', { name: 'Altri modi di pagare' }).getByRole('button', { name: 'Dividi su due metodi' }).click();
      const form = page.getByRole('form', { name: 'Pagamento diviso' });
      await form.getByLabel('Metodo della prima parte').selectOption({ label: 'Contanti' });
      await form.getByLabel('Importo della prima parte (€)').fill('5');
      const rest = Math.round((order.total_amount - 5) * 100) / 100;
      await expect(form.getByLabel(`Il resto, ${formatCurrency(rest)}, con`)).toHaveValue('terminal');
      expect(await violations(page), 'split form').toEqual([]);
      expect(await smallTargets(form)).toEqual([]);
      if (orientation === 'portrait') await shoot(page, 'staff-cash-desk-split', form);
      await form.getByRole('button', { name: 'Incassa', exact: true }).dblclick();
      const line = page.getByTestId('desk-payment-state');
      await expect(line).toHaveText(
        new RegExp(`^Pagato oggi alle \\d\\d:\\d\\d · contanti ${formatCurrency(5).replace(/\s/g, '\\s')} e carta sul POS ${formatCurrency(rest).replace(/\s/g, '\\s')}$`),
        { timeout: 15_000 },
      );
      // One charge, of the rest only; the order holds two payments, once.
      expect(watched.sent.filter((s) => s.operations.includes(10)).map((s) => s.payload.amount)).toEqual([rest]);
      const token = await staffToken(request, DEMO.cashDesk.code);
      const read = (await (await request.get(`/api/v1/orders/${order.uuid}`, { headers: { Authorization: token } })).json()) as { data: OrderResponse };
      expect(read.data.payments.map((p) => [p.method, p.amount])).toEqual([
        ['cash', 5],
        ['terminal', rest],
      ]);

      // The close: the day by method before the terminal is asked to close.
      await page.getByRole('link', { name: 'Tutti gli ordini' }).click();
      await hydrated(page);
      const closing = watchTerminal(page);
      await page.getByRole('button', { name: 'Chiudi la cassa' }).click();
      const report = page.getByRole('region', { name: 'La giornata per metodo' });
      await expect(report.getByRole('row', { name: /Contanti/ })).toBeVisible();
      await expect(report.getByRole('row', { name: /Carta sul POS/ })).toBeVisible();
      await expect(report).toContainText('Contanti attesi nel cassetto:');
      expect(closing.operations()).toEqual([]);
      expect(await violations(page), 'close report').toEqual([]);
      if (orientation === 'portrait') await shoot(page, 'staff-cash-desk-close', report);
      // A drawer short by one euro needs a note.
      const expected = Number(((await report.textContent()) ?? '').match(/Contanti attesi nel cassetto: ([\d.,]+)/)?.[1]?.replace(/\./g, '').replace(',', '.'));
      await report.getByLabel('Contanti contati (€)').fill(String(expected - 1).replace('.', ','));
      await report.getByRole('button', { name: 'Conferma e chiudi' }).click();
      await expect(report.getByRole('alert')).toHaveText('Scrivi il motivo della differenza');
      await report.getByLabel('Nota sulla differenza').fill('Resto dato in più');
      await report.getByRole('button', { name: 'Conferma e chiudi' }).click();
      await expect(page.getByTestId('cashier-result')).toContainText('Cassa chiusa');
      await expect(page.getByTestId('cashier-methods')).toContainText('Contanti');
      await expect(page.getByTestId('cashier-methods')).toContainText('Resto dato in più');
      expect(closing.operations()).toEqual(['40']);
    });
  });
}

test('a split whose terminal part is declined says so in words, records nothing and leaves the order to pay', async ({ page, request }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const order = await placeOrder(request, { from: day(73) });
  await pair(page, DEMO.cashDesk.code);
  await openOrder(page, order);
  await terminal.control(request, { failure: 'declined', once: true });
  await page.getByRole('group', { name: 'Altri modi di pagare' }).getByRole('button', { name: 'Dividi su due metodi' }).click();
  const form = page.getByRole('form', { name: 'Pagamento diviso' });
  await form.getByLabel('Metodo della prima parte').selectOption({ label: 'Contanti' });
  await form.getByLabel('Importo della prima parte (€)').fill('5');
  await form.getByRole('button', { name: 'Incassa', exact: true }).click();
  // The refusal in words, where staff look: the panel's alert.
  await expect(page.getByRole('alert')).toHaveText(/^Pagamento non riuscito: \S/, { timeout: 15_000 });
  const token = await staffToken(request, DEMO.cashDesk.code);
  const read = (await (await request.get(`/api/v1/orders/${order.uuid}`, { headers: { Authorization: token } })).json()) as { data: OrderResponse };
  expect(read.data.paid).toBe(false);
  expect(read.data.payments).toEqual([]);
});
