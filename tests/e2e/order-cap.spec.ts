// The cart never holds more units of a product than one order may: with the breakage
// cover on ten lines the booking page stops taking lines that use it, says why, and no other
// product can add it; the API refuses an eleventh the same way (tests/api/order-limits.test.ts).
import { expect, test, type Page } from '@playwright/test';
import { MAX_UNITS_PER_PRODUCT } from '~/domain/cart';
import { openAddOns, openSport } from './gear-helpers';
import { hydrated } from './hydration';
import { fillSkier } from './checkout-helpers';
import { inSeasonDay } from '../support/season';
import { pickDays, showMonthOf } from './calendar-months';

async function chooseThreeDays(page: Page) {
  await page.goto('/prenota/sport-noleggio-sestriere/calendar');
  await hydrated(page);
  await page.getByRole('radio', { name: 'Più giorni' }).check();
  // A month the shop is open all of.
  await showMonthOf(page, inSeasonDay('sport-noleggio-sestriere', 40));
  await pickDays(page, 16, 18);
}

test(`the booking page stops at ${MAX_UNITS_PER_PRODUCT} units of a product per order`, async ({ page }) => {
  await chooseThreeDays(page);
  // Every product of the open sport offers the cover, behind its add-ons' expander.
  const covered = page.getByRole('tabpanel').getByRole('listitem').filter({ has: page.locator('summary') });
  const cartLink = (n: number) => page.getByRole('link', { name: new RegExp(`^${n} articol[oi] nel carrello`) });
  const dialog = page.getByRole('dialog', { name: /Per chi è/ });
  let added = 0;
  let i = 0;
  for (; added < MAX_UNITS_PER_PRODUCT; i++) {
    const product = covered.nth(i);
    const add = product.getByRole('button', { name: /Aggiungi al carrello/ });
    if (!(await add.isEnabled())) continue;
    await openAddOns(product);
    await product.getByRole('checkbox', { name: /Copertura/ }).check();
    while (added < MAX_UNITS_PER_PRODUCT && (await add.isEnabled())) {
      await add.click();
      await expect(dialog.or(cartLink(added + 1))).toBeVisible();
      if (await dialog.isVisible()) {
        await fillSkier(dialog, { first: 'Anna', last: 'Neri', height: '170', weight: '60', shoe: '39', level: 'Principiante' });
        await dialog.getByRole('button', { name: 'Conferma' }).click();
      }
      added++;
      await expect(cartLink(added)).toBeVisible();
    }
  }
  const last = covered.nth(i - 1);
  // The product whose lines carry the cover: no eleventh line with it, and the page says why…
  if (!(await last.getByText('Esaurito').isVisible())) {
    await expect(last.getByText(`Al massimo ${MAX_UNITS_PER_PRODUCT} per ordine`)).toBeVisible();
    await expect(last.getByRole('button', { name: /Aggiungi al carrello/ })).toBeDisabled();
  }
  // …and on a product not yet in the cart the cover cannot be chosen, the product itself can.
  // (The open sport's products are all in the cart by now: another sport's first one.)
  await openSport(page, 'Snowboard');
  const fresh = covered.first();
  await openAddOns(fresh);
  await expect(fresh.getByRole('checkbox', { name: /Copertura/ })).toBeDisabled();
  await expect(fresh.getByRole('button', { name: /Aggiungi al carrello/ })).toBeEnabled();
});
