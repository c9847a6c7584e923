// The list the cash desk, delivery and pickup open on (shared/stores/counter-orders.ts), with the
// channel and the API replaced by hand: an order event reads the list again (a new kiosk order
// inserted on top, a paid one updated), a tab reads its own day and drops the answer of the tab it
// left, pickup reads today's returns, and an empty screen says a failed read failed.
import { useTestStorageEngine } from '@nanostores/persistent';
import { describe, expect, it } from 'vitest';
import type { CounterOrder, CounterOrders, CounterOrdersQuery } from '~/api/contract/counter';
import type { FollowOptions } from '~/features/kiosk/shared/stores/shop-channel';
import { counterOrder } from '~tests/support/order-response';

useTestStorageEngine();
const { createCounterOrders } = await import('~/features/kiosk/shared/stores/counter-orders');

const TODAY = '2027-01-16';
const TOMORROW = '2027-01-17';

/** A row of today's list; its creation time varies with its id. */
const row = (id: number, fields: Partial<CounterOrder> = {}) => counterOrder(id, { created_at: `2027-01-1${id % 6}T08:00:00.000Z`, ...fields });

/** A fake API (rows per list and day, answers held until released when asked) and a fake channel. */
function harness() {
  const rows = new Map<string, CounterOrder[]>();
  const queries: CounterOrdersQuery[] = [];
  const held: (() => void)[] = [];
  const hold = { on: false };
  let channel: FollowOptions | null = null;
  let unfollowed = 0;
  const key = (list: string, date: string) => `${list} ${date}`;
  const read = (query: CounterOrdersQuery) => {
    queries.push(query);
    const answer = (): CounterOrders => ({
      list: query.list,
      date: query.date!,
      orders: [...(rows.get(key(query.list, query.date!)) ?? [])],
      truncated: false,
    });
    if (!hold.on) return Promise.resolve(answer());
    return new Promise<CounterOrders>((resolve) => held.push(() => resolve(answer())));
  };
  const store = createCounterOrders({
    read,
    today: () => TODAY,
    follow: (options) => {
      channel = options;
      options.status.set('live');
      return () => unfollowed++;
    },
  });
  const settled = async () => {
    for (let i = 0; i < 100 && (store.$counterReading.get() || held.length > 0); i++) await new Promise((r) => setTimeout(r, 20));
  };
  return {
    store,
    rows,
    queries,
    held,
    hold,
    key,
    settled,
    event: () => channel!.onChange(),
    unfollowed: () => unfollowed,
  };
}

const ids = (orders: CounterOrder[] | undefined) => orders?.map((o) => o.id);

describe('the counter list', () => {
  it("opens on today's orders to hand out, kiosk orders first, and inserts a new kiosk order on top on its event", async () => {
    const h = harness();
    h.rows.set(h.key('hand_out', TODAY), [row(1), row(2, { totem_code: 'BARD-01', created_at: '2027-01-16T07:00:00.000Z' })]);
    const stop = h.store.openCounterOrders('desk');
    expect(h.store.$counterView.get()?.state).toBe('loading');
    await h.settled();
    expect(h.queries[0]).toEqual({ list: 'hand_out', date: TODAY });
    expect(ids(h.store.$counterView.get()?.orders)).toEqual([2, 1]);
    expect(h.store.$counterStatus.get()).toBe('live');

    // Placed at the kiosk a moment ago: the event reads the list again, the order goes on top.
    h.rows.get(h.key('hand_out', TODAY))!.push(row(3, { totem_code: 'BARD-01', created_at: '2027-01-16T08:30:00.000Z' }));
    h.event();
    await h.settled();
    expect(ids(h.store.$counterView.get()?.orders)).toEqual([3, 2, 1]);

    // Paid at the desk: the same row, updated in place.
    h.rows.set(
      h.key('hand_out', TODAY),
      h.rows.get(h.key('hand_out', TODAY))!.map((o) => (o.id === 3 ? { ...o, paid: true } : o)),
    );
    h.event();
    await h.settled();
    expect(h.store.$counterView.get()?.orders[0]).toMatchObject({ id: 3, paid: true });
    stop();
    expect(h.unfollowed()).toBe(1);
  });

  it("reads tomorrow's on its tab, drops the answer of the tab it left, and follows events on the tab shown", async () => {
    const h = harness();
    h.rows.set(h.key('hand_out', TODAY), [row(1)]);
    h.rows.set(h.key('hand_out', TOMORROW), [row(7, { date_from: TOMORROW }), row(8, { date_from: TOMORROW })]);
    const stop = h.store.openCounterOrders('delivery');
    await h.settled();
    // Today's answer is late; the tab changes meanwhile.
    h.hold.on = true;
    h.event();
    await new Promise((r) => setTimeout(r, 200));
    h.store.chooseCounterTab('tomorrow');
    expect(h.store.$counterTab.get()).toBe('tomorrow');
    expect(h.store.$counterView.get()).toMatchObject({ state: 'loading', date: TOMORROW });
    h.held.shift()!(); // today's late answer: dropped
    await new Promise((r) => setTimeout(r, 0));
    expect(h.store.$counterView.get()?.state).toBe('loading');
    h.hold.on = false;
    while (h.held.length) h.held.shift()!();
    await h.settled();
    expect(h.store.$counterView.get()).toMatchObject({ state: 'ready', date: TOMORROW });
    expect(ids(h.store.$counterView.get()?.orders)).toEqual([8, 7]);
    expect(h.queries.at(-1)).toEqual({ list: 'hand_out', date: TOMORROW });

    h.rows.get(h.key('hand_out', TOMORROW))!.push(row(9, { date_from: TOMORROW, totem_code: 'BARD-01' }));
    h.event();
    await h.settled();
    expect(ids(h.store.$counterView.get()?.orders)).toEqual([9, 8, 7]);

    h.store.chooseCounterTab('today');
    await h.settled();
    expect(ids(h.store.$counterView.get()?.orders)).toEqual([1]);
    stop();
  });

  it("opens pickup on today's returns", async () => {
    const h = harness();
    h.rows.set(h.key('returns', TODAY), [row(4, { units_out: 2 })]);
    const stop = h.store.openCounterOrders('pickup');
    await h.settled();
    expect(h.queries[0]).toEqual({ list: 'returns', date: TODAY });
    expect(h.store.$counterView.get()).toMatchObject({ state: 'ready', list: 'returns', orders: [{ id: 4, units_out: 2 }] });
    stop();
  });

  it('says a first read failed, and keeps the rows it has when a later one fails', async () => {
    let fail = true;
    const store = createCounterOrders({
      today: () => TODAY,
      read: (query) =>
        fail ? Promise.reject(new Error('no answer')) : Promise.resolve({ list: query.list, date: query.date!, orders: [row(1)], truncated: false }),
      follow: (options) => {
        options.status.set('offline');
        return () => {};
      },
    });
    const stop = store.openCounterOrders('desk');
    const wait = async () => {
      for (let i = 0; i < 50 && store.$counterReading.get(); i++) await new Promise((r) => setTimeout(r, 20));
    };
    await wait();
    expect(store.$counterView.get()?.state).toBe('failed');
    fail = false;
    store.chooseCounterTab('tomorrow');
    store.chooseCounterTab('today');
    await wait();
    expect(store.$counterView.get()).toMatchObject({ state: 'ready', orders: [{ id: 1 }] });
    stop();
  });
});
