// The list the cash desk, delivery and pickup open on: the shop's orders to hand out (today's, or
// tomorrow's on the second tab) or due back today, kept current through the shop's realtime
// channel (shop-channel.ts, as the board): every order event reads the list again, so an order
// placed at the public kiosk shows up here within a second. The rows' order is the domain's
// (sortCounterOrders). An answer for a tab or list the screen has left is dropped.
import { atom } from 'nanostores';
import type { CounterList, CounterOrder, CounterOrders, CounterOrdersQuery } from '~/api/contract/counter';
import { fetchCounterOrders } from '~/api/counter';
import { COUNTER_SCREEN_LIST, counterTabDay, sortCounterOrders, type CounterScreen, type CounterTab } from '~/domain/counter-orders';
import { todayInRome } from '~/domain/dates';
import { loadApi } from '~/stores/api-loader';
import { createCoalescedReader, followShopChannel, type ChannelStatus, type FollowShopChannel, type PageAddress } from './shop-channel';

export interface CounterView {
  /** `failed`: the last read found no answer and nothing was listed before. */
  state: 'loading' | 'ready' | 'failed';
  list: CounterList;
  date: string;
  orders: CounterOrder[];
  truncated: boolean;
}

export interface CounterOrdersDeps {
  read?: (query: CounterOrdersQuery) => Promise<CounterOrders>;
  follow?: FollowShopChannel;
  /** The shop's day (Europe/Rome), read at each read: a kiosk left on overnight lists the new day. */
  today?: () => string;
}

export function createCounterOrders(deps: CounterOrdersDeps = {}) {
  const read = deps.read ?? (async (query: CounterOrdersQuery) => fetchCounterOrders(await loadApi(), query));
  const follow = deps.follow ?? followShopChannel;
  const today = deps.today ?? (() => todayInRome());

  const $counterTab = atom<CounterTab>('today');
  const $counterView = atom<CounterView | null>(null);
  const $counterStatus = atom<ChannelStatus>('connecting');
  /** A read is under way or coming (the channel's coalescing): the reads asked for so far are over when false. */
  const $counterReading = atom(false);
  const running = { list: 'hand_out' as CounterList, request: () => {} };

  const wanted = (): CounterOrdersQuery => ({ list: running.list, date: counterTabDay($counterTab.get(), today()) });
  const isWanted = (list: CounterList, date: string) => {
    const now = wanted();
    return now.list === list && now.date === date;
  };
  const loading = (query: CounterOrdersQuery): CounterView => ({ state: 'loading', list: query.list, date: query.date ?? '', orders: [], truncated: false });

  async function readWanted(): Promise<CounterOrders | null> {
    const query = wanted();
    try {
      return await read(query);
    } catch (error) {
      const view = $counterView.get();
      // Rows already listed stay (the status says the screen is not live); an empty screen says it failed.
      if (isWanted(query.list, query.date!) && (!view || view.state !== 'ready')) $counterView.set({ ...loading(query), state: 'failed' });
      throw error;
    }
  }

  function show(answer: CounterOrders | null): void {
    if (!answer || !isWanted(answer.list, answer.date)) return;
    $counterView.set({ state: 'ready', list: answer.list, date: answer.date, orders: sortCounterOrders(answer.orders), truncated: answer.truncated });
  }

  /** Opens `screen`'s list on today's tab and follows the channel until the returned function is called. */
  function openCounterOrders(screen: CounterScreen, apiAddress?: PageAddress): () => void {
    running.list = COUNTER_SCREEN_LIST[screen];
    $counterTab.set('today');
    $counterView.set(loading(wanted()));
    const reader = createCoalescedReader(readWanted, show, $counterReading);
    running.request = reader.request;
    reader.request();
    const unfollow = follow({ status: $counterStatus, onChange: reader.request, apiAddress });
    return () => {
      reader.stop();
      unfollow();
      if (running.request === reader.request) running.request = () => {};
    };
  }

  /** Another tab: its list is read at once; a late answer of the tab left is dropped. */
  function chooseCounterTab(tab: CounterTab): void {
    if ($counterTab.get() === tab) return;
    $counterTab.set(tab);
    $counterView.set(loading(wanted()));
    running.request();
  }

  return { $counterTab, $counterView, $counterStatus, $counterReading, openCounterOrders, chooseCounterTab };
}

export const { $counterTab, $counterView, $counterStatus, $counterReading, openCounterOrders, chooseCounterTab } = createCounterOrders();
