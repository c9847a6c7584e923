// "Kiosks of this shop" on an admin kiosk's configuration page: a pairing code made with this
// kiosk's password pairs a second device, and revoking that kiosk (a lost tablet) ends the device;
// a configuration locked by ten wrong passwords (a walk-in customer guessing on the public kiosk) is
// unlocked from an admin kiosk's row with that admin kiosk's password. With E2E_SCREENSHOTS=1 it
// also writes the row with its unlock button, and the question it opens, in each language and
// orientation to tests/e2e/__screenshots__/ (shown in src/features/kiosk/README.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { violations } from './axe';
import { hydrated } from './hydration';
import { DEMO, KIOSK_SCREENS, kioskState, pair, unlockConfiguration } from './kiosk-helpers';
import { staffToken } from './kiosk-orders';
import { smallTargets } from './touch-targets';
import { localizePath } from '~/domain/locale-path';

test('an admin kiosk mints a code with its password, a second device pairs with it, then the kiosk is revoked', async ({ page, browser }) => {
  await pair(page, DEMO.admin.code);
  await unlockConfiguration(page, DEMO.admin);
  await expect(page).toHaveURL(/\/totem\/configuration$/);

  const kiosks = page.getByRole('region', { name: 'Chioschi di questo negozio' });
  const publicRow = kiosks.getByRole('row', { name: /BARD-01/ });
  await expect(publicRow).toContainText('nessuno in sospeso');
  expect(await violations(page)).toEqual([]);
  // This kiosk makes no code for itself.
  await expect(kiosks.getByRole('row', { name: /BARD-02/ }).getByRole('button', { name: 'Nuovo codice di associazione' })).toHaveCount(0);

  await publicRow.getByRole('button', { name: 'Nuovo codice di associazione' }).click();
  const ask = page.getByRole('dialog', { name: 'Nuovo codice di associazione' });
  await ask.getByLabel('Password di questo chiosco').fill('sbagliata');
  await ask.getByRole('button', { name: 'Conferma' }).click();
  await expect(ask.getByRole('alert')).toHaveText('Password non corretta');
  await ask.getByLabel('Password di questo chiosco').fill(DEMO.admin.password);
  await ask.getByRole('button', { name: 'Conferma' }).click();
  const shown = page.getByRole('dialog', { name: 'Codice di associazione per BARD-01' });
  const code = (await shown.locator('.shop-kiosks__secret').textContent())!;
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  expect(await violations(page)).toEqual([]);
  await shown.getByRole('button', { name: 'Fatto' }).click();
  await expect(publicRow).toContainText('creato da BARD-02');

  const other = await browser.newContext();
  const device = await other.newPage();
  await pair(device, code);
  await expect(device).toHaveURL(/\/prenota\/bardonecchia-sport-rent$/);
  const token = (await kioskState(device)).device.token as string;
  const settings = () => device.evaluate(async (auth) => (await fetch('/api/v1/totem', { headers: { Authorization: auth } })).status, token);
  expect(await settings()).toBe(200);

  await publicRow.getByRole('button', { name: 'Revoca (perso o rubato)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revocare il chiosco BARD-01?' });
  await expect(confirm).toContainText('crea dopo un nuovo codice di associazione');
  await confirm.getByRole('button', { name: 'Revoca', exact: true }).click();
  await expect(confirm).toBeHidden();
  expect(await settings()).toBe(401);
  await other.close();
});

/** Writes the screen's picture when asked (E2E_SCREENSHOTS=1), as kiosk-public-screen.spec.ts does: a plain run writes nothing. */
const SHOTS = path.join(process.cwd(), 'tests/e2e/__screenshots__');

/** Cells of `table`'s rows that end above or below their row, as `row: cell`. */
const rowsOutOfLine = (table: Locator) =>
  table.evaluate((el) =>
    [...el.querySelectorAll('tr')].flatMap((tr) =>
      [...tr.cells]
        .filter((cell) => Math.abs(cell.getBoundingClientRect().bottom - tr.getBoundingClientRect().bottom) > 1)
        .map((cell) => `${tr.cells[0]?.textContent}: ${cell.textContent}`),
    ),
  );

test("a walk-in customer's ten wrong passwords lock the public kiosk; an admin kiosk unlocks it with its own password", async ({ page, request }) => {
  // BARD-01's own token, as its device sends the footer's password dialog.
  const publicKiosk = await staffToken(request, DEMO.public.code);
  const tryPassword = async (password: string) =>
    (await request.post('/api/v1/totem/password', { headers: { Authorization: publicKiosk }, data: { password } })).status();
  for (let i = 0; i < 10; i++) expect(await tryPassword(`indovino-${i}`)).toBe(422);
  // Locked for everyone: the right password too.
  expect(await tryPassword(DEMO.public.password)).toBe(429);

  await pair(page, DEMO.admin.code);
  await unlockConfiguration(page, DEMO.admin);
  await expect(page).toHaveURL(/\/totem\/configuration$/);

  const kiosks = page.getByRole('region', { name: 'Chioschi di questo negozio' });
  const publicRow = kiosks.getByRole('row', { name: /BARD-01/ });
  // Each row one line across the table: every cell ends where its row does (the actions' cell too).
  expect(await rowsOutOfLine(kiosks)).toEqual([]);
  // Never offered for this kiosk: once locked, another admin kiosk unlocks it.
  await expect(kiosks.getByRole('row', { name: /BARD-02/ }).getByRole('button', { name: 'Sblocca la configurazione' })).toHaveCount(0);
  await publicRow.getByRole('button', { name: 'Sblocca la configurazione' }).click();
  const ask = page.getByRole('dialog', { name: 'Sblocca la configurazione' });
  await expect(ask).toContainText("Troppe password errate bloccano per un po' la configurazione di BARD-01");
  await ask.getByLabel('Password di questo chiosco').fill(DEMO.admin.password);
  expect(await violations(page), 'unlock question').toEqual([]);
  expect(await smallTargets(page), 'unlock question').toEqual([]);
  await ask.getByRole('button', { name: 'Conferma' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText('Configurazione di BARD-01 sbloccata: la sua password funziona di nuovo.')).toBeVisible();
  expect(await tryPassword(DEMO.public.password)).toBe(200);

  if (!process.env.E2E_SCREENSHOTS) return;
  // The row with its button, each language and orientation: the page opened again in that
  // language (the password opened it already; opening takes the access, so it is given back).
  for (const locale of ['it', 'en', 'fr'] as const) {
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('configuration') ?? '{}');
      localStorage.setItem('configuration', JSON.stringify({ ...stored, canSeeConfig: true }));
    });
    await page.goto(localizePath(locale, '/totem/configuration'));
    await hydrated(page);
    const label = JSON.parse(readFileSync(new URL(`../../i18n/${locale}.json`, import.meta.url), 'utf8')).kiosk.shopKiosks.unlock as string;
    const unlockButton = page.locator('section[aria-labelledby=config-kiosks]').getByRole('row', { name: /BARD-01/ }).getByRole('button', { name: label });
    for (const [name, viewport] of KIOSK_SCREENS) {
      await page.setViewportSize(viewport);
      await page.locator('#config-kiosks').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: path.join(SHOTS, `staff-shop-kiosks-unlock-${name}-${locale}.png`), caret: 'hide', animations: 'disabled' });
      await unlockButton.click();
      // Typed (the dots), so its Confirm shows as staff see it before they press it.
      await page.getByRole('dialog').locator('input[type=password]').fill('password');
      await page.screenshot({ path: path.join(SHOTS, `staff-shop-kiosks-unlock-question-${name}-${locale}.png`), caret: 'hide', animations: 'disabled' });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      // The focus goes back to the button: its ring would be in the next picture only.
      await unlockButton.blur();
    }
  }
});
