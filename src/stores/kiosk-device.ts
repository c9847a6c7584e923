// What a paired kiosk keeps on the device (token, shop, realtime, fake POS) and whether its public
// screen just placed an order. Apart from stores/kiosk.ts so the API client and the checkout can
// read it without loading the kiosk's pairing and configuration code.
import { atom } from 'nanostores';
import * as z from 'zod/mini';
import { ShopSchema } from '../api/contract/catalogue';
import { RealtimeSettingsSchema } from '../api/contract/kiosk';
import { $configuration } from './configuration';
import { KIOSK_DEVICE_KEY } from './keys';
import { persistentValidated } from './persisted';

/**
 * What a paired kiosk keeps besides the totem settings of spec §3: its own bearer token (apart
 * from any customer session), the shop it belongs to (the configuration's shop may be cleared;
 * this one is where the kiosk always returns), how it reaches the realtime channels, and the
 * configuration's fake-POS switch (the terminal answers OK without being called, spec §7).
 */
const KioskDeviceSchema = z.object({
  /** `Bearer …`, as the API client sends it. */
  token: z._default(z.nullable(z.string()), null),
  shop: z._default(z.nullable(ShopSchema), null),
  realtime: z._default(z.nullable(RealtimeSettingsSchema), null),
  fakePos: z._default(z.boolean(), false),
});
type KioskDevice = z.infer<typeof KioskDeviceSchema>;

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
