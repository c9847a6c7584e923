// The card payments this kiosk has in flight, by order uuid (kept across reloads), how one changes,
// the claims sent and not answered, and the per-order lock between the kiosk's tabs: the state
// alone, apart from the store that drives the payments (stores/cash-desk.ts), so every kiosk page
// can count them (DeskPaymentsInFlight) without loading the terminal and recording code until there is
// one to resume.
import { DeskClaimAttemptsSchema, DeskPaymentsSchema, type DeskPayment } from '~/features/kiosk/shared/stores/payment-storage';
import { mayMoveTo } from '~/domain/desk-payments';
import { DESK_CLAIM_ATTEMPTS_KEY, DESK_PAYMENTS_CHANGED_EVENT, DESK_PAYMENTS_KEY } from '~/features/kiosk/shared/stores/storage-keys';
import { persistentValidated } from '~/stores/persisted';

export const $deskPayments = persistentValidated(DESK_PAYMENTS_KEY, DeskPaymentsSchema, () => ({}));
// DeskPaymentsChip has not loaded this store while there was nothing to show: a payment this tab starts tells it.
if (typeof window !== 'undefined') $deskPayments.listen(() => dispatchEvent(new Event(DESK_PAYMENTS_CHANGED_EVENT)));

export const paymentOf = (uuid: string): DeskPayment | undefined => $deskPayments.get()[uuid];

export function savePayment(payment: DeskPayment): DeskPayment {
  $deskPayments.set({ ...$deskPayments.get(), [payment.uuid]: payment });
  return payment;
}

export function updatePayment(uuid: string, changes: Partial<DeskPayment>): DeskPayment | undefined {
  const current = paymentOf(uuid);
  if (!current) return undefined;
  // A late answer never moves a payment back: a recorded payment stays recorded whatever a
  // concurrent request of the same charge (another tab, a timed-out try) answers after it.
  if (changes.stage && !mayMoveTo(current.stage, changes.stage)) return current;
  return savePayment({ ...current, ...changes });
}

export function forgetPayment(uuid: string): void {
  const { [uuid]: _gone, ...rest } = $deskPayments.get();
  $deskPayments.set(rest);
}

/**
 * Claims sent and not answered, by order uuid, kept in storage from before the request: one that
 * landed holds the order against every other attempt (other desks cannot take it over), so the next
 * tap claims with the same attempt, also after a reload in the middle (a claim only in memory was
 * lost with the page, and held the order for an attempt nobody knew any more).
 */
const $claimAttempts = persistentValidated(DESK_CLAIM_ATTEMPTS_KEY, DeskClaimAttemptsSchema, () => ({}));

export const claimAttemptOf = (uuid: string): string | undefined => $claimAttempts.get()[uuid];

export function setClaimAttempt(uuid: string, attempt: string | null): void {
  const { [uuid]: _gone, ...rest } = $claimAttempts.get();
  $claimAttempts.set(attempt === null ? rest : { ...rest, [uuid]: attempt });
}

const lockName = (uuid: string) => `desk-pay:${uuid}`;

/** Runs `work` holding this order's payment lock (Web Locks); null when another tab holds it. */
export async function withPaymentLock<T>(uuid: string, work: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(lockName(uuid), { ifAvailable: true }, (lock) => (lock ? work() : null));
}

/** Runs `then` once nobody holds this order's payment lock (at once without Web Locks). */
export async function afterPaymentLock(uuid: string, then: () => void): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return then();
  await locks.request(lockName(uuid), async () => then());
}
