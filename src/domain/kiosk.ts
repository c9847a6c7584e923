// Kiosk (totem) rules of spec §4, §6, §7: roles, the hidden configuration gesture, the daily
// reload, and what is sent to the payment terminal.
import type { ReceiptItem, Totem, TotemType } from '../api/contract/kiosk';
import type { Order } from '../api/contract/orders';
import { FAKE_POS_DELAY_MS, KIOSK_TAP_COUNT, KIOSK_TAP_RESET_MS, RECEIPT_PRODUCT_CATEGORY } from './constants';
import { todayInRome } from './dates';
import { roundMoney } from './money';

export { FAKE_POS_DELAY_MS };

export const TerminalOperation = { PAY: 10, RECEIPT: 20, PRINT: 30, CLOSE_CASHIER: 40 } as const;
export type TerminalOperationCode = (typeof TerminalOperation)[keyof typeof TerminalOperation];

export const TotemTypes = { PUBLIC: 10, ADMIN: 20, ADMIN_CASH_DESK: 30 } as const satisfies Record<string, TotemType>;

export interface TotemRole {
  isAdmin: boolean;
  isCashDesk: boolean;
  /** The orders-list chip shows only on a totem whose type is not 10. */
  canSeeOrdersChip: boolean;
}

/** 10 public kiosk; 20 totem admin; 30 totem admin and cash desk. No totem: no role. */
export function totemRole(type: TotemType | number | null | undefined): TotemRole {
  const isAdmin = type === TotemTypes.ADMIN || type === TotemTypes.ADMIN_CASH_DESK;
  return { isAdmin, isCashDesk: type === TotemTypes.ADMIN_CASH_DESK, canSeeOrdersChip: type != null && type !== TotemTypes.PUBLIC };
}

/** Kiosk mode is on whenever a totem configuration exists. */
export function isTotemMode(totem: Pick<Totem, 'type'> | null | undefined): boolean {
  return totem != null;
}

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
 * made a number; a line's discount is its unit (original) price minus what is charged.
 */
export function receiptItems(order: Pick<Order, 'order_detail_pools'>): ReceiptItem[] {
  return order.order_detail_pools.flatMap((pool) =>
    pool.order_details.map((detail) => {
      const unitPrice = Number(detail.unit_price);
      const totalPrice = Number(detail.total_price);
      return {
        description: detail.product_label,
        product_category: RECEIPT_PRODUCT_CATEGORY,
        unit_price: unitPrice,
        total_price: totalPrice,
        total_tax: Number(detail.total_tax),
        total_taxable: Number(detail.total_taxable),
        discount: receiptDiscount(unitPrice, totalPrice),
      };
    }),
  );
}

/** Discount of a whole order, from its original and charged totals. */
export function orderDiscount(order: Pick<Order, 'original_total_amount' | 'total_amount'>): number {
  return receiptDiscount(order.original_total_amount, order.total_amount);
}

export interface TapState {
  count: number;
  /** Time (ms) of the first tap of the current 30-second window. */
  windowStart: number;
  /** True on the tap that opens the password dialog. */
  open: boolean;
}

export const initialTapState: TapState = { count: 0, windowStart: 0, open: false };

/**
 * Five taps within 30 s open the kiosk password dialog. The count restarts when the window is
 * over and after the dialog opened, so a sixth tap does not reopen it.
 */
export function tapCounter(state: TapState | null | undefined, nowMs: number): TapState {
  const fresh = !state || state.open || state.count === 0 || nowMs - state.windowStart >= KIOSK_TAP_RESET_MS;
  const count = fresh ? 1 : state.count + 1;
  const windowStart = fresh ? nowMs : state.windowStart;
  return { count, windowStart, open: count >= KIOSK_TAP_COUNT };
}

/** A kiosk reloads once a day: when the stored day (Europe/Rome) is not today. Store todayInRome(now) after. */
export function shouldReloadToday(lastRefresh: string | null | undefined, now: Date = new Date()): boolean {
  return lastRefresh !== todayInRome(now);
}

/** Confirm works only with a non-empty password equal to the configured one. */
export function isKioskPasswordAccepted(entered: string | null | undefined, configured: string | null | undefined): boolean {
  return !!entered && !!configured && entered === configured;
}
