// The guest journey with the keyboard alone: Tab to reach, Enter/Space to act, typing in fields.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { hydrated } from './hydration';

// A shop open all year: next month's days can be booked whatever day this runs on.
const SHOP = 'alpin-tour-sestriere';

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

test('a guest books with the keyboard only', async ({ page }) => {
  await page.goto(`/prenota/${SHOP}/calendar/`);
  await page.keyboard.press('Tab'); // any key counts as the first interaction
  await hydrated(page);

  await tabTo(page, page.getByRole('radio', { name: 'Giornata intera' }));
  await page.keyboard.press('ArrowRight'); // radios move with the arrows: "Più giorni"
  await expect(page.getByRole('radio', { name: 'Più giorni' })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Mese successivo' }));
  await page.keyboard.press('Enter');
  const days = page.getByRole('group').filter({ has: page.locator('.day') });
  await tabTo(page, days.getByRole('button', { name: /\b14 / }));
  await page.keyboard.press('Enter');
  await tabTo(page, days.getByRole('button', { name: /\b15 / }));
  await page.keyboard.press('Space');
  await expect(page.getByText(/2 giorni/)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Continua' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/prenota/${SHOP}/?$`));
  await hydrated(page);

  // The sports are tabs: the open one is the list's one stop, the arrow opens the next (Ciaspole).
  await tabTo(page, page.getByRole('tab', { selected: true }), 150);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Ciaspole', exact: true })).toHaveAttribute('aria-selected', 'true');
  const snowshoes = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ciaspole e bastoncini' }) });
  await tabTo(page, snowshoes.getByRole('button', { name: /Aggiungi al carrello/ }), 150);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: '1 articolo nel carrello' }), 150);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/order\/?$/);
  await hydrated(page);

  const main = page.getByRole('main');
  for (const [label, value] of [
    ['Nome', 'Tina'],
    ['Cognome', 'Tastiera'],
    ['Telefono', '+39 333 5555555'],
    ['Email', 'tina@example.com'],
  ] as const) {
    await tabTo(page, main.getByLabel(label, { exact: true }), 150);
    await page.keyboard.type(value);
  }
  // The consent to the terms, ticked with the space bar.
  await tabTo(page, main.getByRole('checkbox', { name: /Ho letto e accetto le condizioni di noleggio/ }), 150);
  await page.keyboard.press('Space');
  await tabTo(page, main.getByRole('button', { name: "Conferma l'ordine" }), 150);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
});
