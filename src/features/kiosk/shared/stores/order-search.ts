// The kiosk's searches of the shop's orders (the reads out of the islands): the cash
// desk's list (CashDeskSearch: today's business first) and the counter's order finder (OrderFinder,
// on the delivery and pickup screens: an exact number opens that order). Each search replaces the
// one before on the same list: an earlier answer arriving late is dropped, not shown.
import { atom, type WritableAtom } from 'nanostores';
import type { OrderResponse } from '~/api/contract/orders';
import { searchShopOrders, type ShopOrderQuery } from '~/api/staff-orders';
import { orderWithNumber, sortForDesk } from '~/domain/desk-orders';
import { loadApi } from '~/stores/api-loader';

export interface OrderSearchState {
  /** `failed`: the API did not answer the search (the client said why). */
  state: 'loading' | 'ready' | 'failed';
  orders: OrderResponse[];
}

const LOADING: OrderSearchState = { state: 'loading', orders: [] };

export type DeskOutcome = { kind: 'listed' } | { kind: 'failed' };

export type FinderOutcome = { kind: 'exact'; order: OrderResponse } | { kind: 'listed' } | { kind: 'failed' };

export interface SearchRun<T> {
  /** The screen is leaving (or searching again): the request is aborted, a late answer ignored. */
  stop(): void;
  /** What the search came to; `stopped` when it was stopped before its answer. */
  done: Promise<T | { kind: 'stopped' }>;
}

/** The kiosk's two order lists and the search each is running: the kiosk pages have one (below), a test makes its own. */
export function createOrderSearch() {
  /** The cash desk's list. */
  const $deskSearch = atom<OrderSearchState>(LOADING);
  /** The counter's order finder. */
  const $finderSearch = atom<OrderSearchState>(LOADING);
  const running = new Map<WritableAtom<OrderSearchState>, AbortController>();

  /** Runs `query` for `list`, stopping the search that list was running. */
  function search<T>(
    list: WritableAtom<OrderSearchState>,
    query: ShopOrderQuery,
    found: (orders: OrderResponse[]) => T,
    failed: () => T,
  ): SearchRun<T> {
    running.get(list)?.abort();
    const abort = new AbortController();
    running.set(list, abort);
    list.set(LOADING);
    const done = loadApi().then((api) => searchShopOrders(api, query, abort.signal)).then(
      (orders) => (abort.signal.aborted ? { kind: 'stopped' as const } : found(orders)),
      () => {
        if (abort.signal.aborted) return { kind: 'stopped' as const };
        list.set({ state: 'failed', orders: [] });
        return failed();
      },
    );
    const stop = () => {
      abort.abort();
      // A screen that comes back starts busy, not with the list it left.
      if (running.get(list) === abort) list.set(LOADING);
    };
    return { stop, done };
  }

  /** The cash desk's search, its answer sorted for `today`: money to collect, then hand-outs first. */
  function searchDeskOrders(query: ShopOrderQuery, today: string): SearchRun<DeskOutcome> {
    return search<DeskOutcome>(
      $deskSearch,
      query,
      (orders) => {
        $deskSearch.set({ state: 'ready', orders: sortForDesk(orders, today) });
        return { kind: 'listed' };
      },
      () => ({ kind: 'failed' }),
    );
  }

  /**
   * The counter's search. A typed or scanned number that is exactly an order's answers that order
   * (`exact`: the screen opens it, so the list stays busy until the finder is gone); anything else
   * lists what was found.
   */
  function findShopOrders(query: ShopOrderQuery): SearchRun<FinderOutcome> {
    return search<FinderOutcome>(
      $finderSearch,
      query,
      (orders) => {
        const exact = orderWithNumber(orders, query.q);
        if (exact) return { kind: 'exact', order: exact };
        $finderSearch.set({ state: 'ready', orders });
        return { kind: 'listed' };
      },
      () => ({ kind: 'failed' }),
    );
  }

  return { $deskSearch, $finderSearch, searchDeskOrders, findShopOrders };
}

export const { $deskSearch, $finderSearch, searchDeskOrders, findShopOrders } = createOrderSearch();
