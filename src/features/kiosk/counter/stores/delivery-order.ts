// The order on the delivery counter (/totem/delivery): the persisted draft (the order's reference
// and the scanned codes, stores/delivery-drafts.ts) and the order as this page read it, in memory
// only, read again when the screen opens, when one of its queued confirmations lands and when the
// API answers again after an outage. The scans and the confirmations are in ./delivery.ts, which
// makes this part with the outbox it sends through.
import { atom, computed } from 'nanostores';
import { confirmations, fetchOrder } from '~/api/delivery';
import type { OrderResponse } from '~/api/contract/orders';
import { DELIVERY_DRAFT_KEY, DeliveryDraftSchema, emptyDeliveryDraft, isOffline, type DeliveryDraft, type OrderReading } from './delivery-drafts';
import type { KioskOutbox } from '~/features/kiosk/shared/stores/kiosk-outbox';
import { persistentValidated } from '~/stores/persisted';
import { loadApi } from '~/stores/api-loader';

export function createDeliveryOrder(outbox: Pick<KioskOutbox, 'onConfirmationLanded' | 'lineLost' | 'whenLineBack'>) {
  const $deliveryDraft = persistentValidated(DELIVERY_DRAFT_KEY, DeliveryDraftSchema, emptyDeliveryDraft);
  /** The order on the counter as this page last read it (memory only); see `counterOrder`. */
  const $deliveryOrder = atom<OrderResponse | null>(null);
  /** Reading the draft's order again (the screen says it is loading, offline or refused). */
  const $deliveryOrderReading = atom<OrderReading>(null);
  /**
   * The order on the counter requires an identity document and holds none (the API's
   * `document_missing`: placed at a kiosk that requires them, an order from before the rule): the
   * screen warns before anything is handed out, and hands it out all the same.
   */
  const $deliveryDocumentMissing = computed([$deliveryOrder, $deliveryDraft], () => counterOrder()?.document_missing ?? false);
  let listening = false;

  const updateDeliveryDraft = (change: (draft: DeliveryDraft) => DeliveryDraft) => $deliveryDraft.set(change($deliveryDraft.get()));

  /** The draft's order as read, or null while it is not (after a reload, offline, another tab's). */
  function counterOrder(): OrderResponse | null {
    const order = $deliveryOrder.get();
    return order && order.id === $deliveryDraft.get().order?.id ? order : null;
  }

  /** An order read (or answered by a confirmation): shown when it is still the counter's. */
  function showDeliveryOrder(order: OrderResponse): void {
    if ($deliveryDraft.get().order?.id !== order.id) return;
    $deliveryOrder.set(order);
    $deliveryOrderReading.set(null);
  }

  /**
   * Reads the order on the counter again (when the page opens, after a landing, when the line is
   * back). No answer: the screen says the order will load when the line is back, and it does
   * (`followLandings`); the scans and the outbox work meanwhile. A refusal (the order is gone) is said.
   */
  async function refreshDeliveryOrder(): Promise<void> {
    // Written back as read: a draft of an earlier release (the whole order) keeps its reference only.
    updateDeliveryDraft((draft) => draft);
    const ref = $deliveryDraft.get().order;
    if (!ref) return;
    if (!counterOrder()) $deliveryOrderReading.set({ state: 'loading' });
    try {
      showDeliveryOrder(await fetchOrder(await loadApi(), ref.id));
    } catch (err) {
      if ($deliveryDraft.get().order?.id !== ref.id || counterOrder()) return;
      if (isOffline(err)) {
        $deliveryOrderReading.set({ state: 'offline' });
        outbox.lineLost();
      } else {
        $deliveryOrderReading.set({ state: 'refused', message: (err as Error).message });
      }
    }
  }

  /**
   * While the screen is open: a queued delivery or reset of the order on the counter landed (show the
   * order as it is now), or the API answers again after an outage (read the order again).
   */
  function followLandings(): () => void {
    if (listening) return () => {};
    listening = true;
    const stop = outbox.onConfirmationLanded((entry, data) => {
      if (!$deliveryDraft.get().order) return;
      if (entry.kind === 'delivery' || entry.kind === 'reset_delivery') {
        try {
          showDeliveryOrder(confirmations.delivery.parse(data));
        } catch {
          void refreshDeliveryOrder();
        }
      }
    });
    const stopLine = outbox.whenLineBack(() => void refreshDeliveryOrder());
    return () => {
      listening = false;
      stop();
      stopLine();
    };
  }

  return { $deliveryDraft, $deliveryOrder, $deliveryOrderReading, $deliveryDocumentMissing, updateDeliveryDraft, counterOrder, showDeliveryOrder, refreshDeliveryOrder, followLandings };
}
