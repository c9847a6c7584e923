// Moving the booking calendar to a month, whichever month it opened on (it opens on the
// shop's first bookable month, or on the dates already chosen): back to today's month, the first
// it can show, then forward. And choosing a range of days in the month shown.
import { expect, type Page } from '@playwright/test';
import { monthsFromToday } from '../support/season';

/** Shows the month of `day` ('YYYY-MM-DD') in the calendar page. */
export async function showMonthOf(page: Page, day: string): Promise<void> {
  // The product picker is there once the shop (and its season, which sets the opening month) loaded.
  await expect(page.getByLabel('Disponibilità e prezzi di')).toBeVisible();
  const previous = page.getByRole('button', { name: 'Mese precedente' });
  while (await previous.isEnabled()) await previous.click();
  for (let i = 0; i < monthsFromToday(day); i++) await page.getByRole('button', { name: 'Mese successivo' }).click();
}

/** Picks the days `first` and `last` of the month shown (in that order), then Continue. */
export async function pickDays(page: Page, first: number, last: number): Promise<void> {
  const days = page.getByRole('group').filter({ has: page.locator('.day') });
  await days.getByRole('button', { name: new RegExp(`\\b${first} `) }).click();
  await days.getByRole('button', { name: new RegExp(`\\b${last} `) }).click();
  await page.getByRole('button', { name: 'Continua' }).click();
}
