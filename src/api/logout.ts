// Ending a session on the server (POST v1/logout): the customer's token, or a kiosk's own when it is
// unpaired. The answer is read through the contract like every other one; the callers forget the
// token locally whatever happens here.
import { MessageResponseSchema } from './contract/auth';

/** POST v1/logout: revokes the token the client sends; answers the translated confirmation. */
export async function revokeToken(): Promise<string> {
  // Loaded on demand: the stores that log out are on every page, the client only when it is used.
  const { api } = await import('./instance');
  return (await api.post('v1/logout', { quiet: true, schema: MessageResponseSchema })).message;
}
