// The delivery counter (/totem/delivery): the order on the counter and the units
// scanned for it (a persisted draft: the order's reference and the codes), each scan looked up and
// assigned to a line (domain/delivery), and the confirmation and line resets sent through the
// outbox (stores/kiosk-outbox.ts), so an outage or a reload loses nothing and nothing goes out
// twice. The order itself is read from the API and held in memory only (./delivery-order.ts).
// Components render and dispatch.
import { atom } from 'nanostores';
import { ApiClientError } from '~/api/client';
import { confirmations, lookUpUnit } from '~/api/delivery';
import type { OrderResponse } from '~/api/contract/orders';
import {
  assignScan,
  assignUnchecked,
  confirmMoment,
  deliveryLines,
  deliveryRequest,
  errorsByIndex,
  normalizeCode,
  queuedDelivery,
  validateExtraPrice,
  extraPriceReference,
  type DeliveryScan,
  type ScannedUnit,
} from '~/domain/delivery';
import type { I18nMessage } from '~/domain/messages';
import { emptyDeliveryDraft, isOffline, orderRef } from './delivery-drafts';
import { createDeliveryOrder } from './delivery-order';
import { kioskOutbox, type KioskOutbox } from '~/features/kiosk/shared/stores/kiosk-outbox';
import type { ScanFeedback } from '~/features/kiosk/shared/stores/scan-feedback';
import { loadApi } from '~/stores/api-loader';

export type ConfirmResult = { status: 'sent' | 'queued' | 'refused' | 'invalid' | 'busy' };

/**
 * The delivery counter's state and actions, sending through `outbox`: the page has one (below),
 * a test makes its own. Its scans are handled one after another (`queue`), each feedback numbered.
 */
export function createDelivery({ outbox }: { outbox: KioskOutbox }) {
  const { $deliveryDraft, $deliveryOrder, $deliveryOrderReading, $deliveryDocumentMissing, counterOrder, refreshDeliveryOrder, followLandings, showDeliveryOrder: showOrder, updateDeliveryDraft: update } =
    createDeliveryOrder(outbox);
  let serial = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const $deliveryFeedback = atom<ScanFeedback | null>(null);
  /** The API's refusal of the last Confirm, per scanned code. */
  const $deliveryErrors = atom<Record<string, string>>({});
  /** A Confirm or a reset on its way: a second tap does nothing. */
  const $deliveryBusy = atom(false);

  function feedback(entry: Omit<ScanFeedback, 'serial' | 'offer' | 'unit'> & Partial<Pick<ScanFeedback, 'offer' | 'unit'>>): void {
    $deliveryFeedback.set({ offer: null, unit: null, ...entry, serial: ++serial });
  }

  /** Lines of orders whose delivery waits in the outbox are not free for another scan. */
  function pendingLines(orderId: number) {
    return queuedDelivery(outbox.$outbox.get(), orderId);
  }

  /** Puts an order on the counter; its scans are kept when it already was. */
  function openDeliveryOrder(order: OrderResponse): void {
    update((draft) => (draft.order?.id === order.id ? { ...draft, order: orderRef(order) } : { order: orderRef(order), scans: [] }));
    showOrder(order);
    $deliveryErrors.set({});
    $deliveryFeedback.set(null);
  }

  /** Clears the counter (the component asks first when scans would be lost). */
  function closeDeliveryOrder(): void {
    $deliveryDraft.set(emptyDeliveryDraft());
    $deliveryOrder.set(null);
    $deliveryOrderReading.set(null);
    $deliveryErrors.set({});
    $deliveryFeedback.set(null);
  }

  async function scanOne(text: string): Promise<boolean> {
    const code = normalizeCode(text);
    const ref = $deliveryDraft.get().order;
    if (!code || !ref) return false;
    const pending = pendingLines(ref.id);
    if (pending.codes.has(code)) {
      feedback({ code, tone: 'refused', message: { key: 'kiosk.delivery.scan.queued', params: { code } } });
      return false;
    }
    const order = counterOrder();
    if (!order) {
      // Its lines are unknown until it is read: no line to give the unit.
      feedback({ code, tone: 'refused', message: { key: 'kiosk.delivery.scan.notLoaded', params: { code } } });
      void refreshDeliveryOrder();
      return false;
    }
    const lines = deliveryLines(order);
    let unit: ScannedUnit;
    try {
      unit = await lookUpUnit(await loadApi(), code);
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 404) {
        feedback({ code, tone: 'refused', message: { key: 'kiosk.delivery.scan.unknown', params: { code } } });
        return false;
      }
      if (!isOffline(err)) {
        feedback({ code, tone: 'refused', message: { text: (err as Error).message } });
        return false;
      }
      // No answer: the unit cannot be checked now; it takes a line and the API judges it on Confirm.
      const verdict = assignUnchecked(lines, $deliveryDraft.get().scans, code, pending.lineIds);
      if (!verdict.ok) {
        feedback({ code, tone: 'refused', message: verdict.refusal, offer: verdict.offer });
        return false;
      }
      addScan({ code, lineId: verdict.lineId, forced: false, reason: '', price: '', productId: null, productLabel: '', checked: false });
      feedback({ code, tone: 'warning', message: { key: 'kiosk.delivery.scan.unchecked', params: { code } } });
      return true;
    }
    const verdict = assignScan(lines, $deliveryDraft.get().scans, unit, pending.lineIds);
    if (!verdict.ok) {
      feedback({ code, tone: 'refused', message: verdict.refusal, offer: verdict.offer, unit: { productId: unit.product.id, productLabel: unit.product.label } });
      return false;
    }
    addScan({ code, lineId: verdict.lineId, forced: false, reason: '', price: '', productId: unit.product.id, productLabel: unit.product.label, checked: true });
    const line = lines.find((l) => l.id === verdict.lineId)!;
    feedback({ code, tone: 'ok', message: { key: 'kiosk.delivery.scan.added', params: { code, product: line.productLabel, person: line.person + 1 } } });
    return true;
  }

  function addScan(scan: DeliveryScan): void {
    update((draft) => ({ ...draft, scans: [...draft.scans.filter((s) => s.code !== scan.code), scan] }));
    const errors = { ...$deliveryErrors.get() };
    delete errors[scan.code];
    $deliveryErrors.set(errors);
  }

  /**
   * A code typed or scanned (Enter). Scans are handled one after another, in the order they came,
   * so a scanner firing codes faster than the API answers fills the lines in that order.
   * Resolves true when the unit was added to the draft.
   */
  function scanForDelivery(text: string): Promise<boolean> {
    const next = queue.then(() => scanOne(text));
    queue = next.catch(() => false);
    return next;
  }

  /** A unit of another product given for a line on purpose (a size swap…): needs a reason. */
  function forceScan(code: string, lineId: number, reason: string, unit: { productId: number; productLabel: string }): I18nMessage | null {
    if (!reason.trim()) return { key: 'validators.required' };
    addScan({ code: normalizeCode(code), lineId, forced: true, reason: reason.trim(), price: '', productId: unit.productId, productLabel: unit.productLabel, checked: true });
    feedback({ code, tone: 'ok', message: { key: 'kiosk.delivery.scan.forced', params: { code } } });
    return null;
  }

  /** A unit handed out without a line (an extra specific product, spec §3), with an optional price. */
  function addExtra(code: string, unit: { productId: number; productLabel: string }): void {
    addScan({ code: normalizeCode(code), lineId: null, forced: false, reason: '', price: '', productId: unit.productId, productLabel: unit.productLabel, checked: true });
    feedback({ code, tone: 'ok', message: { key: 'kiosk.delivery.scan.extra', params: { code } } });
  }

  function setExtraPrice(code: string, price: string): void {
    update((draft) => ({ ...draft, scans: draft.scans.map((s) => (s.code === code ? { ...s, price } : s)) }));
  }

  /**
   * The validator's verdict on an extra's price (its reference: what the order pays for the same
   * product). A price waits for the order to be read: the ±20 % rule needs its lines.
   */
  function extraPriceError(scan: DeliveryScan): I18nMessage | null {
    const order = counterOrder();
    if (!order && scan.price.trim()) return { key: 'kiosk.delivery.scanned.priceNeedsOrder' };
    const reference = order ? extraPriceReference(deliveryLines(order), scan.productId) : null;
    const result = validateExtraPrice(scan.price, reference);
    return result === true ? null : result;
  }

  function removeScan(code: string): void {
    update((draft) => ({ ...draft, scans: draft.scans.filter((s) => s.code !== code) }));
  }

  /**
   * Sends the scans as one delivery (a partial one is fine), dated now (confirmMoment). The scans
   * leave the draft as the confirmation enters the outbox, in the same tick: a reload while it is
   * sent finds them sending, not on the counter to confirm again, and a scan (or another order) taken
   * while a slow line answers is the draft's own, never erased by that answer. Only a refusal brings
   * the sent scans back, to the order they were for, with the API's words.
   */
  async function confirmDelivery(): Promise<ConfirmResult> {
    const { order, scans } = $deliveryDraft.get();
    if (!order || scans.length === 0) return { status: 'invalid' };
    if ($deliveryBusy.get()) return { status: 'busy' };
    if (scans.some((s) => s.lineId === null && extraPriceError(s))) return { status: 'invalid' };
    $deliveryBusy.set(true);
    try {
      const { path, parse } = confirmations.delivery;
      // The reference is enough: the API judges the scans, the outbox keeps them through an outage.
      const sending = outbox.sendConfirmation('delivery', path, deliveryRequest(order.id, scans, confirmMoment(new Date())), order.number, parse);
      const sent = new Set(scans.map((s) => s.code));
      update((draft) => ({ ...draft, scans: draft.scans.filter((s) => !sent.has(s.code)) }));
      const outcome = await sending;
      if (outcome.status === 'refused') {
        update((draft) => (draft.order?.id === order.id ? { ...draft, scans: [...scans, ...draft.scans.filter((s) => !sent.has(s.code))] } : draft));
        const byIndex = errorsByIndex(outcome.errors, 'delivery_details');
        $deliveryErrors.set(Object.fromEntries([...byIndex].flatMap(([i, message]) => (scans[i] ? [[scans[i]!.code, message]] : []))));
        const first = [...byIndex.values()][0] ?? Object.values(outcome.errors)[0]?.[0] ?? outcome.message;
        feedback({ code: '', tone: 'refused', message: { text: first } });
        return { status: 'refused' };
      }
      $deliveryErrors.set({});
      if (outcome.status === 'sent') {
        showOrder(outcome.data);
        feedback({ code: '', tone: 'ok', message: { key: 'kiosk.delivery.sent', params: { count: scans.length, order: order.number } } });
      } else {
        feedback({ code: '', tone: 'warning', message: { key: 'kiosk.delivery.queued', params: { count: scans.length, order: order.number } } });
      }
      return { status: outcome.status };
    } finally {
      $deliveryBusy.set(false);
    }
  }

  /** Undoes a line's hand-out (the unit goes back on the shelf as if it never left). */
  async function resetLineDelivery(deliveryDetailId: number, code: string): Promise<ConfirmResult> {
    if ($deliveryBusy.get()) return { status: 'busy' };
    $deliveryBusy.set(true);
    try {
      const { path, parse } = confirmations.resetDelivery;
      const outcome = await outbox.sendConfirmation('reset_delivery', path(deliveryDetailId), {}, code, parse);
      if (outcome.status === 'sent') {
        showOrder(outcome.data);
        feedback({ code, tone: 'ok', message: { key: 'kiosk.delivery.resetDone', params: { code } } });
      } else if (outcome.status === 'queued') {
        feedback({ code, tone: 'warning', message: { key: 'kiosk.delivery.resetQueued', params: { code } } });
      } else {
        feedback({ code, tone: 'refused', message: { text: Object.values(outcome.errors)[0]?.[0] ?? outcome.message } });
      }
      return { status: outcome.status };
    } finally {
      $deliveryBusy.set(false);
    }
  }

  return {
    $deliveryDraft,
    $deliveryOrder,
    $deliveryOrderReading,
    $deliveryDocumentMissing,
    $deliveryFeedback,
    $deliveryErrors,
    $deliveryBusy,
    counterOrder,
    refreshDeliveryOrder,
    followLandings,
    openDeliveryOrder,
    closeDeliveryOrder,
    scanForDelivery,
    forceScan,
    addExtra,
    setExtraPrice,
    extraPriceError,
    removeScan,
    confirmDelivery,
    resetLineDelivery,
  };
}

export const {
  $deliveryDraft,
  $deliveryOrder,
  $deliveryOrderReading,
  $deliveryDocumentMissing,
  $deliveryFeedback,
  $deliveryErrors,
  $deliveryBusy,
  refreshDeliveryOrder,
  followLandings,
  openDeliveryOrder,
  closeDeliveryOrder,
  scanForDelivery,
  forceScan,
  addExtra,
  setExtraPrice,
  extraPriceError,
  removeScan,
  confirmDelivery,
  resetLineDelivery,
} = createDelivery({ outbox: kioskOutbox });
