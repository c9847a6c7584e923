// Pickup at the counter, as pure rules: whether a scanned unit can be taken back, the
// pickup's body and date, how a price difference is worded (money back or a surcharge), and which
// units wait in the outbox. No DOM, no fetch: stores/pickup.ts feeds it what the API said.
import type { PickupRequest } from '../api/contract/delivery';
import type { I18nMessage } from './messages';
import { romeTime, toRomeDay } from './dates';
import { confirmMoment, type QueuedLike, type ScannedUnit } from './delivery';

/** A unit scanned as it comes back, waiting for Confirm. */
export interface PickupScan {
  code: string;
  /** Its open hand-out (null when scanned offline: the API finds it on Confirm). */
  deliveryDetailId: number | null;
  orderId: number | null;
  orderNumber: string;
  lineId: number | null;
  productLabel: string;
  /** A problem found on the unit: it is locked when it comes back. */
  problem: string | null;
  checked: boolean;
}

/** Whether a scanned unit can be taken back (for `orderId` when one is chosen). */
export function checkPickupScan(scans: readonly PickupScan[], unit: ScannedUnit, orderId: number | null): I18nMessage | null {
  const code = unit.internal_code;
  if (scans.some((s) => s.code === code)) return { key: 'kiosk.pickup.scan.duplicate', params: { code } };
  if (unit.status !== 'out' || !unit.out) return { key: 'kiosk.pickup.scan.notOut', params: { code } };
  if (orderId !== null && unit.out.order_id !== orderId) return { key: 'kiosk.pickup.scan.otherOrder', params: { code, order: unit.out.order_number } };
  return null;
}

export function pickupScanOf(unit: ScannedUnit): PickupScan {
  return {
    code: unit.internal_code,
    deliveryDetailId: unit.out?.delivery_detail_id ?? null,
    orderId: unit.out?.order_id ?? null,
    orderNumber: unit.out?.order_number ?? '',
    lineId: unit.out?.id_order_detail ?? null,
    productLabel: unit.product.label,
    problem: null,
    checked: true,
  };
}

/**
 * The pickup's `date`: for a return recorded today, the moment of Confirm itself (confirmMoment),
 * so one queued offline at closing and replayed the next morning is priced for the day it came
 * back; for a return recorded on another day, that day at the current Rome wall-clock time.
 */
export function pickupDate(day: string, now: Date): string {
  return day === toRomeDay(now) ? confirmMoment(now) : `${day} ${romeTime(now)}`;
}

/** The body of POST v1/pickup; `orderId` only when every unit is of that order. */
export function pickupRequest(scans: readonly PickupScan[], orderId: number | null, date: string): PickupRequest {
  return {
    ...(orderId !== null ? { order_id: orderId } : {}),
    date,
    items: scans.map((s) => ({ internal_code: s.code, ...(s.problem?.trim() ? { problem: s.problem.trim() } : {}) })),
  };
}

// ---- Price differences ------------------------------------------------------------------------

export type DiffKind = 'refund' | 'surcharge' | 'none';

/** A price difference as staff say it: money back (negative diff) or a surcharge, and how much. */
export function diffWording(diff: number): { kind: DiffKind; amount: number } {
  if (diff < 0) return { kind: 'refund', amount: -diff };
  if (diff > 0) return { kind: 'surcharge', amount: diff };
  return { kind: 'none', amount: 0 };
}

/** Unit codes of pickups still waiting in the outbox. */
export function queuedPickupCodes(outbox: readonly QueuedLike[]): Set<string> {
  const codes = new Set<string>();
  for (const entry of outbox) {
    if (entry.kind !== 'pickup' || entry.state !== 'pending') continue;
    for (const item of (entry.body as Partial<PickupRequest> | null)?.items ?? []) codes.add(String(item.internal_code).toUpperCase());
  }
  return codes;
}

