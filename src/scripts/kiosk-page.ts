// On a kiosk only (loaded by kiosk-mode.ts):
// - the daily reload of spec §4: when the stored last-refresh day (Europe/Rome) is not today, the
//   day is recorded and the page reloads, once. Never a loop: no reload when the day could not be
//   stored (storage full or refused) or when this tab already reloaded for today. Checked again
//   every minute, so a kiosk left open overnight reloads on the new day too (once it is idle). Written through the
//   configuration store, so no island of the page can write the old day back before it unloads;
// - the kiosk stays on its own pages: the home page opens its start (a public kiosk's shop, the
//   cash desk for staff totems), and another shop's booking pages are its own shop's (the shop is
//   fixed on a kiosk);
// - a public kiosk's screens: its type scale, and its start screen on the shop's booking page.
import { TotemTypes } from '../domain/kiosk';
import { kioskHome, kioskShopRedirect, shouldReloadToday } from '../domain/kiosk-screens';
import { todayInRome } from '../domain/dates';
import { localizePath, splitLocale } from '../i18n/index';
import { $configuration } from '../stores/configuration';
import { $kioskDevice } from '../stores/kiosk-device';
import { CONFIGURATION_KEY, KIOSK_RELOADED_KEY } from '../stores/keys';
import { kioskIdle, trackKioskInput } from '../features/kiosk/shared/stores/kiosk-update';

const CHECK_EVERY_MS = 60_000;

function storedLastRefresh(): unknown {
  try {
    return JSON.parse(localStorage.getItem(CONFIGURATION_KEY) ?? 'null')?.lastRefresh;
  } catch {
    return null;
  }
}

/** Records today and reloads the page; false when no reload is due or it could not be recorded. */
export function dailyReload(now: Date = new Date()): boolean {
  const { totem, lastRefresh } = $configuration.get();
  if (!totem || !shouldReloadToday(lastRefresh, now)) return false;
  const today = todayInRome(now);
  try {
    if (sessionStorage.getItem(KIOSK_RELOADED_KEY) === today) return false;
    $configuration.set({ ...$configuration.get(), lastRefresh: today });
    if (storedLastRefresh() !== today) return false;
    sessionStorage.setItem(KIOSK_RELOADED_KEY, today);
  } catch {
    return false;
  }
  location.reload();
  return true;
}

/** The kiosk's own page for this one, or null to stay. */
export function kioskRedirect(pathname: string): string | null {
  const { totem, shop: chosen } = $configuration.get();
  const shop = $kioskDevice.get().shop ?? chosen;
  if (!totem || !shop) return null;
  const { locale, path } = splitLocale(pathname);
  const clean = path.replace(/\/+$/, '') || '/';
  const target = clean === '/' ? kioskHome(totem, shop.slug) : kioskShopRedirect(clean, shop.slug);
  return target ? localizePath(locale, target) : null;
}

if (typeof document !== 'undefined' && !dailyReload()) {
  const target = kioskRedirect(location.pathname);
  if (target) location.replace(target + location.search);
  // A public kiosk's type scale and start screen (features/kiosk/public-kiosk): fetched here only,
  // so no customer's page carries even the test for it.
  else if ($configuration.get().totem?.type === TotemTypes.PUBLIC) void import('../features/kiosk/public-kiosk/public-kiosk-mode');
  // Later in the day the reload waits, as a new build does, until the kiosk is idle: never in the
  // middle of a payment, a dialog or a customer at the counter.
  trackKioskInput();
  setInterval(() => {
    if (kioskIdle()) dailyReload();
  }, CHECK_EVERY_MS);
  // A paired kiosk starts with the line down too (features/kiosk/offline): fetched here only.
  if ($kioskDevice.get().token) void import('../features/kiosk/offline/register');
}
