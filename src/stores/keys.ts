// Storage keys of the app-wide stores, shared with the plain navigation script. Every localStorage
// key of the site (these, the cart's, the session's and the kiosk features' own,
// src/features/kiosk/shared/stores/storage-keys.ts) is listed once more in KIOSK_STORAGE_KEYS
// (src/features/kiosk/pairing/stores/kiosk-forget.ts): a kiosk unpaired or paired again forgets them all.
/** The referral reference (`forced_ref` is stored as `ref`); a raw string. */
export const REF_STORAGE_KEY = 'ref';
export const CONFIGURATION_KEY = 'configuration';
/** A notice left for the next page of this tab (sessionStorage), e.g. "logged out" after going home. */
export const PENDING_NOTICE_KEY = 'pending-notice';
/** The paired kiosk's token, shop and realtime settings (src/stores/kiosk-device.ts). */
export const KIOSK_DEVICE_KEY = 'totem';
/** The day a kiosk's daily reload last happened in this tab (sessionStorage): never a reload loop. */
export const KIOSK_RELOADED_KEY = 'kiosk-reloaded';

/**
 * The stored totem type, or null when this browser is no kiosk. For plain scripts that must not
 * load the stores (zod, nanostores); the inline script in BaseLayout.astro reads it the same way.
 */
export function storedTotemType(): number | null {
  try {
    const type = JSON.parse(localStorage.getItem(CONFIGURATION_KEY) ?? 'null')?.totem?.type;
    return typeof type === 'number' ? type : null;
  } catch {
    return null;
  }
}

/** The checkout's order submission awaiting a definite answer, with its Idempotency-Key (src/features/customer/checkout/stores/order-submission.ts). */
export const ORDER_SUBMISSION_KEY = 'order-submission';

/** The order this tab last placed, by shop (sessionStorage): the emptied checkout sends back to its confirmation (src/features/customer/checkout/stores/placed.ts). */
export const PLACED_ORDER_KEY = 'placed-order';
