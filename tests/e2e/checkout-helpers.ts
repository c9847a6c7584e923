// The checkout's total once the shop's catalogue is in: before it, the total reads "Calcolo dei
// prezzi…" (never 0,00 €), so a test comparing totals reads it only after this.
import { expect, type Locator, type Page } from '@playwright/test';

export async function pricedTotal(scope: Page | Locator): Promise<string> {
  const total = scope.getByTestId('cart-total');
  await expect(total).toHaveText(/^\d+(\.\d{3})*,\d\d\s€$/);
  return total.innerText();
}
