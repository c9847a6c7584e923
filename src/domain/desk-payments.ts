// The cash desk's payment rules: the stages of a payment in flight, what a reload
// finds, how recording is retried, and the cashier close's comparison. The store
// (src/features/kiosk/cash-desk/stores/cash-desk.ts) runs them; the screen shows them.
import { roundMoney } from './money';
import { backoffDelay } from './retry';

export const DeskPaymentStage = {
  /** The terminal was asked to charge the card; its answer is awaited (this page only). */
  CHARGING: 'charging',
  /** The answer was lost (reload, dropped line): only the terminal's display can tell; staff say. */
  UNCERTAIN: 'uncertain',
  /** The card was charged; recording it in the API is pending or being retried. */
  CHARGED: 'charged',
  /** Recorded; the receipt is being printed (or could not be). */
  RECORDED: 'recorded',
  /** Charged, but the API will not take it (the order was cancelled meanwhile): staff must settle it. */
  CONFLICT: 'conflict',
} as const;
export type DeskPaymentStageName = (typeof DeskPaymentStage)[keyof typeof DeskPaymentStage];
/** Every stage, for the store's schema of what it keeps (src/features/kiosk/shared/stores/payment-storage.ts). */
export const DESK_PAYMENT_STAGES = Object.values(DeskPaymentStage) as [DeskPaymentStageName, ...DeskPaymentStageName[]];

/** First retry of a payment the API did not record, doubling up to the cap. */
export const RECORD_RETRY_FIRST_MS = 2000;
export const RECORD_RETRY_MAX_MS = 30_000;

export function recordRetryDelay(attempt: number): number {
  return backoffDelay(attempt, RECORD_RETRY_FIRST_MS, RECORD_RETRY_MAX_MS);
}

/**
 * Recording a desk payment in the API gives up after this long and is retried (the card was
 * charged): a hung request otherwise held the recording, and its retries, for ever.
 */
export const DESK_RECORD_TIMEOUT_MS = 20_000;
/**
 * Recording the cashier close in the API gives up after this long: the close stays on screen with
 * its retry (the same Idempotency-Key, so a close that landed is not recorded twice).
 */
export const CASHIER_RECORD_TIMEOUT_MS = 20_000;
/**
 * A cash desk claims an order before its terminal charges the card; no other desk may start a
 * payment of it meanwhile. Long enough for a customer to find the card and type the PIN; a desk
 * that died with a claim frees the order after this.
 */
export const PAYMENT_CLAIM_TTL_MS = 10 * 60_000;

/**
 * What a payment found in storage when the page opens means now: a charge whose answer never came
 * back is uncertain (the page that asked is gone); every other stage goes on where it stopped.
 */
export function resumedStage(stage: DeskPaymentStageName): DeskPaymentStageName {
  return stage === DeskPaymentStage.CHARGING ? DeskPaymentStage.UNCERTAIN : stage;
}

/**
 * How far along a payment is: a stage change to an earlier one is a late answer and is dropped.
 * Recorded is final (the API holds the payment: a late 410 of a concurrent request of the same
 * charge, or a timed-out try, must not show money to give back nor re-open the recording).
 */
const STAGE_ORDER: readonly DeskPaymentStageName[] = [
  DeskPaymentStage.CHARGING,
  DeskPaymentStage.UNCERTAIN,
  DeskPaymentStage.CHARGED,
  DeskPaymentStage.CONFLICT,
  DeskPaymentStage.RECORDED,
];

export function mayMoveTo(from: DeskPaymentStageName, to: DeskPaymentStageName): boolean {
  return STAGE_ORDER.indexOf(to) >= STAGE_ORDER.indexOf(from);
}

/** A payment the terminal may have charged that the API does not hold yet: its claim must stay. */
export function isUnresolved(stage: DeskPaymentStageName): boolean {
  return stage === DeskPaymentStage.CHARGING || stage === DeskPaymentStage.UNCERTAIN || stage === DeskPaymentStage.CHARGED;
}

/** A new payment may start only when none of this order is in flight (one card charge per order). */
export function mayStartPayment(order: { status: string; paid: boolean }, inFlight: { stage: DeskPaymentStageName } | undefined): boolean {
  return order.status === 'confirmed' && !order.paid && !inFlight;
}

/** The terminal's close report, as far as it gives one. */
export interface TerminalTotals {
  payments: number;
  amount: number;
}

export interface CashierComparison {
  terminal: TerminalTotals | null;
  recorded: { orders_count: number; total: number };
  /** Terminal minus recorded; null when the terminal reported no totals (fake POS). */
  difference: number | null;
  agree: boolean | null;
}

/** The day's totals side by side: what the terminal took and what the API recorded. */
export function compareCashier(terminal: TerminalTotals | null, recorded: { orders_count: number; total: number }): CashierComparison {
  if (!terminal) return { terminal: null, recorded, difference: null, agree: null };
  const difference = roundMoney(terminal.amount - recorded.total);
  return { terminal, recorded, difference, agree: difference === 0 && terminal.payments === recorded.orders_count };
}
