// The gear step shows one sport at a time (tabs) and a product's add-ons behind an expander.
import type { Locator, Page } from '@playwright/test';

/** Opens a sport's tab on the gear step (by its label: 'Ciaspole', 'Snowboard'…). */
export async function openSport(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: label, exact: true }).click();
}

/** Opens a product card's add-ons. */
export async function openAddOns(card: Locator): Promise<void> {
  await card.locator('summary').click();
}
