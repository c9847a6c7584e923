// Ending a session on the server (POST v1/logout): the customer's token, or a kiosk's own when it is
// unpaired. The answer is read through the contract like every other one. The callers forget the
// token locally first and send this after, without waiting for the answer: a hanging network must
// not hold a logout (or a kiosk's unpairing) on screen, and an unreachable server cannot use the
// token either.
import type { ApiClient } from './client';
import { MessageResponseSchema } from './contract/auth';

/**
 * The request itself. The client issues the fetch before its first await, so once this has
 * returned the request exists; kept alive across the navigation that follows a logout; silent,
 * since the customer is already logged out here whatever the server says.
 */
function post(api: ApiClient, token: string) {
  return api.post('v1/logout', { token, keepalive: true, quiet: true, quietOffline: true, schema: MessageResponseSchema });
}

/** POST v1/logout with `token` (no longer in the stores): revokes it; answers the translated confirmation. */
export async function revokeToken(api: ApiClient, token: string): Promise<string> {
  return (await post(api, token)).message;
}

/**
 * Revokes `token` for a caller that has already logged out and may leave the page next, with the
 * client `loadClient` loads (on demand: the stores that log out are on every page, the client only
 * when it is used): resolves as soon as the request is on its way, never rejects, never waits for
 * the answer. A keepalive
 * fetch outlives the page once issued, but one not yet issued dies with it: a navigation started
 * while the client module was still being awaited could commit first, and the token stayed valid on
 * the server (seen in CI). So the caller navigates after this resolves.
 */
export async function sendRevocation(loadClient: () => Promise<ApiClient>, token: string | null | undefined): Promise<void> {
  if (!token) return;
  let api: ApiClient;
  try {
    api = await loadClient();
  } catch {
    // The client could not load (offline, not cached): the token is forgotten here all the same.
    return;
  }
  post(api, token).catch(() => undefined);
}
