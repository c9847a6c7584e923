// Pairing this device to a shop's kiosk (POST v1/pair) and unpairing it, for /pair and the
// configuration page only: apart from stores/kiosk.ts, which every kiosk screen and the checkout
// load. Both start from a device that remembers nothing of the kiosk's customers
// (stores/kiosk-forget.ts), and neither drops work only this device can finish: unpairing waits
// until staff settle it, and pairing hands it over only to the same kiosk of the same shop.
import { ShopSchema } from '~/api/contract/catalogue';
import { TotemSchema } from '~/api/contract/kiosk';
import { pairTotem } from '~/api/totem';
import { AUTH_TOKEN_TYPE } from '~/domain/auth';
import { kioskHome } from '~/domain/kiosk-screens';
import { mayTakeOverWork } from '~/domain/kiosk-pending';
import { $configuration } from '~/stores/configuration';
import { $kioskDevice, emptyDevice } from '~/stores/kiosk-device';
import { forgetKioskData, kioskIdentity, KioskWorkPendingError, PENDING_WORK_KEYS, pendingKioskWork, type PendingKioskItem } from './kiosk-forget';
import { loadApi } from '~/stores/api-loader';
import { revokeLater } from '~/stores/login';

/**
 * Trades a pairing code for the totem settings and the kiosk's token. Whatever this browser held
 * before (a customer's session, cart, dates, referral, the kiosk's drafts and everything of its
 * customers) is dropped: a kiosk starts clean and never shows a previous visitor's data. Work the
 * device still holds (a revoked kiosk paired again) goes on only when the code is the same kiosk's
 * in the same shop; for another kiosk the pairing is refused (KioskWorkPendingError, listing it)
 * and the token it gave is revoked at once: the device stays what it was. A refused code rejects
 * with the API's 422 (field `code`). Resolves with the kiosk's home path.
 */
export async function pairDevice(code: string): Promise<string> {
  const { token, shop: pairedShop, realtime, ...settings } = await pairTotem(await loadApi(), code);
  const totem = TotemSchema.parse(settings);
  const shop = ShopSchema.parse(pairedShop);
  const bearer = `${AUTH_TOKEN_TYPE} ${token}`;
  const pending = pendingKioskWork();
  const holder = kioskIdentity();
  // Work with no kiosk to own it (left by an earlier release's unpairing) cannot be sent as its
  // kiosk by anyone: it goes with the rest.
  const handOver = pending.length > 0 && holder !== null;
  if (handOver && !mayTakeOverWork(holder, { code: totem.code, shopId: shop.id })) {
    await revokeLater(bearer);
    throw new KioskWorkPendingError({ code: holder.code, shopLabel: holder.shopLabel }, { code: totem.code, shopLabel: shop.label }, pending);
  }
  const forgotten = forgetKioskData(handOver ? PENDING_WORK_KEYS : []);
  $kioskDevice.set({ ...emptyDevice(), token: bearer, shop, realtime });
  $configuration.set({ ...$configuration.get(), totem, shop });
  await forgotten;
  return kioskHome(totem, shop.slug);
}

export type UnpairOutcome = { status: 'unpaired' } | { status: 'pending'; items: PendingKioskItem[] };

/**
 * Full clear: the device is no kiosk any more. Refused (`pending`, with the list) while it holds
 * work only it can finish: staff settle it first. Otherwise its token, its settings and everything
 * it kept of its customers are forgotten here at once; the server is told after (src/api/logout.ts),
 * when it can be reached: a shop's dropped connection must not hold the screen. Resolves once the
 * revocation is on its way (not answered), never rejects: the page leaves for /pair after it.
 */
export async function unpairDevice(): Promise<UnpairOutcome> {
  const items = pendingKioskWork();
  if (items.length > 0) return { status: 'pending', items };
  const token = $kioskDevice.get().token;
  const forgotten = forgetKioskData();
  await revokeLater(token);
  await forgotten;
  return { status: 'unpaired' };
}
