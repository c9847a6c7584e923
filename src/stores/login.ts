// Logging in and out (spec §4): the session's requests (reading the user: ./current-user.ts). Login
// saves the token, fetches the user and loads up to two of the user's stored documents into the cart;
// logout forgets the session here at once and tells the server after (a kiosk's unpairing too).
import { atom } from 'nanostores';
import type { User } from '../api/contract/user';
import { sendRevocation } from '../api/logout';
import { logIn, type LoginValues } from '../api/user';
import { loadApi } from './api-loader';
import { loadUserMedias } from './cart';
import { fetchUser } from './current-user';
import { $token, clearSession, saveToken } from './session';

/** True while a login request is in flight (the dialog's spinner). */
export const $loginLoading = atom(false);

/**
 * Logs in; a 422 is rethrown for the form to show its field errors, any other failure only clears
 * the spinner (spec §8). Resolves with the user on success.
 */
export async function login(payload: LoginValues): Promise<User> {
  $loginLoading.set(true);
  try {
    saveToken(await logIn(await loadApi(), payload));
    const user = (await fetchUser())!;
    loadUserMedias(user.medias);
    return user;
  } finally {
    $loginLoading.set(false);
  }
}

/**
 * Tells the server to end `token` (a customer's, or a kiosk's own when it is unpaired), already
 * forgotten here (src/api/logout.ts): resolves once the request is on its way, never rejects.
 */
export function revokeLater(token: string | null | undefined): Promise<void> {
  return sendRevocation(loadApi, token);
}

/**
 * Logged out at once, here; the server is told after. Resolves once the revocation is on its way
 * (not answered), never rejects: a caller that leaves the page does so after this, so the request
 * is not lost with the page.
 */
export function logout(): Promise<void> {
  const token = $token.get();
  clearSession();
  return revokeLater(token);
}
