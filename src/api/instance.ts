// The API client the islands use, wired to the stores: language of the page, the session's token,
// the snackbar for errors, logout on a 401.
import { apiBaseUrl } from '../config';
import { toLocale } from '../i18n/index';
import { createApiClient } from './client';
import { $token, clearSession } from '../stores/session';
import { $configuration } from '../stores/configuration';
import { kioskToken } from '../stores/kiosk-device';
import { notify } from '../stores/notifications';
import { loadT } from '../i18n/client';


export function pageLocale() {
  return toLocale(typeof document === 'undefined' ? 'it' : document.documentElement.lang);
}

export const api = createApiClient({
  baseUrl: apiBaseUrl,
  locale: pageLocale,
  // The source atoms, not the computed $session: a computed store nobody listens to can be stale.
  // A kiosk sends its own token and never a customer's (there is no customer login on a kiosk).
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
  // The page's translations (already loaded by the island that made the call).
  networkErrorMessage: () => loadT(pageLocale()).then((t) => t('errors.network')),
});
