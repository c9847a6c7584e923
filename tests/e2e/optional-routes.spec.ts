// The optional-parameter routes of spec §2 in the three locales: /noleggio/ and /sentiero/ lead to
// their lists; /prenota/, /prenota/calendar/ and /prenota/order/ to that step of the stored shop, or
// to the shop selector when none is stored. They are noindex (and out of the sitemap).
import { expect, test } from '@playwright/test';
import { violations } from './axe';

const LOCALES = [
  { prefix: '', selector: 'Dove vuoi noleggiare?' },
  { prefix: '/en', selector: 'Where do you want to rent?' },
  { prefix: '/fr', selector: 'Où voulez-vous louer ?' },
];
const SHOP = 'sport-noleggio-sestriere';

for (const { prefix, selector } of LOCALES) {
  test(`${prefix || 'it'}: /noleggio/ and /sentiero/ lead to their lists, keeping the query`, async ({ page }) => {
    await page.goto(`${prefix}/noleggio/`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/noleggi/$`));
    await page.goto(`${prefix}/sentiero/?ref=partner`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/sentieri/\\?ref=partner$`));
  });

  test(`${prefix || 'it'}: /prenota/ steps show the shop selector without a stored shop, else go to that step of the stored shop`, async ({ page }) => {
    for (const step of ['', 'calendar/', 'order/']) {
      await page.goto(`${prefix}/prenota/${step}`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/prenota/${step}$`));
      await expect(page.getByRole('dialog', { name: selector })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    }
    expect(await violations(page)).toEqual([]);

    // A shop chosen earlier (the selector stores it so): the optional routes now lead to it.
    await page.evaluate((slug) => {
      const shop = { id: 1, slug, label: 'Sport Noleggio Sestriere', logos: [], categories: [], sports: [] };
      localStorage.setItem('configuration', JSON.stringify({ shop }));
    }, SHOP);
    for (const step of ['', 'calendar/', 'order/']) {
      await page.goto(`${prefix}/prenota/${step}`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/prenota/${SHOP}/${step}$`));
    }
  });
}

test('a stored slug that is not a slug is not followed', async ({ page }) => {
  await page.goto('/prenota/');
  await page.evaluate(() => localStorage.setItem('configuration', JSON.stringify({ shop: { slug: '/evil.example.com' } })));
  await page.goto('/prenota/calendar/');
  await expect(page).toHaveURL(/\/prenota\/calendar\/$/);
  await expect(page.getByRole('dialog', { name: 'Dove vuoi noleggiare?' })).toBeVisible();
});
