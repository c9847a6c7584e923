// What a paired kiosk keeps on the device (token, shop, realtime, fake POS) and whether its public
// screen just placed an order. Apart from stores/kiosk.ts so the API client and the checkout can
// read it without loading the kiosk's pairing and configuration code.
import { atom } from 'nanostores';
import { KioskDeviceSchema, type KioskDevice } from './configuration-schema';
import { $configuration } from './configuration';
import { KIOSK_DEVICE_KEY } from './keys';
import { persistentValidated } from './persisted';

export const emptyDevice = (): KioskDevice => KioskDeviceSchema.parse({});

export const $kioskDevice = persistentValidated(KIOSK_DEVICE_KEY, KioskDeviceSchema, emptyDevice);

/** True once a public kiosk placed an order: the screen then returns to its start sooner. */
export const $kioskOrderPlaced = atom(false);

/** The token the API client sends on a kiosk (`Bearer …`), or null when this is no kiosk. */
export function kioskToken(): string | null {
  return $configuration.get().totem ? $kioskDevice.get().token : null;
}

export function markKioskOrderPlaced(): void {
  if ($configuration.get().totem) $kioskOrderPlaced.set(true);
}
