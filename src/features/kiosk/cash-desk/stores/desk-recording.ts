// Recording a card payment the terminal took (stores/cash-desk.ts): in the API under the charge's
// claim (taken again first), then its receipt (stores/desk-receipt.ts); a recording that fails is
// tried again (backing off, armed by the desk's `schedule`) until the API takes it or says it never
// will (money to give back).
import type { DeskPayment } from '~/features/kiosk/shared/stores/payment-storage';
import type { OrderResponse } from '~/api/contract/orders';
import { ApiClientError } from '~/api/client';
import { claimPayment, recordDeskPayments, recordPayment, releasePayment } from '~/api/cash-desk';
import { isSimulatedResult } from '~/api/pos';
import { DESK_RECORD_TIMEOUT_MS, DeskPaymentStage, recordRetryDelay } from '~/domain/desk-payments';
import type { ShownMessage } from '~/domain/messages';
import { errorMessage } from '~/api/errors';
import { loadApi } from '~/stores/api-loader';
import type { Schedule } from '~/stores/schedule';
import { forgetPayment, paymentOf, updatePayment, withPaymentLock } from './desk-payments';
import { printPaymentReceipt } from './desk-receipt';

export type PayOutcome =
  | { status: 'paid'; order: OrderResponse }
  /** `claimedBy`: the desk whose claim holds the order (staff may release it if that desk is gone). */
  | { status: 'refused'; message: ShownMessage; claimedBy?: string }
  | { status: 'pending' };

/**
 * Takes the claim again for a charge the API does not hold yet, so edits and cancellations keep
 * waiting for it, and so a claim staff released while this desk was gone is this charge's again if
 * no other desk took the order (a payment is recorded only under its claim). Its answer is not
 * read: what became of the order is the recording's (or staff's) to say.
 */
export async function renewClaim(payment: DeskPayment): Promise<void> {
  await loadApi().then((api) => claimPayment(api, payment.id, payment.attempt, DESK_RECORD_TIMEOUT_MS)).catch(() => undefined);
}

/** The recordings of one cash desk store: those in flight and their next tries, by order uuid. */
export function createDeskRecorder(schedule: Schedule) {
  /** The next try of a recording that failed, by order uuid: its cancel. */
  const retries = new Map<string, () => void>();
  /** The recording (and receipt) in flight per order: a second request for it shares the first. */
  const recordings = new Map<string, Promise<PayOutcome>>();

  /** Cancels the next try of an order's recording, if one is armed. */
  function cancelRetry(uuid: string): void {
    retries.get(uuid)?.();
    retries.delete(uuid);
  }

  /**
   * Records a charged payment in the API (then prints its receipt); on failure schedules the next
   * try. One per order at a time: the `online` listener, "retry now" and a retry that fire together
   * share it, so the receipt prints once and a concurrent request's answer cannot undo it.
   */
  function record(uuid: string, retry = 0, renew = true): Promise<PayOutcome> {
    const inFlight = recordings.get(uuid);
    if (inFlight) return inFlight;
    const run = recordOnce(uuid, retry, renew).finally(() => recordings.delete(uuid));
    recordings.set(uuid, run);
    return run;
  }

  /** record from outside this tab's own charge: left to the tab that holds the order's lock, if any. */
  async function recordUnderLock(uuid: string, retry = 0, renew = true): Promise<PayOutcome> {
    return recordings.get(uuid) ?? (await withPaymentLock(uuid, () => record(uuid, retry, renew))) ?? { status: 'pending' };
  }

  async function recordOnce(uuid: string, retry: number, renew: boolean): Promise<PayOutcome> {
    cancelRetry(uuid);
    const payment = paymentOf(uuid);
    if (!payment || payment.stage !== DeskPaymentStage.CHARGED) return { status: 'pending' };
    if (renew) await renewClaim(payment);
    const simulated = isSimulatedResult(payment.posResult);
    try {
      const pos_log = payment.posResult ?? { recorded_without_terminal_answer: true };
      // A split goes with its other parts and its own key; the moment is the charge's, so every
      // retry sends the same request.
      const order = payment.others?.length
        ? await recordDeskPayments(
            await loadApi(),
            payment.id,
            { date: payment.startedAt, parts: [...payment.others, { method: 'terminal', amount: payment.amount }], attempt: payment.attempt, pos_log, simulated },
            payment.key ?? payment.attempt,
          )
        : await recordPayment(await loadApi(), payment.id, { date: new Date().toISOString(), pos_log, attempt: payment.attempt, amount: payment.amount, simulated });
      updatePayment(uuid, { stage: DeskPaymentStage.RECORDED, error: null });
      await printPaymentReceipt(order);
      return { status: 'paid', order };
    } catch (err) {
      // The fake POS outside demo mode (settings read before the server left it): no card was
      // charged, so nothing to give back and nothing to retry; the order is free for a real charge.
      if (simulated && err instanceof ApiClientError && err.status === 403) {
        forgetPayment(uuid);
        await loadApi().then((api) => releasePayment(api, payment.id, payment.attempt)).catch(() => undefined);
        return { status: 'refused', message: err.message };
      }
      // Paid by another payment, cancelled, changed since the charge, or its claim released and taken
      // by another desk: the API will never take this one (the same attempt again would have been
      // answered the order). Money to give back.
      if (err instanceof ApiClientError && (err.status === 410 || err.status === 409 || err.status === 422)) {
        updatePayment(uuid, { stage: DeskPaymentStage.CONFLICT, error: err.message });
        return { status: 'pending' };
      }
      // Recorded meanwhile (another tab): nothing left to try.
      if (paymentOf(uuid)?.stage !== DeskPaymentStage.CHARGED) return { status: 'pending' };
      // No answer (or none in time), a server error, a revoked token: the card was charged, so keep trying.
      updatePayment(uuid, { error: errorMessage(err) });
      retries.set(uuid, schedule(recordRetryDelay(retry), () => void recordUnderLock(uuid, retry + 1)));
      return { status: 'pending' };
    }
  }

  return { record, recordUnderLock, cancelRetry };
}
