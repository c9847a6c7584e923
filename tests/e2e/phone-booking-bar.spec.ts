// A booking that sells on a phone (390×844, touch, DPR 2): the app bar is one short row that stays
// at the top with the cart and a menu; with something in the cart a bar at the bottom of every step
// before the summary says how many items for how much and leads to the summary; the steps read in
// the order they are walked. Screenshots it/en/fr on the phone and one on a desktop.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { violations } from './axe';
import { openAddOns } from './gear-helpers';
import { inSeasonDay } from '../support/season';
import { DateModes } from '~/domain/dates';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const SHOP = 'sport-noleggio-sestriere';
const SHOTS = 'tests/e2e/__screenshots__';
const dates = [inSeasonDay(SHOP, 40), inSeasonDay(SHOP, 42)];

/** The gear step with dates, on a sport's tab (snowshoes: added without "who is it for"). */
async function withDates(page: Page, prefix = '', category = 'ciaspole') {
  await page.goto(`${prefix}/prenota/${SHOP}/?category=${category}`);
  await page.evaluate((configuration) => localStorage.setItem('configuration', JSON.stringify(configuration)), { multipleDates: DateModes.RANGE, dates });
  await page.reload();
  await hydrated(page);
}

const bar = (page: Page) => page.getByRole('banner');
const cartBar = (page: Page, name = 'Il tuo carrello') => page.getByRole('region', { name });

/** Sums the page's layout shifts not caused by the visitor's input (CLS), from the page's start. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);

/** Adds the snowshoes (no "who is it for") from the booking page and waits for them in the cart. */
async function addSnowshoes(page: Page) {
  const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ciaspole e bastoncini' }) });
  await product.getByRole('button', { name: /Aggiungi al carrello/ }).tap();
  await expect(cartBar(page)).toBeVisible();
}

/** The steps' navigation: its items' text in order, and which one is the current. */
async function steps(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name });
  return {
    labels: (await nav.getByRole('listitem').allTextContents()).map((s) => s.trim()),
    current: (await nav.locator('[aria-current="step"]').allTextContents()).map((s) => s.trim()),
  };
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the app bar is one row of at most 64 px that stays at the top, with the menu behind a button', async ({ page }) => {
    await withDates(page, '', 'sci');
    await expect(page.getByRole('heading', { name: 'Kit sci Base' })).toBeVisible();
    const height = async () => (await bar(page).boundingBox())!.height;
    expect(await height()).toBeLessThanOrEqual(64);
    // Scrolled to the end of the page, the bar is still at the top of the screen.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const box = (await bar(page).boundingBox())!;
    expect(box.y).toBe(0);
    expect(box.height).toBeLessThanOrEqual(64);
    // The sections, the chips and the languages are behind "Menu", one tap away, and the page does not scroll sideways.
    const menu = bar(page).getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(bar(page).getByRole('link', { name: 'Sentieri' })).toBeHidden();
    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(bar(page).getByRole('link', { name: 'Sentieri' })).toBeVisible();
    await expect(bar(page).getByRole('navigation', { name: 'Lingua' }).getByRole('link', { name: 'English' })).toBeVisible();
    await expect(bar(page).getByRole('link', { name: /^Cambia date/ })).toBeVisible();
    expect(await height()).toBeLessThanOrEqual(64);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/phone-menu-it.png` });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(bar(page).getByRole('link', { name: 'Sentieri' })).toBeHidden();
  });

  test('with something in the cart, the bottom bar says how many for how much and leads to the summary, covering nothing and moving nothing', async ({ page }) => {
    await watchShifts(page);
    await withDates(page);
    await expect(cartBar(page)).toHaveCount(0);
    await addSnowshoes(page);
    const region = cartBar(page);
    await expect(region).toContainText('1 articolo');
    // The total for the dates, as the checkout will count it: the product's price for the period.
    const price = await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ciaspole e bastoncini' }) }).locator('.price strong').textContent();
    await expect(region.getByTestId('cart-bar-total')).toHaveText(`Totale ${price}`);
    // The cart in the app bar counts it too.
    await expect(bar(page).getByRole('link', { name: '1 articolo nel carrello' })).toBeVisible();
    // Fixed to the bottom of the screen, and the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = (await region.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(844, 0);
    // The page ends above the bar: scrolled to the end, the footer's last line is not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page.locator('footer').last().evaluate((f) => f.getBoundingClientRect().bottom);
    expect(footerBottom).toBeLessThanOrEqual(box.y + 1);

    // On the next visit of a step the bar is there from the start, and nothing on the page moves.
    await page.goto(`/prenota/${SHOP}/calendar/`);
    await hydrated(page);
    await expect(cartBar(page)).toContainText('1 articolo');
    await expect(cartBar(page).getByTestId('cart-bar-total')).toHaveText(`Totale ${price}`);
    await page.goto(`/prenota/${SHOP}/`);
    await hydrated(page);
    await expect(cartBar(page).getByTestId('cart-bar-total')).toHaveText(`Totale ${price}`);
    await page.waitForLoadState('networkidle');
    expect(await shifts(page)).toBe(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/phone-booking-it.png` });

    await cartBar(page).getByRole('link', { name: 'Continua al riepilogo' }).tap();
    await expect(page).toHaveURL(new RegExp(`/prenota/${SHOP}/order/?$`));
    await hydrated(page);
    // The summary has no bar of its own: it is where the bar leads.
    await expect(cartBar(page)).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText(price!);
  });

  test('the steps read Date, Attrezzatura, Riepilogo, the current one marked; the gear step without dates asks for them in place', async ({ page }) => {
    await page.goto(`/prenota/${SHOP}/`);
    await hydrated(page);
    expect(await steps(page, 'Passaggi della prenotazione')).toEqual({ labels: ['Date', 'Attrezzatura', 'Riepilogo'], current: ['Attrezzatura'] });
    // No dates: the calendar is right here.
    await expect(page.getByRole('heading', { name: 'Scegli le date per vedere prezzi e disponibilità' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Più giorni' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/phone-dates-in-place-it.png` });
    await page.goto(`/prenota/${SHOP}/calendar/`);
    expect(await steps(page, 'Passaggi della prenotazione')).toEqual({ labels: ['Date', 'Attrezzatura', 'Riepilogo'], current: ['Date'] });
    await page.goto(`/en/prenota/${SHOP}/order/`);
    expect(await steps(page, 'Booking steps')).toEqual({ labels: ['Dates', 'Gear', 'Summary'], current: ['Summary'] });
    await page.goto(`/fr/prenota/${SHOP}/`);
    expect(await steps(page, 'Étapes de la réservation')).toEqual({ labels: ['Dates', 'Matériel', 'Récapitulatif'], current: ['Matériel'] });
  });

  for (const [lang, region, items, next, prefix, snowshoes] of [
    ['en', 'Your cart', '1 item', 'Continue to summary', '/en', 'Snowshoes and poles'],
    ['fr', 'Votre panier', '1 article', 'Continuer vers le récapitulatif', '/fr', 'Raquettes et bâtons'],
  ] as const) {
    test(`in ${lang}: the bottom bar and the short app bar`, async ({ page }) => {
      await withDates(page, prefix);
      const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: snowshoes }) });
      await product.getByRole('button', { name: lang === 'en' ? /^Add to cart/ : /^Ajouter au panier/ }).tap();
      const shown = cartBar(page, region);
      await expect(shown).toContainText(items);
      await expect(shown.getByRole('link', { name: next })).toHaveAttribute('href', `${prefix}/prenota/${SHOP}/order`);
      expect((await bar(page).boundingBox())!.height).toBeLessThanOrEqual(64);
      // The longest words of the three languages: the total stays whole beside the button, not under it.
      const total = (await shown.getByTestId('cart-bar-total').boundingBox())!;
      const link = (await shown.getByRole('link', { name: next }).boundingBox())!;
      expect(total.x + total.width).toBeLessThanOrEqual(link.x);
      expect(link.x + link.width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/phone-booking-${lang}.png` });
    });
  }

  test(`the summary's lines keep price and "Rimuovi" in the same place on every line`, async ({ page }) => {
    await withDates(page);
    await addSnowshoes(page);
    // The same product again with an add-on: a longer line than the first.
    const snowshoes = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ciaspole e bastoncini' }) });
    await openAddOns(snowshoes);
    await snowshoes.getByRole('checkbox', { name: /Copertura rottura e furto/ }).check();
    await snowshoes.getByRole('button', { name: /Aggiungi al carrello/ }).tap();
    await expect(cartBar(page)).toContainText('2 articoli');
    await cartBar(page).getByRole('link', { name: 'Continua al riepilogo' }).tap();
    await hydrated(page);
    const lines = page.getByRole('main').locator('.lines > li');
    await expect(lines).toHaveCount(2);
    const boxes = async (selector: string) => Promise.all((await lines.locator(selector).all()).map(async (l) => (await l.boundingBox())!));
    const amounts = await boxes('.amount');
    const removes = await boxes('button');
    // Same left edge for the prices, same right edge for the buttons, on every line.
    expect(amounts[0]!.x).toBeCloseTo(amounts[1]!.x, 0);
    expect(removes[0]!.x + removes[0]!.width).toBeCloseTo(removes[1]!.x + removes[1]!.width, 0);
    for (const [i, amount] of amounts.entries()) expect(Math.abs(amount.y + amount.height / 2 - (removes[i]!.y + removes[i]!.height / 2))).toBeLessThan(12);
    await lines.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/phone-cart-lines-it.png` });
  });
});

test('on a desktop the app bar is one row with everything in it, and the bottom bar shows', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await withDates(page);
  await expect(bar(page).getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(bar(page).getByRole('link', { name: 'Sentieri' })).toBeVisible();
  const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ciaspole e bastoncini' }) });
  await product.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  await expect(cartBar(page)).toContainText('1 articolo');
  expect((await bar(page).boundingBox())!.height).toBeLessThanOrEqual(100);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/desktop-booking-it.png` });
});
