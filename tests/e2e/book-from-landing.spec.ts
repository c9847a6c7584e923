// One tap to book: from a category×town page, a shop card's "Prenota" opens that shop's
// calendar on the category's gear; once the dates are chosen the booking page opens on that
// category's tab, at the top, with nothing focused (no ring drawn around a heading). A later visit
// with those dates still bookable goes straight to the booking page. Expectations come from the API's shop and season.
import { expect, test, type Page } from '@playwright/test';
import { productGroups } from '~/domain/calendar';
import { categoryForSlug } from '~/domain/booking-entry';
import { addDays, todayInRome } from '~/domain/dates';
import { nextOpening } from '~/domain/season';
import { hydrated } from './hydration';
import { dayButton, goToMonth, SHOP, shopAnswer } from './season-helpers';

const card = (page: Page, label: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: label }) });

test('from /sci/sestriere/: Prenota → ski calendar → dates → booking page on the ski section; a second visit skips the calendar', async ({ page, request }) => {
  const answer = await shopAnswer(request);
  const today = todayInRome();
  // A bookable day clear of today's journeys: ten days on, or the season's next opening after that.
  const day = nextOpening(addDays(today, 10), answer.window);
  const ski = categoryForSlug(answer.categories, 'sci')!;
  const firstSki = productGroups(answer.categories, answer.products).find((g) => ski.ids.includes(g.id))!.products[0]!;

  await page.goto('/sci/sestriere/');
  // Tap 1: the card's "Prenota".
  await card(page, answer.shop.label).getByRole('link', { name: /^Prenota/ }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/calendar/\\?category=sci$`));
  await hydrated(page);
  // The picker is on the ski gear.
  await expect(page.getByLabel('Disponibilità e prezzi di')).toHaveValue(String(firstSki.id));
  await page.getByRole('radio', { name: 'Giornata intera' }).check();
  await goToMonth(page, nextOpening(today, answer.window).slice(0, 7), day);
  await dayButton(page, day).click();
  await expect(dayButton(page, day)).toHaveAttribute('aria-pressed', 'true');
  // Tap 2: continue.
  await page.getByRole('button', { name: 'Continua' }).click();

  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/\\?category=sci$`));
  await expect(page.getByRole('tab', { name: 'Sci', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 4, name: firstSki.label! })).toBeInViewport();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  // Back from there is to change the dates: the calendar stays, with the day still chosen.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/calendar/`));
  await expect(page.getByRole('button', { name: 'Continua' })).toBeEnabled();
  await expect(dayButton(page, day)).toHaveAttribute('aria-pressed', 'true');

  // Second visit, another category further down the page: the calendar is skipped.
  await page.goto('/ciaspole/sestriere/');
  await card(page, answer.shop.label).getByRole('link', { name: /^Prenota/ }).click();
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/\\?category=ciaspole$`));
  await expect(page.getByRole('tab', { name: 'Ciaspole', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 4, name: 'Ciaspole e bastoncini' })).toBeInViewport();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  // The calendar was replaced, not stacked: Back returns to the landing page.
  await page.goBack();
  await expect(page).toHaveURL(/\/ciaspole\/sestriere\/$/);
});

test('without dates, the booking page asks for them in place, on the category, then shows that category', async ({ page, request }) => {
  const answer = await shopAnswer(request);
  const today = todayInRome();
  const day = nextOpening(addDays(today, 10), answer.window);
  const board = categoryForSlug(answer.categories, 'snowboard')!;
  const firstBoard = productGroups(answer.categories, answer.products).find((g) => board.ids.includes(g.id))!.products[0]!;
  await page.goto(`/prenota/${SHOP}/?category=snowboard`);
  await hydrated(page);
  // The calendar is right here, its picker on the category's gear: no page that only sends elsewhere.
  await expect(page.getByRole('heading', { level: 2, name: 'Scegli le date per vedere prezzi e disponibilità' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scegli le date', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Disponibilità e prezzi di')).toHaveValue(String(firstBoard.id));
  await page.getByRole('radio', { name: 'Giornata intera' }).check();
  await goToMonth(page, nextOpening(today, answer.window).slice(0, 7), day);
  await dayButton(page, day).click();
  await page.getByRole('button', { name: 'Continua' }).click();
  // Same page, now with the gear priced for that day, on the category.
  await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/\\?category=snowboard$`));
  await expect(page.getByRole('heading', { level: 4, name: firstBoard.label! })).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Scegli le date per vedere prezzi e disponibilità' })).toHaveCount(0);
});
