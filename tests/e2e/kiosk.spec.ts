// Kiosk part 1: pairing through the UI, totem mode (no login controls, even in the
// static HTML), the footer's code and the shop's logo, the route guards, configuration behind five
// taps and the password, its clears, the daily reload, and a public kiosk's self-service order.
import { expect, test } from '@playwright/test';
import { hydrated } from './hydration';
import { DEMO, kioskState, pair, tapCode, unlockConfiguration } from './kiosk-helpers';
import { terminal } from './kiosk-orders';
import { addDays, DateModes, todayInRome } from '~/domain/dates';

const BARD = 'bardonecchia-sport-rent';

test('each demo totem type pairs by its code and opens its start; re-pairing asks the password first', async ({ page }) => {
  await pair(page, DEMO.public.code);
  await expect(page).toHaveURL(new RegExp(`/prenota/${BARD}$`));
  let state = await kioskState(page);
  expect(state.configuration.totem).toMatchObject({ type: 10, code: 'BARD-01', data_security_user_optional: false, pos: null });
  expect(state.configuration.shop.slug).toBe(BARD);
  // The kiosk's token is its own, apart from any customer session.
  expect(state.device.token).toMatch(/^Bearer [A-Za-z0-9_-]{20,}$/);
  expect(state.customerToken).toBeNull();

  // Already a kiosk: the code field comes only after the configuration password.
  await page.goto('/pair');
  await hydrated(page);
  await expect(page.getByLabel('Codice di associazione')).toHaveCount(0);
  const main = page.getByRole('main');
  await main.getByLabel('Password').fill('sbagliata');
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(main.getByLabel('Password')).toBeVisible();
  await expect(page.getByLabel('Codice di associazione')).toHaveCount(0);
  await main.getByLabel('Password').fill(DEMO.public.password);
  await page.getByRole('button', { name: 'Continua' }).click();
  await page.getByLabel('Codice di associazione').fill(DEMO.admin.code);
  await page.getByRole('button', { name: 'Associa il dispositivo' }).click();
  await expect(page).toHaveURL(/\/totem\/cash-desk$/);
  await expect(page.getByRole('heading', { name: 'Cassa' })).toBeVisible();
  state = await kioskState(page);
  expect(state.configuration.totem).toMatchObject({ type: 20, code: 'BARD-02' });

  await page.goto('/en/pair');
  await hydrated(page);
  await main.getByLabel('Password').fill(DEMO.admin.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Pairing code').fill(` ${DEMO.cashDesk.code.toLowerCase()} `);
  await page.getByRole('button', { name: 'Pair this device' }).click();
  await expect(page).toHaveURL(/\/en\/totem\/cash-desk$/);
  state = await kioskState(page);
  expect(state.configuration.totem).toMatchObject({ type: 30, code: 'BARD-03', pos: terminal.url });
});

test('a wrong pairing code is refused under the field', async ({ page }) => {
  await page.goto('/pair');
  await hydrated(page);
  const code = page.getByLabel('Codice di associazione');
  await page.getByRole('button', { name: 'Associa il dispositivo' }).click();
  await expect(code).toHaveAccessibleDescription('Campo obbligatorio');
  await code.fill('NON-ESISTE');
  await page.getByRole('button', { name: 'Associa il dispositivo' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription('Valore non valido');
  await expect(code).toBeFocused();
  expect((await kioskState(page)).configuration.totem ?? null).toBeNull();
});

test('totem mode: no login control in the static HTML or after hydration, the footer code and the shop logo', async ({ page }) => {
  await pair(page, DEMO.public.code);
  // The static HTML as it is before any island runs (their scripts held back): no login button,
  // no site or shop footer, already at the first paint.
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto('/noleggio/bardonecchia-sport-rent/');
  await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accedi' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.unroute('**/_astro/*.js');
  await page.goto('/noleggio/bardonecchia-sport-rent/');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Accedi' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Ciao/ })).toHaveCount(0);
  const footer = page.getByRole('contentinfo', { name: 'Chiosco' });
  await expect(footer.getByRole('link', { name: 'Chiosco BARD-01' })).toBeVisible();
  // One footer: the kiosk's (the network and shop footers are not shown on a kiosk).
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('img', { name: 'Bardonecchia Sport Rent' })).toBeVisible();
  // The shop is fixed: no selector.
  await expect(page.getByRole('button', { name: /Cambia negozio|Scegli il negozio/ })).toHaveCount(0);
  // A public kiosk has no orders chip and no kiosk menu.
  await expect(page.getByRole('link', { name: 'Ordini', exact: true })).toHaveCount(0);
  await expect(footer.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  // Its home is its shop; another shop's booking pages are its own shop's.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/prenota/${BARD}$`));
  await page.goto('/prenota/sport-noleggio-sestriere/calendar');
  await expect(page).toHaveURL(new RegExp(`/prenota/${BARD}/calendar$`));
});

test('an admin totem: orders chip to the cash desk list, the kiosk menu with cash desk, delivery and pickup', async ({ page }) => {
  await pair(page, DEMO.cashDesk.code);
  await page.goto(`/prenota/${BARD}`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Ordini', exact: true }).click();
  await expect(page).toHaveURL(/\/totem\/cash-desk$/);
  await hydrated(page);
  await expect(page.getByRole('search')).toBeVisible();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Menu del chiosco' });
  await expect(sheet.getByRole('link')).toHaveText(['Cassa', 'Consegna', 'Ritiro', 'Nuova prenotazione']);
  await sheet.getByRole('link', { name: 'Consegna' }).click();
  await expect(page).toHaveURL(/\/totem\/delivery$/);
});

test('route guards: no totem → home from every kiosk page; a public kiosk → its home from the admin pages', async ({ page }) => {
  const pages = ['/totem/board', '/totem/cash-desk', '/totem/cash-desk/4f1c7a', '/totem/configuration', '/totem/delivery', '/totem/inventory', '/totem/pickup', '/totem/products', '/totem/products/S06-SCI-BASE-01', '/totem/push_in_queue'];
  for (const path of pages) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/localhost:\d+\/$/);
  }
  await page.goto('/fr/totem/delivery');
  await expect(page).toHaveURL(/\/fr\/$/);

  await pair(page, DEMO.public.code);
  for (const path of ['/totem/cash-desk', '/totem/delivery', '/totem/pickup', '/totem/inventory', '/totem/products/S06-SCI-BASE-01', '/totem/configuration']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`/prenota/${BARD}$`));
  }
});

test('configuration: four taps do nothing, five taps and a wrong password do nothing, the right one opens it', async ({ page }) => {
  await pair(page, DEMO.cashDesk.code);
  const url = page.url();
  await tapCode(page, 'BARD-03', 4);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(url);

  await tapCode(page, 'BARD-03', 1); // the fifth within 30 s
  const dialog = page.getByRole('dialog', { name: 'Password di configurazione' });
  await expect(dialog).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/totem/password'));
  await dialog.getByLabel('Password').fill('Cassa-31!');
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  expect((await answered).status()).toBe(422);
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('.snackbar')).toHaveCount(0);
  await expect(page).toHaveURL(url);
  expect((await kioskState(page)).configuration.canSeeConfig).toBe(false);

  await dialog.getByLabel('Password').fill(DEMO.cashDesk.password);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(page).toHaveURL(/\/totem\/configuration$/);
  await expect(page.getByRole('heading', { name: 'Questo chiosco' })).toBeVisible();
  // The access was taken when the page opened: a reload needs the password again.
  expect((await kioskState(page)).configuration.canSeeConfig).toBe(false);
  await page.reload();
  await expect(page).toHaveURL(/\/totem\/cash-desk$/);
});

test('configuration clear keeps the kiosk (and the shop unless asked); full clear unpairs the device', async ({ page }) => {
  await pair(page, DEMO.cashDesk.code);
  const openConfiguration = async () => {
    await unlockConfiguration(page, DEMO.cashDesk);
    await expect(page.getByRole('heading', { name: 'Questo chiosco' })).toBeVisible();
  };
  // Days ahead of today (Bardonecchia rents all year): past days would be dropped on reading.
  const dates = [addDays(todayInRome(), 40), addDays(todayInRome(), 42)];
  const setDates = () =>
    page.evaluate(
      ({ multipleDates, dates }) => {
        const stored = JSON.parse(localStorage.getItem('configuration')!);
        localStorage.setItem('configuration', JSON.stringify({ ...stored, multipleDates, dates, askedFidelityCards: ['FID-0001'] }));
      },
      { multipleDates: DateModes.RANGE, dates },
    );

  await setDates();
  // Written behind the stores' back: a reload makes the page's stores read it.
  await page.reload();
  await hydrated(page);
  await openConfiguration();
  // The local settings: the terminal's host is checked, the fake-POS switch kept.
  await page.getByLabel('Indirizzo del terminale di pagamento (POS)').fill('pos-cassa');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByLabel('Indirizzo del terminale di pagamento (POS)')).toHaveAccessibleDescription(/inizi con http/);
  await page.getByLabel('Indirizzo del terminale di pagamento (POS)').fill('http://192.168.1.20:4323');
  await page.getByLabel('POS simulato').check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Impostazioni salvate')).toBeVisible();
  let state = await kioskState(page);
  expect(state.configuration.totem.pos).toBe('http://192.168.1.20:4323');
  expect(state.device.fakePos).toBe(true);

  // Clear, answering no first.
  await page.getByRole('button', { name: 'Azzera la configurazione' }).click();
  await page.getByRole('dialog', { name: 'Azzerare la configurazione?' }).getByRole('button', { name: 'Annulla' }).click();
  expect((await kioskState(page)).configuration.dates).toHaveLength(2);
  await page.getByRole('button', { name: 'Azzera la configurazione' }).click();
  await page.getByRole('dialog', { name: 'Azzerare la configurazione?' }).getByRole('button', { name: 'Azzera la configurazione' }).click();
  state = await kioskState(page);
  expect(state.configuration).toMatchObject({ dates: [], multipleDates: DateModes.SINGLE, askedFidelityCards: [], shop: { slug: BARD }, totem: { code: 'BARD-03' } });

  await page.getByLabel('Azzera anche il negozio').check();
  await page.getByRole('button', { name: 'Azzera la configurazione' }).click();
  await page.getByRole('dialog', { name: 'Azzerare la configurazione?' }).getByRole('button', { name: 'Azzera la configurazione' }).click();
  state = await kioskState(page);
  expect(state.configuration.shop).toBeNull();
  expect(state.configuration.totem.code).toBe('BARD-03');

  // Full clear: the device is unpaired, its token revoked on the server and forgotten here.
  const token = state.device.token;
  await page.getByRole('button', { name: 'Scollega il dispositivo' }).click();
  await page.getByRole('dialog', { name: 'Scollegare il dispositivo?' }).getByRole('button', { name: 'Scollega il dispositivo' }).click();
  await expect(page).toHaveURL(/\/pair$/);
  state = await kioskState(page);
  expect(state.configuration.totem ?? null).toBeNull();
  expect(state.device.token ?? null).toBeNull();
  // Told to the server after the page moved on (a keepalive request), so it lands a moment later.
  await expect.poll(async () => (await page.request.get('/api/v1/totem', { headers: { Authorization: token } })).status()).toBe(401);
  await page.goto('/totem/cash-desk');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('kiosk persistence: lastRefresh and morning are kept on a kiosk only; ref is not', async ({ page }) => {
  await page.goto('/?forced_ref=partner-1');
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem('ref'))).toBe('partner-1');
  await pair(page, DEMO.public.code);
  expect(await page.evaluate(() => localStorage.getItem('ref'))).toBeNull();
  await page.goto(`/prenota/${BARD}?forced_ref=partner-2`);
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem('ref'))).toBeNull();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('configuration')!));
  expect(Object.keys(stored)).toEqual(expect.arrayContaining(['lastRefresh', 'morning', 'totem']));
});
