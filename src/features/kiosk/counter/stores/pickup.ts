// The pickup counter (/totem/pickup): units scanned as they come back, with or without
// an order chosen first (a scanned unit finds its open hand-out and its order), a problem noted on
// a unit (it is locked when back), the price difference of an early or late return shown before
// Confirm (GET v1/delivery_details/{id}/diff?to=) and after it (GET v1/order_details/{id}/diff),
// the pickup and its resets sent through the outbox. The draft (the orders' references and the
// scanned codes) is kept until sent or queued; the orders themselves are read from the API and held
// in memory only (./pickup-orders.ts).
import { atom } from 'nanostores';
import { ApiClientError } from '~/api/client';
import { confirmations, fetchOrder, handOutDiff, lineDiff, lookUpUnit } from '~/api/delivery';
import type { PriceDiff } from '~/api/contract/delivery';
import type { OrderResponse } from '~/api/contract/orders';
import { todayInRome } from '~/domain/dates';
import { confirmMoment, errorsByIndex, normalizeCode } from '~/domain/delivery';
import { checkPickupScan, pickupDate, pickupRequest, pickupScanOf, queuedPickupCodes, type PickupScan } from '~/domain/pickup';
import { emptyPickupDraft, isOffline, orderRef, type PickupDraft } from './delivery-drafts';
import type { ScanFeedback } from '~/features/kiosk/shared/stores/scan-feedback';
import { kioskOutbox, type KioskOutbox } from '~/features/kiosk/shared/stores/kiosk-outbox';
import { createPickupOrders } from './pickup-orders';
import { loadApi } from '~/stores/api-loader';

/** The day the units are recorded back. */
export const returnDayOf = (draft: PickupDraft, now = new Date()): string => draft.returnDay ?? todayInRome(now);

export type PickupConfirmResult = { status: 'sent' | 'queued' | 'refused' | 'invalid' | 'busy' };

/**
 * The pickup counter's state and actions, sending through `outbox`: the page has one (below), a
 * test makes its own. Scans are handled one after another (`queue`); the latest pricing wins.
 */
export function createPickup({ outbox }: { outbox: KioskOutbox }) {
  const { $pickupDraft, $pickupOrders, $pickupOrdersReading, $pickupCounter, refreshPickupOrders, followPickupLandings, keepPickupOrder: keepOrder, updatePickupDraft: update } =
    createPickupOrders(outbox);
  let serial = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let diffRequest = 0;

  const $pickupFeedback = atom<ScanFeedback | null>(null);
  const $pickupErrors = atom<Record<string, string>>({});
  const $pickupBusy = atom(false);

  /** Price differences per scanned code, for the return day of the draft ('error': could not be priced now). */
  const $pickupDiffs = atom<Record<string, PriceDiff | 'loading' | 'error'>>({});
  /** After a Confirm: each returned unit's difference as the API now settles it. */
  const $pickupSettled = atom<{ code: string; diff: PriceDiff }[]>([]);

  function feedback(entry: Omit<ScanFeedback, 'serial' | 'offer' | 'unit'>): void {
    $pickupFeedback.set({ offer: null, unit: null, ...entry, serial: ++serial });
  }

  /** Chooses the order whose units come back; units of other orders are then refused. */
  function openPickupOrder(order: OrderResponse): void {
    const orders = [orderRef(order)];
    update((draft) => (draft.orderId === order.id ? { ...draft, orders } : { ...emptyPickupDraft(), returnDay: draft.returnDay, orderId: order.id, orders }));
    $pickupOrders.set([order]);
    $pickupErrors.set({});
    $pickupFeedback.set(null);
    $pickupSettled.set([]);
  }

  function closePickup(): void {
    $pickupDraft.set(emptyPickupDraft());
    $pickupOrders.set([]);
    $pickupOrdersReading.set(null);
    $pickupErrors.set({});
    $pickupFeedback.set(null);
    $pickupDiffs.set({});
    $pickupSettled.set([]);
  }

  async function scanOne(text: string): Promise<boolean> {
    const code = normalizeCode(text);
    if (!code) return false;
    const draft = $pickupDraft.get();
    if (queuedPickupCodes(outbox.$outbox.get()).has(code)) {
      feedback({ code, tone: 'refused', message: { key: 'kiosk.pickup.scan.queued', params: { code } } });
      return false;
    }
    try {
      const unit = await lookUpUnit(await loadApi(), code);
      const refusal = checkPickupScan(draft.scans, unit, draft.orderId);
      if (refusal) {
        feedback({ code, tone: 'refused', message: refusal });
        return false;
      }
      const scan = pickupScanOf(unit);
      update((d) => ({ ...d, scans: [...d.scans, scan] }));
      feedback({ code, tone: 'ok', message: { key: 'kiosk.pickup.scan.added', params: { code, product: unit.product.label, order: scan.orderNumber } } });
      // Without a chosen order, the unit's own order comes on the counter (its other units still out show).
      if (scan.orderId !== null && !$pickupDraft.get().orders.some((o) => o.id === scan.orderId)) {
        void loadApi().then((api) => fetchOrder(api, scan.orderId!)).then(keepOrder, () => undefined);
      }
      void loadDiffs();
      return true;
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 404) {
        feedback({ code, tone: 'refused', message: { key: 'kiosk.pickup.scan.unknown', params: { code } } });
        return false;
      }
      if (!isOffline(err)) {
        feedback({ code, tone: 'refused', message: { text: (err as Error).message } });
        return false;
      }
      if (draft.scans.some((s) => s.code === code)) {
        feedback({ code, tone: 'refused', message: { key: 'kiosk.pickup.scan.duplicate', params: { code } } });
        return false;
      }
      // No answer: kept unchecked; the API finds its hand-out on Confirm.
      const scan: PickupScan = { code, deliveryDetailId: null, orderId: draft.orderId, orderNumber: '', lineId: null, productLabel: '', problem: null, checked: false };
      update((d) => ({ ...d, scans: [...d.scans, scan] }));
      feedback({ code, tone: 'warning', message: { key: 'kiosk.pickup.scan.unchecked', params: { code } } });
      return true;
    }
  }

  /** A code typed or scanned (Enter), handled in the order they came. True when it was added. */
  function scanForPickup(text: string): Promise<boolean> {
    const next = queue.then(() => scanOne(text));
    queue = next.catch(() => false);
    return next;
  }

  function removePickupScan(code: string): void {
    update((draft) => ({ ...draft, scans: draft.scans.filter((s) => s.code !== code) }));
    const diffs = { ...$pickupDiffs.get() };
    delete diffs[code];
    $pickupDiffs.set(diffs);
  }

  /** A problem noted on a unit (null: none); the unit is locked when it comes back. */
  function setProblem(code: string, problem: string | null): void {
    update((draft) => ({ ...draft, scans: draft.scans.map((s) => (s.code === code ? { ...s, problem } : s)) }));
  }

  /** The day the units are recorded back (null or today: now). */
  function setReturnDay(day: string | null): void {
    update((draft) => ({ ...draft, returnDay: day && day !== todayInRome() ? day : null }));
    void loadDiffs();
  }

  /** Prices each scanned unit's return on the draft's day (before Confirm). */
  async function loadDiffs(): Promise<void> {
    const ticket = ++diffRequest;
    const draft = $pickupDraft.get();
    const to = returnDayOf(draft);
    const scans = draft.scans.filter((s) => s.deliveryDetailId !== null);
    $pickupDiffs.set(Object.fromEntries(scans.map((s) => [s.code, $pickupDiffs.get()[s.code] ?? 'loading'])));
    const priced = await Promise.all(
      scans.map(async (s): Promise<[string, PriceDiff | 'error']> => {
        try {
          return [s.code, await handOutDiff(await loadApi(), s.deliveryDetailId!, to)];
        } catch {
          return [s.code, 'error'];
        }
      }),
    );
    if (ticket === diffRequest) $pickupDiffs.set(Object.fromEntries(priced));
  }

  /**
   * Sends the scanned units back as one pickup, dated now or on the chosen day (pickupDate). As at
   * delivery (confirmDelivery), the units leave the draft as the pickup enters the outbox: a reload
   * while it is sent cannot confirm them twice, and units scanned (or an order chosen) while a slow
   * line answers are never erased by that answer. A refusal brings them back with the API's words.
   */
  async function confirmPickup(): Promise<PickupConfirmResult> {
    const draft = $pickupDraft.get();
    if (draft.scans.length === 0) return { status: 'invalid' };
    if ($pickupBusy.get()) return { status: 'busy' };
    $pickupBusy.set(true);
    try {
      const orderIds = new Set(draft.scans.map((s) => s.orderId ?? draft.orderId));
      const orderId = draft.orderId ?? (orderIds.size === 1 ? [...orderIds][0] ?? null : null);
      const now = new Date();
      const body = pickupRequest(draft.scans, orderId, pickupDate(returnDayOf(draft, now), now));
      const ref = draft.orders.find((o) => o.id === orderId)?.number ?? draft.scans.map((s) => s.code).join(', ');
      const { path, parse } = confirmations.pickup;
      const sending = outbox.sendConfirmation('pickup', path, body, ref, parse);
      const sent = new Set(draft.scans.map((s) => s.code));
      const unsent = (scans: readonly PickupScan[]) => scans.filter((s) => !sent.has(s.code));
      update((d) => ({ ...d, scans: unsent(d.scans) }));
      $pickupDiffs.set(Object.fromEntries(Object.entries($pickupDiffs.get()).filter(([code]) => !sent.has(code))));
      // Still the counter the pickup was confirmed on (no other order chosen meanwhile).
      const sameCounter = (d: PickupDraft) => d.orderId === draft.orderId;
      const outcome = await sending;
      if (outcome.status === 'refused') {
        update((d) => (sameCounter(d) ? { ...d, scans: [...draft.scans, ...unsent(d.scans)] } : d));
        void loadDiffs();
        const byIndex = errorsByIndex(outcome.errors, 'items');
        $pickupErrors.set(Object.fromEntries([...byIndex].flatMap(([i, message]) => (draft.scans[i] ? [[draft.scans[i]!.code, message]] : []))));
        const first = [...byIndex.values()][0] ?? Object.values(outcome.errors)[0]?.[0] ?? outcome.message;
        feedback({ code: '', tone: 'refused', message: { text: first } });
        return { status: 'refused' };
      }
      $pickupErrors.set({});
      const count = draft.scans.length;
      if (outcome.status === 'sent') {
        if (sameCounter($pickupDraft.get())) for (const order of outcome.data) keepOrder(order);
        feedback({ code: '', tone: 'ok', message: { key: 'kiosk.pickup.sent', params: { count } } });
        void settle(draft.scans, returnDayOf(draft, now));
      } else {
        feedback({ code: '', tone: 'warning', message: { key: 'kiosk.pickup.queued', params: { count } } });
      }
      return { status: outcome.status };
    } finally {
      $pickupBusy.set(false);
    }
  }

  /** After the pickup: each unit's difference as the API settles it (the line's, or the extra's hand-out). */
  async function settle(scans: readonly PickupScan[], day: string): Promise<void> {
    const settled = await Promise.all(
      scans.map(async (s) => {
        try {
          if (s.lineId !== null) return { code: s.code, diff: await lineDiff(await loadApi(), s.lineId) };
          if (s.deliveryDetailId !== null) return { code: s.code, diff: await handOutDiff(await loadApi(), s.deliveryDetailId, day) };
        } catch {
          // Not priced now: the order shows it at the cash desk.
        }
        return null;
      }),
    );
    $pickupSettled.set(settled.filter((s): s is { code: string; diff: PriceDiff } => s !== null));
  }

  /**
   * Undoes a unit's pickup: it is out again for its order. Dated now (confirmMoment) like every
   * confirmation: replayed from the outbox after a later return of the unit, the server refuses it
   * instead of undoing that later return.
   */
  async function resetLinePickup(deliveryDetailId: number, code: string): Promise<PickupConfirmResult> {
    if ($pickupBusy.get()) return { status: 'busy' };
    $pickupBusy.set(true);
    try {
      const { path, parse } = confirmations.resetPickup;
      const outcome = await outbox.sendConfirmation('reset_pickup', path(deliveryDetailId), { date: confirmMoment(new Date()) }, code, parse);
      if (outcome.status === 'sent') {
        if ($pickupDraft.get().orders.some((o) => o.id === outcome.data.id)) keepOrder(outcome.data);
        feedback({ code, tone: 'ok', message: { key: 'kiosk.pickup.resetDone', params: { code } } });
      } else if (outcome.status === 'queued') {
        feedback({ code, tone: 'warning', message: { key: 'kiosk.pickup.resetQueued', params: { code } } });
      } else {
        feedback({ code, tone: 'refused', message: { text: Object.values(outcome.errors)[0]?.[0] ?? outcome.message } });
      }
      return { status: outcome.status };
    } finally {
      $pickupBusy.set(false);
    }
  }

  return {
    $pickupDraft,
    $pickupOrders,
    $pickupOrdersReading,
    $pickupCounter,
    $pickupFeedback,
    $pickupErrors,
    $pickupBusy,
    $pickupDiffs,
    $pickupSettled,
    refreshPickupOrders,
    followPickupLandings,
    openPickupOrder,
    closePickup,
    scanForPickup,
    removePickupScan,
    setProblem,
    setReturnDay,
    loadDiffs,
    confirmPickup,
    resetLinePickup,
  };
}

export const {
  $pickupDraft,
  $pickupOrders,
  $pickupOrdersReading,
  $pickupCounter,
  $pickupFeedback,
  $pickupErrors,
  $pickupBusy,
  $pickupDiffs,
  $pickupSettled,
  refreshPickupOrders,
  followPickupLandings,
  openPickupOrder,
  closePickup,
  scanForPickup,
  removePickupScan,
  setProblem,
  setReturnDay,
  loadDiffs,
  confirmPickup,
  resetLinePickup,
} = createPickup({ outbox: kioskOutbox });
