// The customer's order page and orders list (their requests kept out of the
// islands). The order page reads the order once, and back from the payment provider with `paid`
// re-reads it until the payment is confirmed, for up to two minutes (PAYMENT_CONFIRM_POLL), without offering
// to pay again meanwhile. Time is injected (`schedule`) so the unit test runs the re-reads itself
// instead of waiting for them (tests/unit/features/customer/orders/orders-store.test.ts).
import { atom } from 'nanostores';
import { ApiClientError } from '~/api/client';
import type { OrderResponse } from '~/api/contract/orders';
import type { PaymentOutcome } from '~/api/contract/payments';
import { cancelMyOrder, fetchMyOrders, fetchOrder, orderExportPath } from '~/api/orders';
import { todayInRome } from '~/domain/dates';
import type { NoticeType } from '~/domain/messages';
import { confirmPollDelay, paymentNotice } from '~/domain/payments';
import { afterDelay, type Schedule } from '~/stores/schedule';
import { api } from '~/stores/api';

export interface OrderPage {
  state: 'loading' | 'ready' | 'missing';
  order: OrderResponse | null;
  /** A payment is being confirmed: the page neither offers to pay nor to change the order. */
  confirming: boolean;
}

const LOADING: OrderPage = { state: 'loading', order: null, confirming: false };

export const $orderPage = atom<OrderPage>(LOADING);

/** A notice for the customer, by its translation key (the page translates and shows it). */
export type Announce = (notice: { key: string; level: NoticeType }) => void;

export interface OrderWatch {
  /** The page is leaving: no more re-reads, late answers ignored. */
  stop(): void;
  /** Settles once the first read is done (the order shown, or "not found"). */
  loaded: Promise<void>;
}

/**
 * Shows the order `id` in $orderPage. With the provider's `outcome` (back from paying), announces
 * it — `paid` only once the order says so, re-reading it meanwhile.
 */
export function showOrder(id: string | null, outcome: PaymentOutcome | null, announce: Announce, schedule: Schedule = afterDelay): OrderWatch {
  $orderPage.set(LOADING);
  if (!id) {
    $orderPage.set({ ...LOADING, state: 'missing' });
    return { stop: () => undefined, loaded: Promise.resolve() };
  }
  let stopped = false;
  let attempts = 0;
  let cancel: (() => void) | undefined;
  const load = (): Promise<void> =>
    fetchOrder(api, id)
      .then((order) => {
        if (stopped) return;
        // A provider may confirm a while after sending the customer back: re-read meanwhile.
        const delay = outcome === 'paid' && !order.paid ? confirmPollDelay(++attempts) : null;
        $orderPage.set({ state: 'ready', order, confirming: delay !== null });
        if (!outcome) return;
        if (delay !== null) {
          if (attempts === 1) announce(paymentNotice(outcome, false, true));
          cancel = schedule(delay, load);
          return;
        }
        announce(paymentNotice(outcome, order.paid));
      })
      .catch(() => {
        if (stopped) return;
        // A re-read while confirming a payment failed: keep the order on screen and say the
        // payment is not confirmed yet; only a first read that fails means there is no order.
        if (attempts > 0) {
          $orderPage.set({ ...$orderPage.get(), confirming: false });
          announce(paymentNotice('paid', false));
        } else $orderPage.set({ ...LOADING, state: 'missing' });
      });
  return {
    stop: () => {
      stopped = true;
      cancel?.();
    },
    loaded: load(),
  };
}

/** Reads the shown order again (a payment refused because the order changed meanwhile). */
export async function reloadOrder(): Promise<void> {
  const shown = $orderPage.get().order;
  if (!shown) return;
  try {
    const order = await fetchOrder(api, shown.uuid);
    $orderPage.set({ ...$orderPage.get(), order });
  } catch {
    // The order stays as shown; the API client has announced what went wrong.
  }
}

export type CancelOutcome = { kind: 'cancelled' } | { kind: 'refused'; message: string } | { kind: 'failed' };

/** Cancels the shown order (today in Rome is the day the API checks the deadline against). */
export async function cancelShownOrder(): Promise<CancelOutcome> {
  const shown = $orderPage.get().order;
  if (!shown) return { kind: 'failed' };
  try {
    const order = await cancelMyOrder(api, shown.uuid, todayInRome());
    $orderPage.set({ ...$orderPage.get(), order });
    return { kind: 'cancelled' };
  } catch (err) {
    return err instanceof ApiClientError ? { kind: 'refused', message: err.message } : { kind: 'failed' };
  }
}

/** The logged-in customer's orders; none when they cannot be read (the client said why). */
export async function loadMyOrders(): Promise<OrderResponse[]> {
  try {
    return await fetchMyOrders(api);
  } catch {
    return [];
  }
}

/** Where the shown order's export downloads from (a link: the browser fetches it). */
export function orderExportLink(uuid: string): string {
  return orderExportPath(api, uuid);
}
