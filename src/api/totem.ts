// The kiosk's own requests (spec §5, §6): pairing this device with a code (POST v1/pair answers the
// totem settings and the kiosk's token), checking its configuration password, and reading its
// settings again.
import { PairResponseSchema, TotemPasswordResponseSchema, TotemResponseSchema } from './contract/staff';
import type { ApiClient } from './client';

/** POST v1/pair: the settings, shop and realtime settings, and the kiosk's token (422 on `code`). */
export async function pairTotem(api: ApiClient, code: string) {
  return (await api.post('v1/pair', { json: { code }, schema: PairResponseSchema })).data;
}

/** POST v1/totem/password: resolves when the server accepts it; 422 (wrong) and 429 without a notice. */
export async function checkTotemPassword(api: ApiClient, password: string): Promise<void> {
  await api.post('v1/totem/password', { json: { password }, schema: TotemPasswordResponseSchema, quiet: true });
}

/** GET v1/totem: the kiosk's settings, its shop and realtime settings as the back office has them now. */
export async function fetchTotem(api: ApiClient) {
  return (await api.get('v1/totem', { schema: TotemResponseSchema })).data;
}
