// Storage keys shared by the stores and the plain navigation script. Every localStorage key of the
// site (these, the cart's and the session's) is listed once more in KIOSK_STORAGE_KEYS
// (./kiosk-forget.ts): a kiosk that is unpaired or paired again forgets them all.
/** The referral reference (`forced_ref` is stored as `ref`); a raw string. */
export const REF_STORAGE_KEY = 'ref';
export const CONFIGURATION_KEY = 'configuration';
/** A notice left for the next page of this tab (sessionStorage), e.g. "logged out" after going home. */
export const PENDING_NOTICE_KEY = 'pending-notice';
/** The paired kiosk's token, shop and realtime settings (src/stores/kiosk.ts). */
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

/** The cash desk's payments in flight (src/features/kiosk/cash-desk/stores/cash-desk.ts): survive a reload and an outage. */
export const DESK_PAYMENTS_KEY = 'cash-desk-payments';

/** The cash desk's payment claims sent and not answered, by order uuid (src/features/kiosk/cash-desk/stores/cash-desk.ts). */
export const DESK_CLAIM_ATTEMPTS_KEY = 'cash-desk-claim-attempts';

/** A kiosk's confirmations waiting for the API (src/features/kiosk/shared/stores/kiosk-outbox.ts). */
export const KIOSK_OUTBOX_KEY = 'kiosk-outbox';

/** What staff scanned for a delivery / a pickup before confirming (src/features/kiosk/counter/stores/delivery-drafts.ts). */
export const DELIVERY_DRAFT_KEY = 'kiosk-delivery-draft';
export const PICKUP_DRAFT_KEY = 'kiosk-pickup-draft';

/** The checkout's order submission awaiting a definite answer, with its Idempotency-Key (src/features/customer/checkout/stores/order-submission.ts). */
export const ORDER_SUBMISSION_KEY = 'order-submission';

/** The cashier close in progress or its last result, with its Idempotency-Key (src/features/kiosk/cash-desk/stores/cashier.ts). */
export const CASHIER_CLOSE_KEY = 'cashier-close';
