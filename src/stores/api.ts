// The API client of the page, wired to the stores: the page's language, the session's token (a
// kiosk sends its own and never a customer's: there is no customer login on a kiosk), the snackbar
// for errors (the server's words, or the key of "no answer": the snackbar translates them), logout
// on a 401. The request functions of src/api take it; the stores that make
// requests pass it (importing it, or loading it on demand through ./api-loader.ts where a page's
// first scripts must not carry it). The stores it reads make no request themselves (the session's
// requests are in ./login.ts, the shop's in ./shop-load.ts), so no import goes round in a circle.
import { apiBaseUrl } from '../config';
import { createApiClient } from '../api/client';
import { isKioskApiServer } from '../domain/kiosk';
import { toLocale, type Locale } from '../domain/locales';
import { $configuration } from './configuration';
import { kioskToken } from './kiosk-device';
import { notify } from './notifications';
import { $token, clearSession } from './session';

/** The language of the page (its `<html lang>`). */
export function pageLocale(): Locale {
  return toLocale(typeof document === 'undefined' ? 'it' : document.documentElement.lang);
}

/**
 * The API's base: a kiosk's `server_url` when staff set one on /totem/configuration, else the
 * site's. Read per request, so a change applies at once. The rule is checked again here: a value
 * stored before it existed (plain http on the shop's network) must not receive the kiosk's token.
 */
export function apiBase(): string {
  const chosen = $configuration.get().totem?.server_url;
  return chosen && isKioskApiServer(chosen) ? chosen : apiBaseUrl;
}

export const api = createApiClient({
  baseUrl: apiBase,
  locale: pageLocale,
  // The source atoms, not the computed $session: a computed store nobody listens to can be stale.
  token: () => ($configuration.get().totem ? kioskToken() : $token.get() || null),
  // A stored token means logged in until the server refuses it: an expired one then logs out
  // with the server's message (spec §8), even before the user was fetched.
  // A kiosk whose token was revoked keeps its settings (staff pair it again behind the password)
  // and shows the server's message.
  isLoggedIn: () => !!($configuration.get().totem ? kioskToken() : $token.get()),
  onUnauthorized: () => {
    if (!$configuration.get().totem) clearSession();
  },
  notifyError: (message) => notify(message, 'error'),
});
