// The checkout's consent to the rental terms, the cancellation policy and the privacy notice: a
// required checkbox with the three pages linked just before "Conferma l'ordine"; unticked, the
// order is not sent and the message stands under the box; ticked, the order is placed and carries
// the terms' version. Screenshots of the consent (it/en/fr at 390×844, one desktop) for the
// checkout's README; axe clean with its error shown.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { violations } from './axe';
import { TERMS_VERSION } from '~/domain/terms';
import { checkoutWithSnowshoes, fillContact } from './checkout-helpers';

const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');
const checkout = checkoutWithSnowshoes;

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

test('terms changed since the page loaded: the API refuses the old version and the message stands under the box', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const main = await checkout(page, request, 96);
  await fillContact(main);
  // A page loaded before a new version of the terms was published sends the version it showed.
  await page.route(/\/api\/v1\/shops\/\d+\/orders/, (route) =>
    route.request().method() === 'POST'
      ? route.continue({ postData: Buffer.from(route.request().postDataBuffer()!.toString('latin1').replace(TERMS_VERSION, '2000-01-01'), 'latin1') })
      : route.continue(),
  );
  const consent = main.getByRole('checkbox', { name: /Ho letto e accetto/ });
  await consent.check();
  await main.getByRole('button', { name: "Conferma l'ordine" }).click();
  await expect(main.locator('#checkout-terms-error')).toHaveText(/condizioni di noleggio sono cambiate/);
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(consent).toBeFocused();
  await expect(consent).not.toBeChecked();
  await expect(main.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Ordine confermato' })).toHaveCount(0);
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
