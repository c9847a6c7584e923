// Charging an order's card at the terminal (10) (stores/cash-desk.ts): the claim first, which
// answers the total to charge; the payment stored before the terminal is asked; then what the
// terminal's answer, or its silence, makes of it. A charge goes on to its recording
// (stores/desk-recording.ts).
import type { DeskPayment } from '~/features/kiosk/shared/stores/payment-storage';
import type { OrderResponse } from '~/api/contract/orders';
import { ApiClientError } from '~/api/client';
import { claimPayment, fetchClaimHolder, releasePayment } from '~/api/cash-desk';
import { remainderAfter } from '~/domain/desk-methods';
import { sumMoney } from '~/domain/money';
import { formatCurrency } from '~/domain/format';
import { terminalOperation, TerminalError, TerminalFailure } from '~/api/pos';
import { DeskPaymentStage } from '~/domain/desk-payments';
import { TerminalOperation } from '~/domain/terminal';
import { errorMessage } from '~/api/errors';
import { loadApi } from '~/stores/api-loader';
import { terminalDeps, terminalSettings } from './desk-terminal';
import { claimAttemptOf, forgetPayment, savePayment, setClaimAttempt } from './desk-payments';
import type { PayOutcome } from './desk-recording';

/** The parts of a split taken by other methods. */
export type Others = NonNullable<DeskPayment['others']>;

function newAttempt(): string {
  return crypto.randomUUID();
}

/**
 * `others`: the parts of a split taken by other methods; the terminal charges the rest. A charge the
 * terminal took goes to `record` (without taking the claim again: it was taken just now).
 */
export async function chargeAtTerminal(
  order: OrderResponse,
  others: Others,
  record: (uuid: string, retry: number, renew: boolean) => Promise<PayOutcome>,
): Promise<PayOutcome> {
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
  const payment = savePayment({
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
    savePayment({ ...payment, stage: DeskPaymentStage.UNCERTAIN, error: message });
    return { status: 'pending' };
  }
  // The whole record, not a change to it: this tab's charge is the truth whatever storage holds.
  savePayment({ ...payment, stage: DeskPaymentStage.CHARGED, posResult: result, error: null });
  // The claim was taken just now: no need to take it again before recording.
  return record(order.uuid, 0, false);
}
