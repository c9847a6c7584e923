// The orders on the pickup counter (/totem/pickup): the persisted draft keeps their references
// (stores/delivery-drafts.ts) and this page the orders as it read them, in memory only, read again
// when the screen opens, when a queued pickup or reset lands and when the API answers again after
// an outage. The scans, the prices and the confirmations are in ./pickup.ts, which makes this part
// with the outbox it sends through.
import { atom, computed } from 'nanostores';
import { fetchOrder } from '~/api/delivery';
import type { OrderResponse } from '~/api/contract/orders';
import { emptyPickupDraft, isOffline, orderRef, PICKUP_DRAFT_KEY, PickupDraftSchema, type OrderReading, type OrderRef, type PickupDraft } from './delivery-drafts';
import type { KioskOutbox } from '~/features/kiosk/shared/stores/kiosk-outbox';
import { persistentValidated } from '~/stores/persisted';
import { loadApi } from '~/stores/api-loader';

export function createPickupOrders(outbox: Pick<KioskOutbox, 'onConfirmationLanded' | 'lineLost' | 'whenLineBack'>) {
  const $pickupDraft = persistentValidated(PICKUP_DRAFT_KEY, PickupDraftSchema, emptyPickupDraft);
  /** The orders on the counter as this page last read them (memory only). */
  const $pickupOrders = atom<OrderResponse[]>([]);
  /** Reading the draft's orders again (the screen says it is loading, offline or refused). */
  const $pickupOrdersReading = atom<OrderReading>(null);
  /** The draft's orders in its order: those read, and the references of those not read yet. */
  const $pickupCounter = computed([$pickupDraft, $pickupOrders], (draft, read) => {
    const loaded: OrderResponse[] = [];
    const missing: OrderRef[] = [];
    for (const ref of draft.orders) {
      const order = read.find((o) => o.id === ref.id);
      if (order) loaded.push(order);
      else missing.push(ref);
    }
    return { loaded, missing };
  });
  let listening = false;

  const updatePickupDraft = (change: (draft: PickupDraft) => PickupDraft) => $pickupDraft.set(change($pickupDraft.get()));

  /** An order read comes on the counter (its reference in the draft, the order in memory). */
  function keepPickupOrder(order: OrderResponse): void {
    updatePickupDraft((draft) => ({ ...draft, orders: [...draft.orders.filter((o) => o.id !== order.id), orderRef(order)] }));
    $pickupOrders.set([...$pickupOrders.get().filter((o) => o.id !== order.id), order]);
  }

  /**
   * Reads the orders on the counter again (when the page opens, after a landing, when the line is
   * back). No answer: the screen says they will load when the line is back, and they do
   * (`followPickupLandings`); scans and the outbox work meanwhile.
   */
  async function refreshPickupOrders(): Promise<void> {
    // Written back as read: a draft of an earlier release (whole orders) keeps their references only.
    updatePickupDraft((draft) => draft);
    const refs = $pickupDraft.get().orders;
    if (refs.length === 0) return;
    if ($pickupCounter.get().missing.length > 0) $pickupOrdersReading.set({ state: 'loading' });
    let reading: OrderReading = null;
    for (const { id } of refs) {
      try {
        const order = await fetchOrder(await loadApi(), id);
        if ($pickupDraft.get().orders.some((o) => o.id === id)) keepPickupOrder(order);
      } catch (err) {
        reading = isOffline(err) ? { state: 'offline' } : (reading ?? { state: 'refused', message: (err as Error).message });
        if (isOffline(err)) break;
      }
    }
    $pickupOrdersReading.set($pickupCounter.get().missing.length > 0 ? reading : null);
    if (reading?.state === 'offline') outbox.lineLost();
  }

  /** While the screen is open: a queued pickup or reset landed, or the line is back: the orders are read again. */
  function followPickupLandings(): () => void {
    if (listening) return () => {};
    listening = true;
    const stop = outbox.onConfirmationLanded((entry) => {
      if (entry.kind === 'pickup' || entry.kind === 'reset_pickup') void refreshPickupOrders();
    });
    const stopLine = outbox.whenLineBack(() => void refreshPickupOrders());
    return () => {
      listening = false;
      stop();
      stopLine();
    };
  }

  return { $pickupDraft, $pickupOrders, $pickupOrdersReading, $pickupCounter, updatePickupDraft, keepPickupOrder, refreshPickupOrders, followPickupLandings };
}
