// What the booking calendar must show for a shop's season, computed from the API's answer (never
// typed in), so the season journeys pass on any day of the year.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Category, Product } from '~/api/contract/catalogue';
import { seasonWindowOf } from '~/domain/calendar-season';
import type { SeasonDays, SeasonWindow } from '~/domain/season';

export const SHOP = 'sport-noleggio-sestriere';

export interface ShopAnswer {
  shop: { id: number; label: string; season: SeasonDays };
  categories: Category[];
  products: Product[];
}

export async function shopAnswer(request: APIRequestContext): Promise<ShopAnswer & { window: SeasonWindow }> {
  const res = await request.get(`/api/v1/shops/slug/${SHOP}`);
  expect(res.status()).toBe(200);
  const data = (await res.json()).data as ShopAnswer;
  return { ...data, window: seasonWindowOf(data.shop.season) };
}

/** "dicembre 2026": the month heading of the calendar. */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('it', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

/** "martedì 1 dicembre 2026": how a day's accessible name starts. */
export const fullDate = (day: string) => new Intl.DateTimeFormat('it', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** The day's button in the calendar grid, by its accessible name. */
export const dayButton = (page: Page, day: string) => page.getByRole('button', { name: new RegExp(`^${fullDate(day)}(,|$)`) });

const monthsBetween = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
};

/** Moves the calendar from the month it shows (`shown`) to the month of `day`. */
export async function goToMonth(page: Page, shown: string, day: string) {
  await expect(page.getByRole('heading', { name: monthName(shown) })).toBeVisible();
  const by = monthsBetween(shown, day.slice(0, 7));
  const button = page.getByRole('button', { name: by < 0 ? 'Mese precedente' : 'Mese successivo' });
  for (let i = 0; i < Math.abs(by); i++) await button.click();
  await expect(page.getByRole('heading', { name: monthName(day.slice(0, 7)) })).toBeVisible();
}
