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
// The steps are modules of their own: the charge (stores/desk-charge.ts), the recording and its
// retries (stores/desk-recording.ts), the receipt (stores/desk-receipt.ts); this store drives them.
import type { OrderResponse } from '~/api/contract/orders';
import { releasePayment } from '~/api/cash-desk';
import { DeskPaymentStage, isUnresolved, mayStartPayment, resumedStage } from '~/domain/desk-payments';
import { $deskPayments, afterPaymentLock, forgetPayment, paymentOf, updatePayment, withPaymentLock } from './desk-payments';
import { chargeAtTerminal, type Others } from './desk-charge';
import { createDeskRecorder, renewClaim, type PayOutcome } from './desk-recording';
import { printPaymentReceipt } from './desk-receipt';
import { loadApi } from '~/stores/api-loader';
import { afterDelay, type Schedule } from '~/stores/schedule';

// The payments in flight on this kiosk, by order uuid (their state lives apart, for the chip).
export { $deskPayments };
export type { PayOutcome };

/**
 * The cash desk's payments as this page drives them: the orders it is charging, the recordings in
 * flight and their retries (armed by `schedule`), whether it resumed what an earlier page left. The
 * kiosk pages have one (below); a test makes its own.
 */
export function createCashDesk(schedule: Schedule = afterDelay) {
  /** Orders whose payment this page is driving right now (a second tap finds them here at once). */
  const running = new Set<string>();
  const { record, recordUnderLock, cancelRetry } = createDeskRecorder(schedule);
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
      return (await withPaymentLock(order.uuid, () => chargeAtTerminal(order, others, record))) ?? { status: 'pending' };
    } finally {
      running.delete(order.uuid);
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
    cancelRetry(uuid);
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

  return { payOrder, printReceipt: printPaymentReceipt, confirmTerminalCharge, dismissPayment, retryRecording, resumeDeskPayments };
}

export const { payOrder, printReceipt, confirmTerminalCharge, dismissPayment, retryRecording, resumeDeskPayments } = createCashDesk();
