// An admin kiosk's requests about the kiosks of its shop (server/routes/staff/totems.ts): the list
// with pending pairing codes, a new code or a new configuration password (both with this kiosk's
// own password, answered once), cancelling a code, revoking a lost or stolen kiosk, lifting the lock
// wrong passwords put on a kiosk's configuration (with this kiosk's own password). A wrong
// password (422) or too many (429) come back as ApiClientError without a notice: the store says them.
import {
  CancelPairingCodeResponseSchema,
  KioskPasswordResponseSchema,
  PairingCodeResponseSchema,
  RevokeTotemResponseSchema,
  ShopKiosksResponseSchema,
  UnlockTotemResponseSchema,
} from './contract/staff';
import type { ApiClient } from './client';

const kioskPath = (code: string, action: string) => `v1/totems/${encodeURIComponent(code)}/${action}`;

/** GET v1/totems: the kiosks this one may manage, with their pending codes (never the codes). */
export async function listShopKiosks(api: ApiClient) {
  return (await api.get('v1/totems', { schema: ShopKiosksResponseSchema })).data;
}

/** POST v1/totems/{code}/pairing_code with this kiosk's password: the code, shown once, and its end. */
export async function mintPairingCode(api: ApiClient, code: string, password: string) {
  return (await api.post(kioskPath(code, 'pairing_code'), { json: { password }, schema: PairingCodeResponseSchema, quiet: true })).data;
}

/** DELETE v1/totems/{code}/pairing_code: the pending code stops pairing. */
export async function cancelPairingCode(api: ApiClient, code: string) {
  return (await api.delete(kioskPath(code, 'pairing_code'), { schema: CancelPairingCodeResponseSchema })).data;
}

/** POST v1/totems/{code}/revoke: every device of the kiosk, and every pending code for it or made by it, ends. */
export async function revokeKiosk(api: ApiClient, code: string) {
  return (await api.post(kioskPath(code, 'revoke'), { schema: RevokeTotemResponseSchema })).data;
}

/** POST v1/totems/{code}/password with this kiosk's password: the kiosk's new password, shown once. */
export async function newKioskPassword(api: ApiClient, code: string, password: string) {
  return (await api.post(kioskPath(code, 'password'), { json: { password }, schema: KioskPasswordResponseSchema, quiet: true })).data;
}

/** POST v1/totems/{code}/unlock with this kiosk's password: the kiosk's configuration password, locked by wrong guesses, works again. */
export async function unlockKiosk(api: ApiClient, code: string, password: string) {
  return (await api.post(kioskPath(code, 'unlock'), { json: { password }, schema: UnlockTotemResponseSchema, quiet: true })).data;
}
