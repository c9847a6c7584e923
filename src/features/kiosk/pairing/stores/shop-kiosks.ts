// The configuration page's "kiosks of this shop" (admin kiosks): the list with each kiosk's pending
// pairing code, and what staff do to a kiosk: a new pairing code or a new configuration password
// (each asking this kiosk's own password, and answering the secret once: it is kept nowhere here),
// cancelling a pending code, revoking a lost or stolen kiosk (its devices and every pending code for
// it or made by it end: the replacement code is made after), lifting the lock wrong passwords put on
// a kiosk's configuration (a walk-in customer's guesses on a public kiosk; with this kiosk's own
// password). Each action reads the list again.
import { atom } from 'nanostores';
import { ApiClientError } from '~/api/client';
import type { ShopKiosk } from '~/api/contract/staff';
import { cancelPairingCode, listShopKiosks, mintPairingCode, newKioskPassword, revokeKiosk, unlockKiosk } from '~/api/shop-kiosks';
import { loadApi } from '~/stores/api-loader';
import { errorMessage } from '~/api/errors';
import type { ShownMessage } from '~/domain/messages';

export type { ShopKiosk } from '~/api/contract/staff';

const HTTP_UNPROCESSABLE = 422;

export interface ShopKiosksState {
  state: 'loading' | 'ready' | 'error';
  kiosks: ShopKiosk[];
}

export const $shopKiosks = atom<ShopKiosksState>({ state: 'loading', kiosks: [] });

/**
 * What an action came to: the secret to show once, or why not. `wrongPassword`: this kiosk's
 * password was not right (the island says so and asks again); `failed`: the server's message
 * (too many tries, not allowed…) or, with none, no answer.
 */
export type KioskActionOutcome =
  | { kind: 'pairingCode'; totem: string; code: string; expiresAt: string }
  | { kind: 'password'; totem: string; password: string }
  | { kind: 'cancelled'; totem: string }
  | { kind: 'revoked'; totem: string; devices: number; codes: number }
  | { kind: 'unlocked'; totem: string }
  | { kind: 'wrongPassword' }
  | { kind: 'failed'; message: ShownMessage };


/** Reads the list; a failure keeps the rows shown and marks the list as not read. */
export async function loadShopKiosks(): Promise<void> {
  $shopKiosks.set({ ...$shopKiosks.get(), state: 'loading' });
  try {
    $shopKiosks.set({ state: 'ready', kiosks: await listShopKiosks(await loadApi()) });
  } catch {
    $shopKiosks.set({ ...$shopKiosks.get(), state: 'error' });
  }
}

async function act(work: () => Promise<KioskActionOutcome>): Promise<KioskActionOutcome> {
  let outcome: KioskActionOutcome;
  try {
    outcome = await work();
  } catch (err) {
    if (err instanceof ApiClientError && err.status === HTTP_UNPROCESSABLE && err.errors.password) return { kind: 'wrongPassword' };
    return { kind: 'failed', message: errorMessage(err) };
  }
  await loadShopKiosks();
  return outcome;
}

/** A new one-time pairing code for kiosk `totem` (never this one), with this kiosk's password. */
export function newPairingCode(totem: string, password: string): Promise<KioskActionOutcome> {
  return act(async () => {
    const issued = await mintPairingCode(await loadApi(), totem, password);
    return { kind: 'pairingCode', totem: issued.totem, code: issued.pairing_code, expiresAt: issued.expires_at };
  });
}

/** Kiosk `totem`'s pending code stops pairing. */
export function cancelKioskCode(totem: string): Promise<KioskActionOutcome> {
  return act(async () => ({ kind: 'cancelled', totem: (await cancelPairingCode(await loadApi(), totem)).totem }));
}

/** A lost or stolen kiosk: its devices and its pending codes (for it or made by it) end. */
export function revokeShopKiosk(totem: string): Promise<KioskActionOutcome> {
  return act(async () => {
    const ended = await revokeKiosk(await loadApi(), totem);
    return { kind: 'revoked', totem: ended.totem, devices: ended.revoked, codes: ended.codes_cancelled };
  });
}

/** A new random configuration password for kiosk `totem` (this one included), with this kiosk's password. */
export function rotateKioskPassword(totem: string, password: string): Promise<KioskActionOutcome> {
  return act(async () => {
    const fresh = await newKioskPassword(await loadApi(), totem, password);
    return { kind: 'password', totem: fresh.totem, password: fresh.password };
  });
}

/** Kiosk `totem`'s configuration, locked by too many wrong passwords, opens again with its right one; with this kiosk's password. */
export function unlockShopKiosk(totem: string, password: string): Promise<KioskActionOutcome> {
  return act(async () => ({ kind: 'unlocked', totem: (await unlockKiosk(await loadApi(), totem, password)).totem }));
}
