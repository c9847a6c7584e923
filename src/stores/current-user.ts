// Reading the logged-in user of the stored token (spec §4): what every page's app bar does on a
// reload with a session, apart from the login store (stores/login.ts: the form's request, logout,
// the documents it loads into the cart), which a logged-in page otherwise does not need.
import type { User } from '../api/contract/user';
import { fetchUser as requestUser } from '../api/user';
import { loadApi } from './api-loader';
import { $token, $user } from './session';

/** GET v1/user with the stored token into `$user`; null without a token. */
export async function fetchUser(): Promise<User | null> {
  if (!$token.get()) return null;
  const user = await requestUser(await loadApi());
  $user.set(user);
  return user;
}
