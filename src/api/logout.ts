// Ending a session on the server (POST v1/logout): the customer's token, or a kiosk's own when it is
// unpaired. The answer is read through the contract like every other one. The callers forget the
// token locally first and send this after, without waiting: a hanging network must not hold a
// logout (or a kiosk's unpairing) on screen, and an unreachable server cannot use the token either.
import { MessageResponseSchema } from './contract/auth';

/**
 * POST v1/logout with `token` (no longer in the stores): revokes it; answers the translated
 * confirmation. Kept alive across the navigation that follows a logout; silent, since the customer
 * is already logged out here whatever the server says.
 */
export async function revokeToken(token: string): Promise<string> {
  // Loaded on demand: the stores that log out are on every page, the client only when it is used.
  const { api } = await import('./instance');
  return (await api.post('v1/logout', { token, keepalive: true, quiet: true, quietOffline: true, schema: MessageResponseSchema })).message;
}

/** revokeToken for a caller that has already logged out: settles when the server answered or could not. */
export function revokeTokenQuietly(token: string | null | undefined): Promise<void> {
  return token ? revokeToken(token).then(
    () => undefined,
    () => undefined,
  ) : Promise.resolve();
}
