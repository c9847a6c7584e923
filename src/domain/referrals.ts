// The referral report (GET v1/totem/referrals): per referral code, the orders placed in a period of
// Europe/Rome days and their total, summed in cents so a thousand orders of 0.10 make 100.00, not
// 99.99999; and the same report as CSV, for the API's export and the kiosk's download alike.
import type { ReferralReport, ReferralRow } from '../api/contract/referrals';
import { csvRows } from './csv';
import { toRomeDay } from './dates';

export interface ReferredOrder {
  ref: string | null;
  totalAmount: number;
  createdAt: Date;
}

const cents = (euros: number) => Math.round(euros * 100);

/**
 * The rows of a report: orders whose placing falls on a Rome day from `from` to `to` (both
 * included), grouped by referral, alphabetical. Orders without a referral are not a row: the report
 * answers "what did each referrer bring", and the shop's own orders are not one of them.
 */
export function referralReport(orders: readonly ReferredOrder[], from: string, to: string): ReferralReport {
  const byRef = new Map<string, { orders: number; cents: number }>();
  for (const order of orders) {
    if (!order.ref) continue;
    const day = toRomeDay(order.createdAt);
    if (day < from || day > to) continue;
    const row = byRef.get(order.ref) ?? { orders: 0, cents: 0 };
    row.orders += 1;
    row.cents += cents(order.totalAmount);
    byRef.set(order.ref, row);
  }
  const rows: ReferralRow[] = [...byRef.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([ref, row]) => ({ ref, orders: row.orders, total_amount: row.cents / 100 }));
  return {
    from,
    to,
    rows,
    orders: rows.reduce((n, r) => n + r.orders, 0),
    total_amount: rows.reduce((sum, r) => sum + cents(r.total_amount), 0) / 100,
  };
}

export interface ReferralCsvHeadings {
  ref: string;
  orders: string;
  total: string;
}

/** The report as CSV: a heading row, then one row per referral (amounts with 2 decimals and a point). */
export function referralReportCsv(report: Pick<ReferralReport, 'rows'>, headings: ReferralCsvHeadings): string {
  return csvRows([[headings.ref, headings.orders, headings.total], ...report.rows.map((r) => [r.ref, r.orders, r.total_amount.toFixed(2)])]);
}

/** The CSV's file name: the period in it, so two downloads do not overwrite each other. */
export function referralReportFileName(from: string, to: string): string {
  return `referrals-${from}-${to}.csv`;
}
