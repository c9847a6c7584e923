// The kiosk ("totem") of spec §4 and §6: the configuration password (checked by the server, never
// shipped in the site), the settings the configuration page edits, its clears, and the end of a
// customer's turn on a public kiosk. The device's own bearer token lives here, apart from any
// customer session: on a kiosk the API client sends only it. Pairing and unpairing the device are
// in ./kiosk-pairing.ts, loaded by /pair and the configuration page only.
import { computed } from 'nanostores';
import { ApiClientError } from '../api/client';
import { ShopSchema } from '../api/contract/catalogue';
import { TotemSchema } from '../api/contract/kiosk';
import { checkTotemPassword, fetchTotem } from '../api/totem';
import { loadApi } from './api-loader';
import { TotemPages, TotemTypes } from '../domain/kiosk';
import { KIOSK_CONFIRMATION_RESET_MS, KIOSK_IDLE_RESET_MS, kioskHome, mayOpenTotemPage, totemPageOf } from '../domain/kiosk-screens';
import { $configuration, clearConfiguration } from './configuration';
import { $cart, clearCart } from './cart';
import { $kioskDevice, $kioskOrderPlaced } from './kiosk-device';
import { apiServerUrl, httpUrl } from '../domain/validators';
import type { I18nMessage } from '../domain/messages';
import { DEFAULT_LOCALE, type Locale } from '../domain/locales';

export { $kioskDevice } from './kiosk-device';

/** The totem settings of spec §3, or null when this browser is no kiosk. */
export const $totem = computed($configuration, (configuration) => configuration.totem);

/** Where this kiosk starts (without locale prefix); null when it is no kiosk or lost its shop. */
export function kioskHomePath(): string | null {
  const totem = $configuration.get().totem;
  const shop = $kioskDevice.get().shop ?? $configuration.get().shop;
  return totem && shop ? kioskHome(totem, shop.slug) : null;
}

/**
 * The configuration password (spec §5): true only for a non-empty password the server accepts.
 * A wrong one is false, silently (no notice: the dialog shows nothing); no answer rejects.
 */
export async function checkKioskPassword(password: string): Promise<boolean> {
  if (!password) return false;
  try {
    await checkTotemPassword(await loadApi(), password);
    return true;
  } catch (err) {
    if (err instanceof ApiClientError && (err.status === 422 || err.status === 429)) return false;
    throw err;
  }
}

/**
 * /pair on a device that already is a kiosk: its configuration password guards a re-pair. When the
 * server no longer knows this kiosk's token (staff revoked it: a stolen or replaced tablet), the
 * password cannot be checked and guards nothing the device still holds: the new pairing code staff
 * type next is the credential, so the form opens. A wrong password is false; no answer rejects.
 */
export async function unlockPairing(password: string): Promise<boolean> {
  try {
    return await checkKioskPassword(password);
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 401) return true;
    throw err;
  }
}

/** Five taps, then the right password: the configuration may open (spec §4). */
export async function unlockConfiguration(password: string): Promise<boolean> {
  const accepted = await checkKioskPassword(password);
  if (accepted) $configuration.set({ ...$configuration.get(), canSeeConfig: true });
  return accepted;
}

/**
 * The configuration page takes its access when it opens: `canSeeConfig` is dropped at once, so
 * leaving the page by any way (a link, a reload, a crash) needs the password again.
 */
export function takeConfigurationAccess(): boolean {
  const { canSeeConfig } = $configuration.get();
  if (canSeeConfig) $configuration.set({ ...$configuration.get(), canSeeConfig: false });
  return canSeeConfig;
}

export interface KioskSettings {
  pos: string | null;
  server_url: string | null;
  fakePos: boolean;
}

/** Why a setting was refused, by field; empty when the settings were saved. */
export type KioskSettingsErrors = Partial<Record<'pos' | 'server_url', I18nMessage>>;

/**
 * The configuration's local settings: the payment terminal's host, the server URL, fake POS. A
 * wrong address is refused and nothing is saved: the previous settings stay in use. The payment
 * terminal is on the shop's network (plain http is its way); the API server receives the kiosk's
 * token, so https or the device itself only (the API client checks it again on every request).
 */
export function saveKioskSettings(settings: KioskSettings): KioskSettingsErrors {
  const totem = $configuration.get().totem;
  if (!totem) return {};
  const errors: KioskSettingsErrors = {};
  const pos = httpUrl(settings.pos);
  if (pos !== true) errors.pos = pos;
  const serverUrl = apiServerUrl(settings.server_url);
  if (serverUrl !== true) errors.server_url = serverUrl;
  if (errors.pos || errors.server_url) return errors;
  $configuration.set({ ...$configuration.get(), totem: { ...totem, pos: settings.pos, server_url: settings.server_url } });
  $kioskDevice.set({ ...$kioskDevice.get(), fakePos: settings.fakePos });
  return {};
}

/** Reads the kiosk's settings and shop again from the server (after a change in the back office). */
export async function reloadKioskSettings(): Promise<void> {
  const { shop: serverShop, realtime, ...settings } = await fetchTotem(await loadApi());
  const shop = ShopSchema.parse(serverShop);
  $configuration.set({ ...$configuration.get(), totem: TotemSchema.parse(settings), shop });
  $kioskDevice.set({ ...$kioskDevice.get(), shop, realtime });
}

/** Configuration clear (spec §4): dates, mode, products… and the shop when asked; the kiosk stays. */
export function clearKioskConfiguration(resetShop: boolean): void {
  clearConfiguration({ resetShop });
}

/** A public kiosk's customer is done (or walked away): nothing of theirs stays for the next one. */
export function endKioskTurn(): void {
  clearCart();
  clearConfiguration();
  $kioskOrderPlaced.set(false);
}

/**
 * A kiosk page opens (spec §2 middleware `totem`, `totem-admin`): may this browser stay? The
 * configuration also takes its one-time access (takeConfigurationAccess). `path` has no locale.
 */
export function enterTotemPage(path: string): boolean {
  const { totem } = $configuration.get();
  if (!totem) return false;
  if (totemPageOf(path) === TotemPages.CONFIGURATION) return takeConfigurationAccess();
  return mayOpenTotemPage(path, totem);
}

/** How long a public kiosk waits before its idle reset; null on any other browser (staff screens stay). */
export function kioskIdleTimeout(): number | null {
  if ($configuration.get().totem?.type !== TotemTypes.PUBLIC) return null;
  return $kioskOrderPlaced.get() ? KIOSK_CONFIRMATION_RESET_MS : KIOSK_IDLE_RESET_MS;
}

/**
 * The public kiosk was left alone: ends the turn and answers where to go (the start screen, in the
 * site's default language: the next walk-in customer does not inherit the last one's), or null when
 * there is nothing of a customer to clear (already at the start in that language, nothing chosen).
 */
export function resetIdleKiosk(currentPath: string, locale: Locale = DEFAULT_LOCALE): string | null {
  const home = kioskHomePath();
  if (!home) return null;
  const { dates } = $configuration.get();
  const clean = currentPath.replace(/\/+$/, '') || '/';
  const untouched =
    clean === home && locale === DEFAULT_LOCALE && $cart.get().products.length === 0 && dates.length === 0 && !$kioskOrderPlaced.get();
  if (untouched) return null;
  endKioskTurn();
  return home;
}

/** What counts as somebody using the kiosk. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/**
 * Calls `onIdle` once nobody used the page for `timeout()` ms (read again at each activity, so the
 * shorter wait after an order applies at once). Returns the stop function.
 */
export function watchIdle(target: EventTarget, timeout: () => number | null, onIdle: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    const ms = timeout();
    if (ms !== null) timer = setTimeout(onIdle, ms);
  };
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, arm, { passive: true, capture: true });
  const unlisten = $kioskOrderPlaced.listen(arm);
  arm();
  return () => {
    clearTimeout(timer);
    unlisten();
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, arm, { capture: true });
  };
}
