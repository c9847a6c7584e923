// Delivery and pickup at the counter, as pure rules: the lines of an order per person
// and what is still to hand out, which line a scanned unit goes to, what is still out, the extras
// in the shape of spec §3, what waits in the outbox, and how a price difference is worded.
// No DOM, no fetch: the stores (stores/delivery.ts, stores/pickup.ts) feed it what the API said.
import type { PersonMeasures } from './person-measures';
import type { DeliveryDetail } from '../api/contract/orders';
import type { OrderResponse } from '../api/contract/orders';
import type { DeliveryRequest } from '../api/contract/delivery';
import { romeTime, toRomeDay } from './dates';
import type { I18nMessage } from './messages';
import { delta, isEmpty, parseDecimal, quantity, validate, type ValidationResult } from './validators';

/**
 * A kiosk's look-up of a scanned unit gives up after this long and the scan goes on unchecked (the
 * API judges it on Confirm): scans are handled one at a time, so a lookup hung on a half-open shop
 * Wi-Fi would otherwise hold every later scan silently behind it. A lookup answers in well under a
 * second; a scanner's next beep should not wait longer than this.
 */
export const KIOSK_LOOKUP_TIMEOUT_MS = 5_000;

/** The highest price staff may type for an extra unit (the API's own bound). */
export const MAX_EXTRA_PRICE = 100_000;

type Order = Pick<OrderResponse, 'id' | 'order_detail_pools' | 'delivery'>;

export type LineStatus = 'todo' | 'out' | 'back';

/** One order line: one unit to hand out for one person. */
export interface DeliveryLine {
  id: number;
  /** 0-based position of the person (pool) in the order. */
  person: number;
  /** The person's name as typed in the order, or '' when none was given. */
  personName: string;
  /** The person's measures (height, weight, shoe size, level), for the boots and bindings. */
  personMeasures: PersonMeasures | null;
  productId: number;
  productLabel: string;
  /** The size booked (a product whose units differ by size); null for any. */
  size: string | null;
  isAddOn: boolean;
  unitPrice: number;
  /** The line's latest hand-out, or null when it never went out. */
  handOut: DeliveryDetail | null;
  status: LineStatus;
}

const latest = (details: readonly DeliveryDetail[]) => details.reduce<DeliveryDetail | null>((best, d) => (!best || d.id > best.id ? d : best), null);

export function statusOf(detail: DeliveryDetail | null): LineStatus {
  if (!detail || !detail.datetime_delivery) return 'todo';
  return detail.datetime_return ? 'back' : 'out';
}

export const unitCodeOf = (detail: DeliveryDetail): string => detail.delivery_detail_specific_product?.specific_product.internal_code ?? '';

/** Every line of the order, person by person, with its latest hand-out. */
export function deliveryLines(order: Order): DeliveryLine[] {
  const details = order.delivery?.delivery_details ?? [];
  return order.order_detail_pools.flatMap((pool, person) =>
    pool.order_details.map((line) => {
      const handOut = latest(details.filter((d) => d.id_order_detail === line.id));
      return {
        id: line.id,
        person,
        personName: [pool.customer?.first_name, pool.customer?.last_name].filter(Boolean).join(' '),
        personMeasures: pool.customer ? { height: pool.customer.height, weight: pool.customer.weight, shoe_size: pool.customer.shoe_size, level: pool.customer.level } : null,
        productId: line.product_id,
        productLabel: line.product_label,
        size: line.size ?? null,
        isAddOn: line.is_add_on,
        unitPrice: line.unit_price,
        handOut,
        status: statusOf(handOut),
      };
    }),
  );
}

/** The lines grouped per person, in the order's order. */
export function linesByPerson(lines: readonly DeliveryLine[]): DeliveryLine[][] {
  const groups: DeliveryLine[][] = [];
  for (const line of lines) (groups[line.person] ??= []).push(line);
  return groups.filter(Boolean);
}

export interface DeliveryProgressSummary {
  lines: number;
  todo: number;
  out: number;
  back: number;
  /** Some lines went out, others not yet. */
  partial: boolean;
}

export function deliverySummary(lines: readonly DeliveryLine[]): DeliveryProgressSummary {
  const count = (s: LineStatus) => lines.filter((l) => l.status === s).length;
  const todo = count('todo');
  return { lines: lines.length, todo, out: count('out'), back: count('back'), partial: todo > 0 && todo < lines.length };
}

/** An extra specific product (spec §3): a unit handed out without an order line, with its delivery block. */
export interface ExtraSpecificProduct {
  id: number;
  internal_code: string;
  product_model: string | null;
  delivery: { id: number; date: string | null; date_return: string | null; forced: boolean; deleted: false; add: false };
  pickup: string | null;
  used: boolean;
  managed: boolean;
  price: number | null;
}

export function extraProducts(order: Order): ExtraSpecificProduct[] {
  return (order.delivery?.delivery_details ?? [])
    .filter((d) => d.id_order_detail === null)
    .map((d) => ({
      id: d.delivery_detail_specific_product?.specific_product.id ?? d.id,
      internal_code: unitCodeOf(d),
      product_model: d.delivery_detail_specific_product?.specific_product.product_model ?? null,
      delivery: { id: d.id, date: d.datetime_delivery ?? null, date_return: d.datetime_return ?? null, forced: d.forced, deleted: false, add: false },
      pickup: d.datetime_return ?? null,
      used: d.used,
      managed: d.managed,
      price: d.price ?? null,
    }));
}

/** Hand-outs of the order (lines and extras) that are not back yet. */
export function stillOut(order: Order): DeliveryDetail[] {
  return (order.delivery?.delivery_details ?? []).filter((d) => statusOf(d) === 'out');
}

/** Hand-outs of the order that are back (their pickup can be undone). */
export function returned(order: Order): DeliveryDetail[] {
  return (order.delivery?.delivery_details ?? []).filter((d) => statusOf(d) === 'back');
}

// ---- Scanning -------------------------------------------------------------------------------

/** What the API says of a scanned unit (GET v1/specific_products/{code}). */
export interface ScannedUnit {
  internal_code: string;
  status: 'out' | 'locked' | 'available';
  product: { id: number; label: string };
  product_model?: string | null;
  size?: string | null;
  out: { delivery_detail_id: number; order_id: number; order_number: string; id_order_detail: number | null; date_to: string } | null;
}

/** A unit scanned for a delivery, waiting for Confirm. */
export interface DeliveryScan {
  code: string;
  /** The line it goes to; null for an extra. */
  lineId: number | null;
  forced: boolean;
  /** Why another product was given (required with `forced`). */
  reason: string;
  /** An extra's price as typed ('' when none). */
  price: string;
  productId: number | null;
  productLabel: string;
  /** False when scanned while the API could not be reached: the API judges it on Confirm. */
  checked: boolean;
}

export type ScanVerdict =
  | { ok: true; lineId: number }
  | { ok: false; refusal: I18nMessage; offer: 'force' | 'extra' | null };

const refusal = (key: string, params: Record<string, unknown>, offer: 'force' | 'extra' | null = null): ScanVerdict => ({
  ok: false,
  refusal: { key: `kiosk.delivery.scan.${key}`, params },
  offer,
});

/** Lines still to hand out that no scan of the draft (nor a queued delivery) took yet. */
export function freeLines(lines: readonly DeliveryLine[], scans: readonly Pick<DeliveryScan, 'lineId'>[], pendingLineIds: ReadonlySet<number> = new Set()): DeliveryLine[] {
  const taken = new Set(scans.map((s) => s.lineId));
  return lines.filter((l) => l.status === 'todo' && !taken.has(l.id) && !pendingLineIds.has(l.id));
}

/**
 * Which line a scanned unit goes to: the first free line of the same product and of the unit's
 * size when the line booked one. A locked unit, one already out, one already scanned, one of
 * another size than every free line of its product booked (never forced: the API refuses it too),
 * or one of another product (it needs an explicit force) is refused; a unit with no line left to
 * fill may go out as an extra.
 */
export function assignScan(lines: readonly DeliveryLine[], scans: readonly DeliveryScan[], unit: ScannedUnit, pendingLineIds?: ReadonlySet<number>): ScanVerdict {
  const code = unit.internal_code;
  if (scans.some((s) => s.code === code)) return refusal('duplicate', { code });
  if (unit.status === 'locked') return refusal('locked', { code });
  if (unit.status === 'out') return refusal('out', { code, order: unit.out?.order_number ?? '' });
  const free = freeLines(lines, scans, pendingLineIds);
  const ofProduct = free.filter((l) => l.productId === unit.product.id);
  const match = ofProduct.find((l) => unitFitsSize(l.size, unit.size));
  if (match) return { ok: true, lineId: match.id };
  if (ofProduct.length > 0) return refusal('wrongSize', { code, size: unit.size ?? '–', wanted: ofProduct.map((l) => l.size).join(', '), product: unit.product.label });
  if (free.length > 0) return refusal('wrongProduct', { code, product: free[0]!.productLabel }, 'force');
  return refusal('noLine', { code }, 'extra');
}

/** Offline: the unit cannot be looked up, so it takes the first free line and the API judges it on Confirm. */
export function assignUnchecked(lines: readonly DeliveryLine[], scans: readonly DeliveryScan[], code: string, pendingLineIds?: ReadonlySet<number>): ScanVerdict {
  if (scans.some((s) => s.code === code)) return refusal('duplicate', { code });
  const free = freeLines(lines, scans, pendingLineIds);
  return free.length > 0 ? { ok: true, lineId: free[0]!.id } : refusal('noLine', { code }, 'extra');
}

/**
 * Whether a physical unit may be handed out for an order line: one of the line's size, any unit
 * when the line has none. The API's delivery check (server/staff/delivery.ts) uses it too.
 */
export function unitFitsSize(lineSize: string | null | undefined, unitSize: string | null | undefined): boolean {
  return !lineSize || lineSize === unitSize;
}

/** Scanner input: trimmed, upper case (labels are printed in capitals; the API compares so). */
export const normalizeCode = (text: string): string => text.trim().toUpperCase();

/** An extra's price: blank (no price), else a positive amount within ±20 % of the reference when there is one. */
export function validateExtraPrice(value: string, reference: number | null): ValidationResult {
  if (isEmpty(value)) return true;
  const rules = [quantity(MAX_EXTRA_PRICE), ...(reference && reference > 0 ? [delta(reference)] : [])];
  return validate(value, rules);
}

/** A reference price for an extra: what the order pays for one unit of the same product, if any. */
export function extraPriceReference(lines: readonly DeliveryLine[], productId: number | null): number | null {
  return lines.find((l) => l.productId === productId && l.unitPrice > 0)?.unitPrice ?? null;
}

/**
 * The moment staff confirmed, as the API reads it: Rome wall-clock time to the millisecond
 * ('2026-12-23 18:59:07.250'). Sent with every hand-out and return, so one queued offline and
 * replayed the next morning is recorded (and priced) when it happened, not when it landed; to the
 * millisecond, so a return confirmed right after its hand-out is never "before" it.
 */
export function confirmMoment(now: Date): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  // Rome is a whole number of hours from UTC: the seconds and milliseconds are the instant's own.
  return `${toRomeDay(now)} ${romeTime(now)}:${pad(now.getUTCSeconds(), 2)}.${pad(now.getUTCMilliseconds(), 3)}`;
}

/** The body of POST v1/delivery for the scans of the draft, confirmed at `date` (confirmMoment). */
export function deliveryRequest(orderId: number, scans: readonly DeliveryScan[], date: string): DeliveryRequest {
  return {
    order_id: orderId,
    date,
    delivery_details: scans.map((s) => ({
      internal_code: s.code,
      ...(s.lineId !== null ? { id_order_detail: s.lineId } : {}),
      forced: s.forced,
      ...(s.forced && s.reason.trim() ? { reason: s.reason.trim() } : {}),
      ...(s.lineId === null && !isEmpty(s.price) ? { price: parseDecimal(s.price) } : {}),
    })),
  };
}

// ---- Outbox -----------------------------------------------------------------------------------

export interface QueuedLike {
  kind: string;
  body: unknown;
  state: string;
}

/** Order lines and unit codes of deliveries still waiting in the outbox for this order. */
export function queuedDelivery(outbox: readonly QueuedLike[], orderId: number): { lineIds: Set<number>; codes: Set<string> } {
  const lineIds = new Set<number>();
  const codes = new Set<string>();
  for (const entry of outbox) {
    if (entry.kind !== 'delivery' || entry.state !== 'pending') continue;
    const body = entry.body as Partial<DeliveryRequest> | null;
    if (Number(body?.order_id) !== orderId) continue;
    for (const d of body?.delivery_details ?? []) {
      codes.add(String(d.internal_code).toUpperCase());
      if (d.id_order_detail != null) lineIds.add(Number(d.id_order_detail));
    }
  }
  return { lineIds, codes };
}

/** The refusal of a confirmation, per scan: `delivery_details.3.internal_code` → the 4th scan's code. */
export function errorsByIndex(errors: Record<string, string[]>, prefix: string): Map<number, string> {
  const byIndex = new Map<number, string>();
  for (const [field, messages] of Object.entries(errors)) {
    const m = new RegExp(`^${prefix}\\.(\\d+)\\.`).exec(field);
    if (m && messages[0]) byIndex.set(Number(m[1]), messages[0]);
  }
  return byIndex;
}
