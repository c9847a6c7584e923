// What a kiosk holds that the API does not have yet, and to whom it belongs. A device that stops
// being a kiosk (unpaired, or paired as another one) forgets everything it stored: customers'
// details must not outlive their turn on a tablet sent for repair or moved to another shop. What is
// listed here is the exception: work only this device can finish (a card charge not recorded, a
// payment claim nobody answered, a confirmation queued, a closed day not recorded). Unpairing waits
// until staff settle it, and only the same kiosk of the same shop may take it over when the device
// is paired again (src/features/kiosk/pairing/stores/kiosk-forget.ts).
/** What a kiosk confirmation waiting in its outbox does (features/kiosk/shared/stores/outbox-storage.ts). */
export const OUTBOX_KINDS = ['delivery', 'pickup', 'reset_delivery', 'reset_pickup'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export type PendingKioskItem =
  /** A card payment in flight: charged or maybe charged and not recorded, money to give back, a receipt to print. */
  | { kind: 'payment'; number: string; uuid: string }
  /** A payment claim sent without an answer: it may hold the order against every other desk. */
  | { kind: 'claim'; uuid: string }
  /** A delivery, pickup or reset waiting to reach the API, or refused on a replay and not resolved. */
  | { kind: 'outbox'; what: OutboxKind; ref: string; refused: boolean }
  /** The terminal closed the day and the API has not recorded it (its report is nowhere else). */
  | { kind: 'cashierClose'; date: string };

/** What the kiosk's storage holds of that work, as its stores keep it. */
export interface StoredKioskWork {
  payments: Record<string, { number: string; uuid: string }>;
  claims: Record<string, string>;
  outbox: readonly { kind: OutboxKind; ref: string; state: 'pending' | 'refused' }[];
  cashierClose: { step: string; date?: string | undefined } | null;
}

/** The work only this device can finish, payments first (money), then the outbox, then the close. */
export function pendingKioskItems(stored: StoredKioskWork): PendingKioskItem[] {
  const payments = Object.values(stored.payments).map((p): PendingKioskItem => ({ kind: 'payment', number: p.number, uuid: p.uuid }));
  const claims = Object.keys(stored.claims)
    .filter((uuid) => !stored.payments[uuid])
    .map((uuid): PendingKioskItem => ({ kind: 'claim', uuid }));
  const outbox = stored.outbox.map((e): PendingKioskItem => ({ kind: 'outbox', what: e.kind, ref: e.ref, refused: e.state === 'refused' }));
  const { cashierClose } = stored;
  const close: PendingKioskItem[] = cashierClose?.step === 'unrecorded' && cashierClose.date ? [{ kind: 'cashierClose', date: cashierClose.date }] : [];
  return [...payments, ...claims, ...outbox, ...close];
}

/** The kiosk a device is (or was, when its token was revoked): its code and its shop. */
export interface KioskIdentity {
  code: string;
  shopId: number | null;
}

/**
 * Pending work goes on only as the kiosk that started it: the same code in the same shop (a kiosk
 * moved to another shop could not send its old shop's confirmations). Another kiosk would replay
 * another's confirmations with its own token, and its screens would show the other kiosk's orders.
 * A device that lost its shop (never stored) is judged by the code alone: it would stay locked.
 */
export function mayTakeOverWork(holder: KioskIdentity, paired: KioskIdentity): boolean {
  return holder.code === paired.code && (holder.shopId === null || holder.shopId === paired.shopId);
}
