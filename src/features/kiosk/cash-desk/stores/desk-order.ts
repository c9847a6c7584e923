// The cash desk's page of one order (/totem/cash-desk/{uuid}; the read out of the
// island): the order as the desk reads it, read again after a refused payment, replaced by the
// answer of a change or a payment. CashDeskOrder renders $deskOrder and dispatches these.
import { atom } from 'nanostores';
import type { OrderResponse } from '~/api/contract/orders';
import { fetchShopOrder } from '~/api/cash-desk';
import { NetworkError } from '~/api/client';
import { loadApi } from '~/stores/api-loader';

export interface DeskOrderPage {
  /** `offline`: no answer (the line is down); read again by itself when the browser is back online. */
  state: 'loading' | 'ready' | 'missing' | 'offline';
  order: OrderResponse | null;
}

const LOADING: DeskOrderPage = { state: 'loading', order: null };

export interface DeskOrderWatch {
  /** The page is leaving: the read is aborted, a late answer ignored. */
  stop(): void;
  /** Settles once the first read is done (the order shown, or "not found"). */
  loaded: Promise<void>;
}

/** The cash desk's order page and the read it shows: the page has one (below), a test makes its own. */
export function createDeskOrder() {
  const $deskOrder = atom<DeskOrderPage>(LOADING);
  /** Bumped by every first read: the answer of a read the page has left (or replaced) is dropped. */
  let shown = 0;

  /** Reads the order `uuid` into $deskOrder ("missing" when the desk cannot read it). */
  function showDeskOrder(uuid: string): DeskOrderWatch {
    const mine = ++shown;
    const abort = new AbortController();
    $deskOrder.set(LOADING);
    const current = () => mine === shown && !abort.signal.aborted;
    let retry: (() => void) | null = null;
    const read = (): Promise<void> =>
      loadApi()
        .then((api) => fetchShopOrder(api, uuid, abort.signal))
        .then(
          (order) => {
            if (current()) $deskOrder.set({ state: 'ready', order });
          },
          (err: unknown) => {
            if (!current()) return;
            // No answer is not "not found": staff would send the customer away for an order the
            // shop has. The page reads it again once the line is back.
            if (err instanceof NetworkError && typeof window !== 'undefined') {
              $deskOrder.set({ state: 'offline', order: null });
              retry = () => void read();
              window.addEventListener('online', retry, { once: true });
            } else $deskOrder.set({ state: err instanceof NetworkError ? 'offline' : 'missing', order: null });
          },
        );
    const loaded = read();
    return {
      stop: () => {
        abort.abort();
        if (retry) window.removeEventListener('online', retry);
      },
      loaded,
    };
  }

  /**
   * Reads the shown order again (a payment refused because it changed meanwhile). A failed re-read
   * keeps the order on screen: the API client has said what went wrong.
   */
  async function reloadDeskOrder(): Promise<void> {
    const before = $deskOrder.get().order;
    if (!before) return;
    try {
      const order = await fetchShopOrder(await loadApi(), before.uuid);
      // Only if the page still shows that order (not another one opened meanwhile).
      if ($deskOrder.get().order?.uuid === order.uuid) $deskOrder.set({ state: 'ready', order });
    } catch {
      // The order stays as shown.
    }
  }

  /** The order as a change or a payment answered it. */
  function setDeskOrder(order: OrderResponse): void {
    $deskOrder.set({ state: 'ready', order });
  }

  return { $deskOrder, showDeskOrder, reloadDeskOrder, setDeskOrder };
}

export const { $deskOrder, showDeskOrder, reloadDeskOrder, setDeskOrder } = createDeskOrder();
