// "Kiosks of this shop" on an admin kiosk's configuration page: a pairing code made with this
// kiosk's password pairs a second device, and revoking that kiosk (a lost tablet) ends the device.
import { expect, test } from '@playwright/test';
import { violations } from './axe';
import { DEMO, kioskState, pair, tapCode } from './kiosk-helpers';

test('an admin kiosk mints a code with its password, a second device pairs with it, then the kiosk is revoked', async ({ page, browser }) => {
  await pair(page, DEMO.admin.code);
  await tapCode(page, DEMO.admin.totem, 5);
  const unlock = page.getByRole('dialog', { name: 'Password di configurazione' });
  await unlock.getByLabel('Password').fill(DEMO.admin.password);
  await unlock.getByRole('button', { name: 'Conferma' }).click();
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
