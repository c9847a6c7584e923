// The kiosk features' own storage keys: each screen keeps its work here across reloads and
// outages, and pairing (kiosk-forget.ts) lists them all to forget them when a kiosk is unpaired.
// The app-wide stores' keys are in src/stores/keys.ts.

/** The cash desk's payments in flight (cash-desk/stores/cash-desk.ts): survive a reload and an outage. */
export const DESK_PAYMENTS_KEY = 'cash-desk-payments';

/**
 * Fired on the window when this tab changes the payments in flight (cash-desk/stores/desk-payments.ts):
 * what the storage event says of another tab's, for the chip that loads only once there is one.
 */
export const DESK_PAYMENTS_CHANGED_EVENT = 'desk-payments-changed';

/** The cash desk's payment claims sent and not answered, by order uuid (cash-desk/stores/cash-desk.ts). */
export const DESK_CLAIM_ATTEMPTS_KEY = 'cash-desk-claim-attempts';

/** The cashier close in progress or its last result, with its Idempotency-Key (cash-desk/stores/cashier.ts). */
export const CASHIER_CLOSE_KEY = 'cashier-close';

/** A kiosk's confirmations waiting for the API (./kiosk-outbox.ts). */
export const KIOSK_OUTBOX_KEY = 'kiosk-outbox';

/** What staff scanned for a delivery / a pickup before confirming (counter/stores/delivery-drafts.ts). */
export const DELIVERY_DRAFT_KEY = 'kiosk-delivery-draft';
export const PICKUP_DRAFT_KEY = 'kiosk-pickup-draft';
