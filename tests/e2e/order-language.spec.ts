// Switching language keeps the address: a guest's order page (served from a shell, the order's
// uuid only in the address) opened in English shows the same order, with its query and hash.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { placeGuestOrder } from './guest-order';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });

test("a guest's order page switched to English still shows the order", async ({ page, request }) => {
  const order = await placeGuestOrder(request, 68);
  await page.goto(`/orders/${order.uuid}?via=mail#order-title`);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: new RegExp(order.number) })).toBeVisible();

  // On a phone the languages are in the app bar's menu.
  const menu = () => page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await menu();
  const languages = page.getByRole('navigation', { name: 'Lingua' });
  await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('href', `/en/orders/${order.uuid}?via=mail#order-title`);
  await languages.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/orders/${order.uuid}\\?via=mail#order-title$`));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByText('Order not found')).toHaveCount(0);

  // And back to Italian from the English page.
  await menu();
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Italiano' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.uuid}\\?via=mail#order-title$`));
  await expect(page.getByRole('heading', { name: new RegExp(order.number) })).toBeVisible();
});
