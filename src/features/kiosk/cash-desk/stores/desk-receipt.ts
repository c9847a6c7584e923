// The receipt of a card payment the API recorded (stores/cash-desk.ts, stores/desk-recording.ts):
// the terminal's receipt and print, which end the payment in flight, or a "print again" offer.
import type { OrderResponse } from '~/api/contract/orders';
import { runTerminal } from '~/api/pos';
import { errorMessage } from '~/api/errors';
import { receiptItems, receiptPayments, TerminalOperation } from '~/domain/terminal';
import { notify } from '~/stores/notifications';
import { terminalDeps, terminalSettings } from './desk-terminal';
import { forgetPayment, updatePayment } from './desk-payments';

/** Receipt (20) and print (30) of a recorded payment; a failure leaves a "print again" offer. */
export async function printPaymentReceipt(order: OrderResponse): Promise<boolean> {
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
