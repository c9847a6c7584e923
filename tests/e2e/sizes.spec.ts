// A product that comes in sizes: "who is it for" asks the size after the measures,
// each size with its units free for the dates; the size taken by the cart is then sold out, said
// and disabled; the order page shows the size booked.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { inSeasonDay } from '../support/season';
import { pickDays, showMonthOf } from './calendar-months';
import { acceptTerms, fillContact, fillSkier } from './checkout-helpers';

const SHOP = 'riviera-bike-rent-sanremo';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

test('books a mountain bike in size L and finds the size on the order', async ({ page }) => {
  await page.goto(`/prenota/${SHOP}/calendar`);
  await hydrated(page);
  await page.getByRole('radio', { name: 'Più giorni' }).check();
  await showMonthOf(page, inSeasonDay(SHOP, 50));
  await pickDays(page, 20, 21);

  const bike = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Mountain bike front' }) });
  const dialog = page.getByRole('dialog', { name: /Per chi è Mountain bike front/ });
  await bike.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  await fillSkier(dialog, { first: 'Marco', last: 'Bruni', height: '186', weight: '80', shoe: '44', level: 'Esperto' });
  const sizes = dialog.getByRole('group', { name: 'Taglia' });
  await expect(sizes.getByRole('radio')).toHaveCount(3);
  // The size is required: Confirm without one says so under the sizes.
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(sizes.getByText('Campo obbligatorio')).toBeVisible();
  await sizes.getByRole('radio', { name: 'L · 1 disponibile' }).check();
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByRole('link', { name: '1 articolo nel carrello' })).toBeVisible();

  // The cart holds the only L: asked again, L is sold out, said and disabled.
  await bike.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  await expect(sizes.getByRole('radio', { name: 'L · Esaurito' })).toBeDisabled();
  await expect(sizes.getByRole('radio', { name: 'S · 2 disponibili' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Annulla' }).click();

  await page.getByRole('link', { name: '1 articolo nel carrello' }).click();
  await hydrated(page);
  const main = page.getByRole('main');
  await fillContact(main, { first: 'Marco', last: 'Bruni', phone: '+39 333 7654321', email: 'marco.bruni@example.com' });
  await main.getByLabel('Aggiungi documento').setInputFiles({ name: 'carta-identita.pdf', mimeType: 'application/pdf', buffer: PDF });
  await acceptTerms(page);
  await page.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
  await page.getByRole('link', { name: "Vedi l'ordine" }).click();
  await expect(page.getByText('Mountain bike front · Taglia L', { exact: false })).toBeVisible();
});
