// What the kiosk sends to the payment terminal (spec §4, §7): the operation codes, the day it takes
// and the receipt lines of an order.
import type { ReceiptItem, Totem } from '../api/contract/kiosk';
import type { Order } from '../api/contract/orders';
import { roundMoney } from './money';

/**
 * The server takes payments of the fake POS (demo mode only; its settings say so). Elsewhere the
 * configuration does not offer the switch and a switch stored on the device is ignored: the fake POS
 * would record payments with no card charged.
 */
export function simulatedPosAllowed(totem: Pick<Totem, 'simulated_pos_allowed'> | null | undefined): boolean {
  return totem?.simulated_pos_allowed === true;
}

/** The fake terminal (no payment terminal configured) answers OK after this long. */
export const FAKE_POS_DELAY_MS = 2000;
/** The product category of every receipt line. */
export const RECEIPT_PRODUCT_CATEGORY = 'R1';
/**
 * The payment terminal's receipt and print (and the cashier close) give up after this long: a hung
 * orchestrator left "printing" on screen for ever, hiding "print again". They answer in seconds.
 */
export const TERMINAL_REQUEST_TIMEOUT_MS = 60_000;
/**
 * A card payment gives up waiting after this long (the customer's PIN, the bank's answer): the
 * charge is then in doubt (uncertain, staff read the terminal), never "failed".
 */
export const TERMINAL_PAY_TIMEOUT_MS = 5 * 60_000;

export const TerminalOperation = { PAY: 10, RECEIPT: 20, PRINT: 30, CLOSE_CASHIER: 40 } as const;
export type TerminalOperationCode = (typeof TerminalOperation)[keyof typeof TerminalOperation];

/** Discount shown on the receipt: what was taken off, never negative. */
export function receiptDiscount(originalTotal: number, total: number): number {
  return Math.max(0, roundMoney(Number(originalTotal) - Number(total)));
}

/** The terminal takes the day only: the first 10 characters of date_to. */
export function terminalDate(dateTo: string): string {
  return dateTo.slice(0, 10);
}

/**
 * One receipt line per order detail. Amounts may arrive as decimal strings from the API, so each is
 * made a number; a line's discount is its original total (the API's `original_total_price`, else
 * the unit price) minus what is charged.
 */
export function receiptItems(order: { order_detail_pools: { order_details: (Order['order_detail_pools'][number]['order_details'][number] & { original_total_price?: number })[] }[] }): ReceiptItem[] {
  return order.order_detail_pools.flatMap((pool) =>
    pool.order_details.map((detail) => {
      const unitPrice = Number(detail.unit_price);
      const totalPrice = Number(detail.total_price);
      const originalTotal = detail.original_total_price != null ? Number(detail.original_total_price) : unitPrice;
      return {
        description: detail.product_label,
        product_category: RECEIPT_PRODUCT_CATEGORY,
        unit_price: unitPrice,
        total_price: totalPrice,
        total_tax: Number(detail.total_tax),
        total_taxable: Number(detail.total_taxable),
        discount: receiptDiscount(originalTotal, totalPrice),
      };
    }),
  );
}

/** The receipt's payment lines: each method and what it took (a split prints both). */
export function receiptPayments(order: { payments?: readonly { method: string; amount: number }[] | undefined; total_amount: number }): { method: string; amount: number }[] {
  const payments = order.payments ?? [];
  return payments.length > 0 ? payments.map((p) => ({ method: p.method, amount: p.amount })) : [{ method: 'terminal', amount: order.total_amount }];
}
