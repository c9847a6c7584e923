// Seasons in the calendar: days outside the shop's season are disabled and say when it
// reopens ("fuori stagione: apre il 01/12/2026"), the calendar opens on the first bookable month, and the
// season mode shows the season's days. Written for any day of the year: what to expect is computed
// from the API's season for the shop, with the season rules of src/domain/season.ts. The journey
// runs on today, then once more with the browser's clock on the other side of the season (a day
// still to come), so both the in-season and the out-of-season opening are proven on every run.
import { expect, test, type Page } from '@playwright/test';
import { addDays, dayToDisplay, todayInRome } from '~/domain/dates';
import { isInSeason, nextOpening, occurrenceOf, type SeasonWindow } from '~/domain/season';
import { violations } from './axe';
import { hydrated } from './hydration';
import { dayButton, goToMonth, monthName, SHOP, shopAnswer } from './season-helpers';

async function seasonJourney(page: Page, today: string, window: SeasonWindow) {
  const opening = nextOpening(today, window);
  await page.goto(`/prenota/${SHOP}/calendar/`);
  await hydrated(page);
  await expect(page.getByLabel('Disponibilità e prezzi di')).toBeVisible(); // the shop, and its season, loaded

  // A closed day to look at: today when out of season, else the first day after the season's end.
  let closed: string;
  if (isInSeason(today, window)) {
    await expect(page.getByRole('heading', { name: monthName(today.slice(0, 7)) })).toBeVisible();
    closed = addDays(occurrenceOf(today, window)!.to, 1);
    await goToMonth(page, today.slice(0, 7), closed);
  } else {
    // Opens on the opening month, not on today's.
    await expect(page.getByRole('heading', { name: monthName(opening.slice(0, 7)) })).toBeVisible();
    if (opening.slice(0, 7) !== today.slice(0, 7)) await expect(page.getByRole('heading', { name: monthName(today.slice(0, 7)) })).toHaveCount(0);
    await expect(dayButton(page, opening)).toBeEnabled();
    closed = today;
    await goToMonth(page, opening.slice(0, 7), closed);
  }
  const reopens = nextOpening(closed, window);
  const reason = `fuori stagione: apre il ${dayToDisplay(reopens)}`;
  const day = dayButton(page, closed);
  await expect(day).toBeDisabled();
  await expect(day).toHaveAccessibleName(new RegExp(`, ${reason}$`));
  // Said on screen too, not only to screen readers.
  await expect(page.getByText(`Fuori stagione: apre il ${dayToDisplay(reopens)}`)).toBeVisible();
  // Clicking a closed day picks nothing.
  await day.click({ force: true });
  await expect(day).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Continua' })).toBeDisabled();

  // Disabled days on screen: every axe rule still passes.
  expect(await violations(page)).toEqual([]);
}

test('out-of-season days are disabled with the day the shop reopens; the calendar opens on the first bookable month', async ({ page, request }) => {
  const { shop, window } = await shopAnswer(request);
  expect(window.from).not.toBe(window.to); // the demo shop is seasonal: otherwise this test proves nothing
  await seasonJourney(page, todayInRome(), window);

  // The season mode says which days a season booking holds.
  await page.getByRole('radio', { name: 'Stagionale' }).check();
  await expect(page.getByText(`dal ${dayToDisplay(shop.season.from)} al ${dayToDisplay(shop.season.to)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continua' })).toBeEnabled();
});

test('the same on the other side of the season (the browser’s clock on a day to come)', async ({ page, request }) => {
  const { shop, window } = await shopAnswer(request);
  const today = todayInRome();
  // In season now: the day after this season ends; out of season: the opening day.
  const other = isInSeason(today, window) ? addDays(shop.season.to, 1) : shop.season.from;
  expect(isInSeason(other, window)).toBe(!isInSeason(today, window));
  await page.clock.setFixedTime(new Date(`${other}T10:00:00Z`));
  await seasonJourney(page, other, window);
});
