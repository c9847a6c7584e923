// Shared steps of the kiosk tests: the demo totems (server/README.md "Kiosk demo data"), pairing through the
// UI, reading what the kiosk stored, tapping the footer's code and opening the configuration with it.
import { expect, type Page } from '@playwright/test';
import { hydrated } from './hydration';

export const DEMO = {
  public: { code: 'BARD-KIOSK-10', password: 'Chiosco-10!', totem: 'BARD-01' },
  admin: { code: 'BARD-ADMIN-20', password: 'Admin-20!', totem: 'BARD-02' },
  cashDesk: { code: 'BARD-CASSA-30', password: 'Cassa-30!', totem: 'BARD-03' },
} as const;

/** The screens every kiosk page is checked on: a totem standing upright, and a desk's monitor lying wide. */
export const KIOSK_SCREENS = [
  ['portrait', { width: 1080, height: 1920 }],
  ['landscape', { width: 1920, height: 1080 }],
] as const;

/** Pairs this browser (not yet a kiosk) through /pair and waits for the kiosk's start. */
export async function pair(page: Page, code: string): Promise<void> {
  await page.goto('/pair');
  await hydrated(page);
  await page.getByLabel('Codice di associazione').fill(code);
  await page.getByRole('button', { name: 'Associa il dispositivo' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/pair'), { waitUntil: 'commit' });
  // The kiosk's first page records the day and reloads once (the daily reload): wait for it, or a
  // later step lands on the page being replaced.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('kiosk-reloaded')).catch(() => null))
    .not.toBeNull();
  await page.waitForLoadState('load');
  await hydrated(page);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Stored = { configuration: any; device: any; customerToken: string | null };

export async function kioskState(page: Page): Promise<Stored> {
  return page.evaluate(() => ({
    configuration: JSON.parse(localStorage.getItem('configuration') ?? '{}'),
    device: JSON.parse(localStorage.getItem('totem') ?? '{}'),
    customerToken: localStorage.getItem('auth._token.local'),
  }));
}

/** Taps the totem code in the footer `times` times, as staff do. */
export async function tapCode(page: Page, totem: string, times: number): Promise<void> {
  const link = page.getByRole('contentinfo').getByRole('link', { name: `Chiosco ${totem}` });
  await expect(link).toBeVisible();
  for (let i = 0; i < times; i++) await link.click();
}

/** Opens the configuration of `kiosk` as staff do: five taps on its code, then its password. */
export async function unlockConfiguration(page: Page, kiosk: { totem: string; password: string }): Promise<void> {
  await tapCode(page, kiosk.totem, 5);
  const dialog = page.getByRole('dialog', { name: 'Password di configurazione' });
  await dialog.getByLabel('Password').fill(kiosk.password);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
}
