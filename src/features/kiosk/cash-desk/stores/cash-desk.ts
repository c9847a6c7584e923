// The cash desk's payments: claim the order, charge the card on the terminal (10),
// record the payment in the API, print the receipt (20 + 30). Every step is written to the kiosk's
// storage before it runs, so a double tap, a reload in the middle, a second desk or an API outage
// never charges a card twice nor loses a payment the terminal took:
// - a tap while a payment of the order is in flight does nothing;
// - the API's claim keeps other desks (and other devices of this desk) from charging the order;
// - a charge whose answer was lost is "uncertain" until staff read the terminal's display;
// - a charge the API did not record is retried (backing off, and when the line comes back) until
//   it is, and shown as "paid at the terminal, being recorded" meanwhile; it is recorded only under
//   its claim (taken again first), so a desk whose claim staff released (stores/desk-claims.ts)
//   and another desk took finds money to give back, never a second payment.
import type { DeskPayment } from '~/features/kiosk/shared/stores/payment-storage';
import type { OrderResponse } from '~/api/contract/orders';
import { ApiClientError } from '~/api/client';
import { claimPayment, fetchClaimHolder, recordDeskPayments, recordPayment, releasePayment } from '~/api/cash-desk';
import { remainderAfter } from '~/domain/desk-methods';
import { sumMoney } from '~/domain/money';
import { formatCurrency } from '~/domain/format';
import { isSimulatedResult, runTerminal, terminalOperation, TerminalError, TerminalFailure } from '~/api/pos';
import { DESK_RECORD_TIMEOUT_MS, DeskPaymentStage, isUnresolved, mayStartPayment, recordRetryDelay, resumedStage } from '~/domain/desk-payments';
import { receiptItems, receiptPayments, TerminalOperation } from '~/domain/terminal';
import { terminalDeps, terminalSettings } from './desk-terminal';
import { notify } from '~/stores/notifications';
import { $deskPayments, afterPaymentLock, claimAttemptOf, forgetPayment, paymentOf, savePayment, setClaimAttempt, updatePayment, withPaymentLock } from './desk-payments';
import { loadApi } from '~/stores/api-loader';
import { afterDelay, type Schedule } from '~/stores/schedule';
import type { ShownMessage } from '~/domain/messages';
import { errorMessage } from '~/api/errors';

// The payments in flight on this kiosk, by order uuid (their state lives apart, for the chip).
export { $deskPayments };

export type PayOutcome =
  | { status: 'paid'; order: OrderResponse }
  /** `claimedBy`: the desk whose claim holds the order (staff may release it if that desk is gone). */
  | { status: 'refused'; message: ShownMessage; claimedBy?: string }
  | { status: 'pending' };

type Others = NonNullable<DeskPayment['others']>;

function newAttempt(): string {
  return crypto.randomUUID();
}

/**
 * The cash desk's payments as this page drives them: the orders it is charging, the recordings in
 * flight and their retries (armed by `schedule`), whether it resumed what an earlier page left. The
 * kiosk pages have one (below); a test makes its own.
 */
export function createCashDesk(schedule: Schedule = afterDelay) {
  /** Orders whose payment this page is driving right now (a second tap finds them here at once). */
  const running = new Set<string>();
  /** The next try of a recording that failed, by order uuid: its cancel. */
  const retries = new Map<string, () => void>();
  /** The recording (and receipt) in flight per order: a second request for it shares the first. */
  const recordings = new Map<string, Promise<PayOutcome>>();
  let resumed = false;

  /**
   * Takes the payment of `order`'s total at the terminal and records it. Resolves when the payment is
   * recorded (`paid`), when nothing was charged (`refused`, with the reason shown to staff), or when
   * a charge is waiting to be recorded or confirmed (`pending`: $deskPayments says which).
   */
  async function payOrder(order: OrderResponse, others: Others = []): Promise<PayOutcome> {
    if (running.has(order.uuid) || !mayStartPayment(order, paymentOf(order.uuid))) return { status: 'pending' };
    running.add(order.uuid);
    try {
      // Held while this tab drives the payment: another tab's resume leaves it alone.
      return (await withPaymentLock(order.uuid, () => charge(order, others))) ?? { status: 'pending' };
    } finally {
      running.delete(order.uuid);
    }
  }

  /** `others`: the parts of a split taken by other methods; the terminal charges the rest. */
  async function charge(order: OrderResponse, others: Others): Promise<PayOutcome> {
    const attempt = claimAttemptOf(order.uuid) ?? newAttempt();
    setClaimAttempt(order.uuid, attempt);
    let amount: number;
    let total: number;
    try {
      // The claim answers the order's total now: the card is charged that, not what the page showed.
      total = (await claimPayment(await loadApi(), order.id, attempt)).total_amount;
      amount = remainderAfter(sumMoney(others.map((p) => p.amount)), total);
    } catch (err) {
      // Refused: nothing holds the order for this attempt. No answer: a claim that landed holds it
      // until released, so release it if the line allows; the attempt stays for the next tap.
      const message = errorMessage(err);
      if (!(err instanceof ApiClientError)) {
        void loadApi().then((api) => releasePayment(api, order.id, attempt)).catch(() => undefined);
        return { status: 'refused', message };
      }
      setClaimAttempt(order.uuid, null);
      if (err.status !== 409) return { status: 'refused', message };
      // Another desk's claim: which one, so staff can release it when that desk is gone.
      const holder = await loadApi().then((api) => fetchClaimHolder(api, order.id)).catch(() => null);
      return holder ? { status: 'refused', message, claimedBy: holder.totem } : { status: 'refused', message };
    }
    // From here the payment in flight (stored next, with the attempt) carries the claim.
    setClaimAttempt(order.uuid, null);
    if (!(amount > 0)) {
      // The total changed under the split (an edit): nothing left for the terminal. Staff start again.
      await loadApi().then((api) => releasePayment(api, order.id, attempt)).catch(() => undefined);
      return { status: 'refused', message: { key: 'kiosk.pay.splitChanged', params: { total: formatCurrency(total) } } };
    }
    // Stored before the terminal is asked: a reload from here on finds the charge in flight.
    const record = savePayment({
      uuid: order.uuid,
      id: order.id,
      number: order.number,
      amount,
      attempt,
      stage: DeskPaymentStage.CHARGING,
      startedAt: new Date().toISOString(),
      error: null,
      receiptFailed: false,
      ...(others.length > 0 && { others, key: crypto.randomUUID() }),
    });
    let result: unknown;
    try {
      result = await terminalOperation(terminalSettings(), TerminalOperation.PAY, { payload: { amount }, order: { ...order, total_amount: amount } }, terminalDeps());
    } catch (err) {
      const message = errorMessage(err);
      if (err instanceof TerminalError && (err.kind === TerminalFailure.FAILED || err.kind === TerminalFailure.NOT_CONFIGURED)) {
        // The terminal said plainly that the operation did not complete (or there is none): nothing
        // was charged.
        forgetPayment(order.uuid);
        await loadApi().then((api) => releasePayment(api, order.id, attempt)).catch(() => undefined);
        return { status: 'refused', message };
      }
      // No answer, or one that does not say: the card may have been charged. Only its display can tell.
      savePayment({ ...record, stage: DeskPaymentStage.UNCERTAIN, error: message });
      return { status: 'pending' };
    }
    // The whole record, not a change to it: this tab's charge is the truth whatever storage holds.
    savePayment({ ...record, stage: DeskPaymentStage.CHARGED, posResult: result, error: null });
    // The claim was taken just now: no need to take it again before recording.
    return record_(order.uuid, 0, false);
  }

  /**
   * Records a charged payment in the API (then prints its receipt); on failure schedules the next
   * try. One per order at a time: the `online` listener, "retry now" and a retry that fire together
   * share it, so the receipt prints once and a concurrent request's answer cannot undo it.
   */
  function record_(uuid: string, retry = 0, renew = true): Promise<PayOutcome> {
    const inFlight = recordings.get(uuid);
    if (inFlight) return inFlight;
    const run = recordOnce(uuid, retry, renew).finally(() => recordings.delete(uuid));
    recordings.set(uuid, run);
    return run;
  }

  /** record_ from outside this tab's own charge: left to the tab that holds the order's lock, if any. */
  async function recordUnderLock(uuid: string, retry = 0, renew = true): Promise<PayOutcome> {
    return recordings.get(uuid) ?? (await withPaymentLock(uuid, () => record_(uuid, retry, renew))) ?? { status: 'pending' };
  }

  /**
   * Takes the claim again for a charge the API does not hold yet, so edits and cancellations keep
   * waiting for it, and so a claim staff released while this desk was gone is this charge's again if
   * no other desk took the order (a payment is recorded only under its claim). Its answer is not
   * read: what became of the order is the recording's (or staff's) to say.
   */
  async function renewClaim(payment: DeskPayment): Promise<void> {
    await loadApi().then((api) => claimPayment(api, payment.id, payment.attempt, DESK_RECORD_TIMEOUT_MS)).catch(() => undefined);
  }

  async function recordOnce(uuid: string, retry: number, renew: boolean): Promise<PayOutcome> {
    retries.get(uuid)?.();
    retries.delete(uuid);
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
      await printReceipt(order);
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

  /** Receipt (20) and print (30) of a recorded payment; a failure leaves a "print again" offer. */
  async function printReceipt(order: OrderResponse): Promise<boolean> {
    try {
      await runTerminal(
        terminalSettings(),
        [TerminalOperation.RECEIPT, TerminalOperation.PRINT],
        { payload: { amount: order.total_amount, items: receiptItems(order), payments: receiptPayments(order) }, order },
        terminalDeps(),
      );
      forgetPayment(order.uuid);
      notify({ key: 'kiosk.pay.done', params: { number: order.number } }, 'success');
      return true;
    } catch (err) {
      updatePayment(order.uuid, { receiptFailed: true, error: errorMessage(err) });
      return false;
    }
  }

  /**
   * Staff read the terminal after a lost answer: `charged` records the payment (with a note that the
   * terminal's answer was lost); otherwise the claim is released and the order can be paid again.
   */
  async function confirmTerminalCharge(uuid: string, charged: boolean): Promise<PayOutcome> {
    const payment = paymentOf(uuid);
    if (!payment || payment.stage !== DeskPaymentStage.UNCERTAIN) return { status: 'pending' };
    if (charged) {
      updatePayment(uuid, { stage: DeskPaymentStage.CHARGED, posResult: { confirmed_by_staff: true, amount: payment.amount, started_at: payment.startedAt }, error: null });
      return recordUnderLock(uuid);
    }
    forgetPayment(uuid);
    await loadApi().then((api) => releasePayment(api, payment.id, payment.attempt)).catch(() => undefined);
    return { status: 'refused', message: '' };
  }

  /** Staff settled a conflict (refunded at the terminal) or gave up printing the receipt. */
  function dismissPayment(uuid: string): void {
    retries.get(uuid)?.();
    retries.delete(uuid);
    forgetPayment(uuid);
  }

  /** Tries the recording of a charged payment now (the line came back, or staff asked). */
  function retryRecording(uuid: string): Promise<PayOutcome> {
    return recordUnderLock(uuid);
  }

  /**
   * On opening any kiosk page: a charge whose answer was lost becomes uncertain, charged payments
   * are recorded (and retried when the line comes back), claims of charges not yet recorded are
   * taken again, and a receipt whose printing the reload cut off is offered again. Runs once per page.
   */
  async function resumeDeskPayments(): Promise<void> {
    if (resumed) return;
    resumed = true;
    const waits: Promise<unknown>[] = [];
    for (const payment of Object.values($deskPayments.get())) {
      if (running.has(payment.uuid)) continue;
      if (isUnresolved(payment.stage)) {
        const renewed = renewClaim(payment);
        waits.push(renewed);
        // A charged one is recorded once its claim is taken again, not racing it.
        if (payment.stage === DeskPaymentStage.CHARGED) void renewed.then(() => recordUnderLock(payment.uuid, 0, false));
      }
      if (payment.stage === DeskPaymentStage.RECORDED && !payment.receiptFailed) {
        // The page that was printing it is gone (or its request hung): offer "print again" rather
        // than a spinner nobody will end. Once nobody holds its lock: another tab may still print.
        waits.push(
          afterPaymentLock(payment.uuid, () => {
            if (paymentOf(payment.uuid)?.stage === DeskPaymentStage.RECORDED && !running.has(payment.uuid)) updatePayment(payment.uuid, { receiptFailed: true });
          }),
        );
      }
      if (payment.stage === DeskPaymentStage.CHARGING) {
        // Judged once nobody holds its lock: another tab still waiting for the PIN finishes first
        // (its charge then is no longer "charging"); the page that was reloaded lets go of it as
        // soon as it is gone.
        waits.push(
          afterPaymentLock(payment.uuid, () => {
            const now = paymentOf(payment.uuid);
            if (now?.stage === DeskPaymentStage.CHARGING && !running.has(payment.uuid)) updatePayment(payment.uuid, { stage: resumedStage(now.stage) });
          }),
        );
      }
      // An uncertain charge stays a question for staff even when the order reads paid meanwhile:
      // if the terminal did charge, that is a second payment to give back.
    }
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => {
        for (const payment of Object.values($deskPayments.get())) if (payment.stage === DeskPaymentStage.CHARGED) void recordUnderLock(payment.uuid);
      });
    }
    await Promise.all(waits);
  }

  return { payOrder, printReceipt, confirmTerminalCharge, dismissPayment, retryRecording, resumeDeskPayments };
}

export const { payOrder, printReceipt, confirmTerminalCharge, dismissPayment, retryRecording, resumeDeskPayments } = createCashDesk();
