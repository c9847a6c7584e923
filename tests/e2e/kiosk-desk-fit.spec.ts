// The cash desk's order on a smaller staff screen (a 1366×768 laptop or a 1024×768 tablet at the
// counter): scrolled to the end, every control of the order stands above the kiosk's footer, not
// under it, and the search's intro is not repeated above the order.
import { expect, test, type Locator } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO, pair } from './kiosk-helpers';
import { day, placeOrder } from './kiosk-orders';

/** True when the element's centre is the element itself (or inside it), not something drawn over it. */
const onTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
])
  test(`${viewport.width}×${viewport.height}: the order's last controls are above the footer`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const order = await placeOrder(request, { from: day(0), to: day(1), firstName: 'Clara', lastName: 'Schermo' });
    await pair(page, DEMO.cashDesk.code);
    await page.goto(`/totem/cash-desk/${order.uuid}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: `Ordine ${order.number}` })).toBeVisible();
    // The search's intro stays on the list: the order starts near the top, under the page's title.
    await expect(page.getByText('Cerca un ordine per numero, nome, telefono o giorno.')).toBeHidden();
    expect((await page.getByRole('heading', { name: `Ordine ${order.number}` }).boundingBox())!.y).toBeLessThan(240);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo', { name: /chiosco/i });
    const footerTop = (await footer.boundingBox())!.y;
    for (const name of ['Metti in coda', 'Annulla ordine']) {
      const button = page.getByRole('button', { name, exact: true });
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      expect(box.y + box.height, `${name} ends above the footer`).toBeLessThanOrEqual(footerTop + 1);
      expect(await onTop(button), `${name} is not covered`).toBe(true);
    }
  });
