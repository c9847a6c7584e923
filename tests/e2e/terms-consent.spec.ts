// The checkout's consent to the rental terms, the cancellation policy and the privacy notice: a
// required checkbox with the three pages linked just before "Conferma l'ordine"; unticked, the
// order is not sent and the message stands under the box; ticked, the order is placed and carries
// the terms' version. Screenshots of the consent (it/en/fr at 390×844, one desktop) for the
// checkout's README; axe clean with its error shown.
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated } from './hydration';
import { violations } from './axe';
import { inSeasonDay } from '../support/season';
import { DateModes } from '../../src/domain/dates';
import { TERMS_VERSION } from '../../src/domain/terms';
import { pricedTotal } from './checkout-helpers';

const SHOP = 'sport-noleggio-sestriere';
const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');
const day = (n: number) => inSeasonDay(SHOP, n);
const PREFIX = { it: '', en: '/en', fr: '/fr' } as const;

/** A cart with snowshoes for two days `offset` days ahead, on the checkout in `lang`. */
async function checkout(page: Page, request: APIRequestContext, offset: number, lang: keyof typeof PREFIX = 'it') {
  const from = day(offset);
  const to = day(offset + 1);
  const shop = await (await request.get(`/api/v1/shops/slug/${SHOP}?from=${from}&to=${to}`)).json();
  const snowshoes = shop.data.products.find((p: { code: string }) => p.code === 'CIASPOLE') as { id: number; current_price: { id: number } };
  await page.goto(`${PREFIX[lang]}/noleggio/${SHOP}/`);
  await page.evaluate(
    ({ from, to, id, price, multipleDates }) => {
      const shop = { id: 1, slug: 'sport-noleggio-sestriere', label: 'Sport Noleggio Sestriere', logos: [], categories: [], sports: [] };
      localStorage.setItem('configuration', JSON.stringify({ shop, multipleDates, dates: [from, to] }));
      localStorage.setItem('cart', JSON.stringify({ products: [{ id, id_shop: 1, id_price: price, related: [], multipleDates, dates: [from, to], days: 2 }] }));
    },
    { from, to, id: snowshoes.id, price: snowshoes.current_price.id, multipleDates: DateModes.RANGE },
  );
  await page.goto(`${PREFIX[lang]}/prenota/${SHOP}/order`);
  await hydrated(page);
  const main = page.getByRole('main');
  await pricedTotal(main);
  return main;
}

test('unticked, the order is not sent and the message is under the box; ticked, it is placed with the version', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const main = await checkout(page, request, 90);
  await main.getByLabel('Nome', { exact: true }).fill('Carla');
  await main.getByLabel('Cognome').fill('Consenso');
  await main.getByLabel('Telefono').fill('+39 333 4444444');
  await main.getByLabel('Email').fill('carla.consenso@example.com');
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v1\/shops\/\d+\/orders/.test(r.url())) bodies.push(r.postDataBuffer()?.toString('latin1') ?? '');
  });

  const consent = main.getByRole('checkbox', { name: "Ho letto e accetto le condizioni di noleggio, la politica di cancellazione e l'informativa sulla privacy." });
  // The three pages, linked next to the box, each in its own tab (the form keeps what was typed).
  for (const [name, href] of [
    ['Condizioni di noleggio', '/condizioni'],
    ['Politica di cancellazione', '/cancellazione'],
    ['Informativa sulla privacy', '/privacy'],
  ] as const) {
    await expect(main.locator('#checkout-terms-links').getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const place = main.getByRole('button', { name: "Conferma l'ordine" });
  // The box comes just before the button.
  const [boxBottom, buttonTop] = [(await consent.boundingBox())!, (await place.boundingBox())!];
  expect(boxBottom.y).toBeLessThan(buttonTop.y);

  await place.click();
  const error = main.locator('#checkout-terms-error');
  await expect(error).toHaveText("Per confermare l'ordine accetta le condizioni di noleggio, la politica di cancellazione e l'informativa sulla privacy.");
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(consent).toBeFocused();
  expect(bodies).toEqual([]);
  expect(await violations(page)).toEqual([]);
  await consent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'checkout-terms-error-it.png') });

  await consent.check();
  await place.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toBeVisible();
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toContain('name="terms_version"');
  expect(bodies[0]).toContain(TERMS_VERSION);
});

test('the consent in English and French, and on a desktop', async ({ page, request }) => {
  for (const [lang, label, link] of [
    ['en', 'I have read and accept the rental terms, the cancellation policy and the privacy notice.', 'Cancellation policy'],
    ['fr', "J'ai lu et j'accepte les conditions de location, la politique d'annulation et la politique de confidentialité.", "Politique d'annulation"],
  ] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    const main = await checkout(page, request, 92, lang);
    const consent = main.getByRole('checkbox', { name: label });
    await consent.scrollIntoViewIfNeeded();
    await expect(main.getByRole('link', { name: link })).toHaveAttribute('href', `/${lang}/cancellazione`);
    await page.screenshot({ path: path.join(SHOTS, `checkout-terms-${lang}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  const main = await checkout(page, request, 94);
  await main.getByRole('checkbox', { name: /Ho letto e accetto/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'checkout-terms-desktop.png') });
});

test('the terms and the cancellation policy are pages of the footer, in each language', async ({ page }) => {
  for (const [prefix, footerLink, heading] of [
    ['', 'Condizioni di noleggio', 'Condizioni di noleggio'],
    ['/en', 'Cancellation policy', 'Cancellation and refund policy'],
    ['/fr', 'Conditions de location', 'Conditions de location'],
  ] as const) {
    await page.goto(`${prefix}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: footerLink }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  }
});
