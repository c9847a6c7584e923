// The guest journey in a real browser: category×town page → shop → dates → product with an add-on
// and customer info → checkout with a document → order placed → totals equal the server's → the
// order opens through its guest link.
import { expect, test } from '@playwright/test';
import { openAddOns } from './gear-helpers';
import { hydrated } from './hydration';
import { inSeasonDay } from '../support/season';
import { showMonthOf } from './calendar-months';
import { acceptTerms, fillContact, fillSkier, pricedTotal } from './checkout-helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

test('guest books a 3-day ski kit with a helmet and opens the order through its link', async ({ page }) => {
  await page.goto('/sci/sestriere/');
  await page.getByRole('link', { name: 'Sport Noleggio Sestriere' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sport Noleggio Sestriere' })).toBeVisible();
  // The shop page's main "Prenota" opens the shop's calendar.
  await page.getByRole('main').getByRole('link', { name: 'Prenota da Sport Noleggio Sestriere', exact: true }).click();
  await expect(page).toHaveURL(/\/prenota\/sport-noleggio-sestriere\/calendar/);

  await hydrated(page);
  await page.getByRole('radio', { name: 'Più giorni' }).check();
  // A month the shop is open all of.
  await showMonthOf(page, inSeasonDay('sport-noleggio-sestriere', 40));
  const days = page.getByRole('group').filter({ has: page.locator('.day') });
  await days.getByRole('button', { name: /\b12 / }).click();
  await days.getByRole('button', { name: /\b10 / }).click(); // reversed on purpose: the range is swapped
  await expect(page.getByText(/3 giorni/)).toBeVisible();
  await page.getByRole('button', { name: 'Continua' }).click();

  const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Kit sci Base' }) });
  await expect(product.getByText('6 disponibili')).toBeVisible();
  await openAddOns(product);
  await product.getByRole('checkbox', { name: /Casco/ }).check();
  await product.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  const customer = page.getByRole('dialog', { name: /Per chi è Kit sci Base/ });
  await fillSkier(customer, { first: 'Giulia', last: 'Verdi', height: '168', weight: '58', shoe: '38' });
  // The level has no default: nobody is booked at a level they did not choose.
  await customer.getByRole('button', { name: 'Conferma' }).click();
  await expect(customer.getByLabel('Livello')).toHaveAttribute('aria-invalid', 'true');
  await expect(customer.getByText('Campo obbligatorio')).toBeVisible();
  await customer.getByLabel('Livello').selectOption({ label: 'Principiante' });
  await customer.getByRole('button', { name: 'Conferma' }).click();
  await expect(product.getByText('5 disponibili')).toBeVisible();

  await page.getByRole('link', { name: '1 articolo nel carrello' }).click();
  await hydrated(page);
  await expect(page).toHaveURL(/\/prenota\/sport-noleggio-sestriere\/order/);
  const cartTotal = await pricedTotal(page);
  // The closed login dialog has fields too: look inside the page's main content only.
  const main = page.getByRole('main');
  await fillContact(main, { first: 'Giulia', last: 'Verdi', phone: '+39 333 7654321', email: 'giulia.verdi@example.com' });
  await expect(main.getByLabel('Aggiungi documento')).toHaveCSS('opacity', '0');
  await main.getByLabel('Aggiungi documento').setInputFiles({ name: 'carta-identita.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(main.getByText('carta-identita.pdf', { exact: true })).toBeVisible();
  await acceptTerms(page);
  await page.getByRole('button', { name: "Conferma l'ordine" }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
  await expect(page.getByTestId('server-total')).toHaveText(cartTotal);
  // Paying can start right here; the order page offers it too (tests/e2e/payment.spec.ts).
  await expect(page.getByRole('button', { name: `Paga ora ${cartTotal}` })).toBeVisible();
  await page.getByRole('link', { name: "Vedi l'ordine" }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /Ordine \d{2}-\d{7}/ })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(cartTotal);
  await expect(page.getByRole('link', { name: 'carta-identita.pdf' })).toBeVisible();
  await expect(page.getByText(/Kit sci Base/)).toBeVisible();
  await expect(page.getByText(/Casco/)).toBeVisible();
});
