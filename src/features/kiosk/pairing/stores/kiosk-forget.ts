// Everything a kiosk keeps in this browser's storage, in one list, and the one way to forget it:
// unpairing (stores/kiosk-pairing.ts) and pairing, as this kiosk or another, start from a device
// that remembers no customer — no order, name, document, guest link, cart or draft of the kiosk's
// last customers survives on a tablet sent for repair or moved to another shop.
//
// The exception is the work only this device can finish (domain/kiosk-pending.ts): it is read from
// storage here, where every tab writes it at once, so a payment another tab is driving counts too.
import * as z from 'zod/mini';
import { DeskClaimAttemptsSchema, DeskPaymentsSchema } from '~/features/kiosk/shared/stores/payment-storage';
import { OutboxSchema } from '~/features/kiosk/shared/stores/outbox-storage';
import { pendingKioskItems, type KioskIdentity, type PendingKioskItem } from '~/domain/kiosk-pending';
import { CART_KEY, clearCart } from '~/stores/cart';
import { $configuration, $ref, clearConfiguration } from '~/stores/configuration';
import {
  CONFIGURATION_KEY,
  KIOSK_DEVICE_KEY,
  ORDER_SUBMISSION_KEY,
  REF_STORAGE_KEY,
} from '~/stores/keys';
import {
  CASHIER_CLOSE_KEY,
  DELIVERY_DRAFT_KEY,
  DESK_CLAIM_ATTEMPTS_KEY,
  DESK_PAYMENTS_KEY,
  KIOSK_OUTBOX_KEY,
  PICKUP_DRAFT_KEY,
} from '~/features/kiosk/shared/stores/storage-keys';
import { $kioskDevice, $kioskOrderPlaced, emptyDevice } from '~/stores/kiosk-device';
import { clearSession, TOKEN_KEY } from '~/stores/session';
import { forgetOfflineStart } from '~/features/kiosk/shared/offline-start';

export type { PendingKioskItem } from '~/domain/kiosk-pending';

/**
 * Every localStorage key the site writes on a kiosk (each also has its `{key}.unreadable` copy,
 * stores/persisted.ts). A new persisted store adds its key here: tests/unit/features/kiosk/pairing/kiosk-forget.test.ts
 * fails for a store whose key is missing. sessionStorage (the daily reload's day, a notice for the
 * next page) holds nothing of a customer and ends with the tab.
 */
export const KIOSK_STORAGE_KEYS = [
  KIOSK_DEVICE_KEY,
  CONFIGURATION_KEY,
  CART_KEY,
  ORDER_SUBMISSION_KEY,
  TOKEN_KEY,
  REF_STORAGE_KEY,
  DELIVERY_DRAFT_KEY,
  PICKUP_DRAFT_KEY,
  KIOSK_OUTBOX_KEY,
  DESK_PAYMENTS_KEY,
  DESK_CLAIM_ATTEMPTS_KEY,
  CASHIER_CLOSE_KEY,
] as const;

/** The keys of the work only this device can finish: kept when the same kiosk pairs again. */
export const PENDING_WORK_KEYS = [KIOSK_OUTBOX_KEY, DESK_PAYMENTS_KEY, DESK_CLAIM_ATTEMPTS_KEY, CASHIER_CLOSE_KEY] as const;

/** The cashier close as far as pending work goes (its full shape lives in stores/cashier.ts). */
const CashierCloseStepSchema = z.object({ step: z.string(), date: z.optional(z.string()) });

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage disabled: nothing was kept either.
    return null;
  }
}

/** A stored value as its schema reads it; absent or unreadable: `fallback` (its copy is kept aside by its store). */
function readStored<S extends z.ZodMiniType>(key: string, schema: S, fallback: z.output<S>): z.output<S> {
  const raw = storage()?.getItem(key);
  if (!raw) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** The work this device holds that the API does not have yet (empty: nothing stands in the way). */
export function pendingKioskWork(): PendingKioskItem[] {
  return pendingKioskItems({
    payments: readStored(DESK_PAYMENTS_KEY, DeskPaymentsSchema, {}),
    claims: readStored(DESK_CLAIM_ATTEMPTS_KEY, DeskClaimAttemptsSchema, {}),
    outbox: readStored(KIOSK_OUTBOX_KEY, OutboxSchema, []),
    cashierClose: readStored(CASHIER_CLOSE_KEY, z.nullable(CashierCloseStepSchema), null),
  });
}

/** The kiosk this device is, or was until its token was revoked (the owner of its pending work). */
export function kioskIdentity(): (KioskIdentity & { shopLabel: string | null }) | null {
  const { totem, shop: chosenShop } = $configuration.get();
  if (!totem) return null;
  const shop = $kioskDevice.get().shop ?? chosenShop;
  return { code: totem.code, shopId: shop?.id ?? null, shopLabel: shop?.label ?? null };
}

/** Pairing refused: the device holds `items` of kiosk `holder`, and the code was for `paired`. */
export class KioskWorkPendingError extends Error {
  constructor(
    readonly holder: { code: string; shopLabel: string | null },
    readonly paired: { code: string; shopLabel: string },
    readonly items: PendingKioskItem[],
  ) {
    super(`Kiosk ${holder.code} has ${items.length} pending item(s); ${paired.code} cannot take them over`);
    this.name = 'KioskWorkPendingError';
  }
}

/**
 * Forgets every kiosk key and its unreadable copy, except `keep` (the pending work, when the same
 * kiosk pairs again), and resets the stores every page loads. Stores of other screens (drafts,
 * outbox, payments) are not loaded here: their keys go, and the page leaves right after (to /pair,
 * or the kiosk's start) so nothing in memory writes them back. The kiosk's service worker and its
 * caches (the API's reads, customers' orders among them) go too: the caller waits for the promise
 * before the page leaves.
 */
export function forgetKioskData(keep: readonly string[] = []): Promise<void> {
  const offline = forgetOfflineStart();
  clearSession();
  clearCart();
  clearConfiguration({ full: true });
  $ref.set(undefined);
  $kioskDevice.set(emptyDevice());
  $kioskOrderPlaced.set(false);
  const stored = storage();
  if (!stored) return offline;
  for (const key of KIOSK_STORAGE_KEYS) {
    if (keep.includes(key)) continue;
    stored.removeItem(key);
    stored.removeItem(`${key}.unreadable`);
  }
  return offline;
}
