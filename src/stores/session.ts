// The customer's session (spec §3, §4): user, loggedIn, token. The token is stored with its
// `Bearer ` prefix under the auth module's keys (auth._token.local, auth._refresh_token.local) and
// mirrored in a cookie on path /; a reset clears user and token and drops the user's stored
// documents from the cart. The requests that log in and out and read the user are in ./login.ts:
// the API client (./api.ts) reads this store, so this one makes none.
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import type { User } from '../api/contract/user';
import { AUTH_TOKEN_TYPE } from '../domain/auth';
import { tokenCookie } from '../domain/cookies';
import { dropStoredUserMedias } from './cart';
import { WAKE_ISLANDS_EVENT } from '../scripts/island-events';

export const TOKEN_KEY = 'auth._token.local';
export const REFRESH_TOKEN_KEY = 'auth._refresh_token.local';

/** `Bearer …`, or undefined (then the key is removed from storage). */
export const $token = persistentAtom<string | undefined>(TOKEN_KEY, undefined);
export const $user = atom<User | null>(null);

/**
 * The login sheet (spec §4): closed or open; `enableLater` is true when a page asked for a login
 * (require-login) and false when the visitor pressed the button. Kept here rather than in the app
 * bar, which hydrates lazily: a page that needs a login before the app bar is awake still gets it.
 */
export const $loginDialog = atom<{ open: boolean; enableLater: boolean }>({ open: false, enableLater: false });

/** The login button. */
export function openLogin(): void {
  $loginDialog.set({ open: true, enableLater: false });
}

/** A page that needs a logged-in customer; nothing happens for one who has a token already. */
export function requireLogin(): void {
  if ($token.get()) return;
  $loginDialog.set({ open: true, enableLater: true });
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(WAKE_ISLANDS_EVENT));
}

/** Success, dismissal, or a route change (hide-login). */
export function hideLogin(): void {
  if ($loginDialog.get().open) $loginDialog.set({ open: false, enableLater: false });
}

export const $session = computed([$token, $user], (token, user) => ({
  token: token || null,
  user,
  loggedIn: !!token && !!user,
}));

/** Secure (except on http://localhost) and SameSite=Strict: src/domain/cookies.ts says why. */
function writeCookie(name: string, value: string | null) {
  if (typeof document === 'undefined') return;
  document.cookie = tokenCookie(name, value, location);
}

export function saveToken(rawToken: string): void {
  const token = `${AUTH_TOKEN_TYPE} ${rawToken}`;
  $token.set(token);
  writeCookie(TOKEN_KEY, token);
  writeCookie(REFRESH_TOKEN_KEY, null);
}

/** Logout or reset: forgets user and token and drops the user's stored documents from the cart. */
export function clearSession(): void {
  $token.set(undefined);
  $user.set(null);
  writeCookie(TOKEN_KEY, null);
  dropStoredUserMedias();
}
