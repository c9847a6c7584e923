// The kiosk's order reads (out of the islands): the cash desk's order page
// (src/features/kiosk/cash-desk/stores/desk-order.ts) and the searches of the shop's orders (src/features/kiosk/shared/stores/order-search.ts),
// with the real stores and the app's API client against the real API over a seeded PGlite
// database. A held answer (`hold`) stands for a slow network: the test releases it, nothing waits.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { useTestStorageEngine } from '@nanostores/persistent';
import { testDrivers } from '~tests/support/databases';
import { createTestApi, type TestApi } from '~tests/support/app';
import { actAsKiosk, routeFetchToApi } from '../support';
import { day, orderForm, pick, postOrder } from '~tests/support/orders';
import { call, pair, payAtDesk, placeOrder, SHOP, totemOf } from '~tests/support/staff';
import { OrderEnvelopeSchema } from '~/api/contract/orders';

beforeAll(() => {
  useTestStorageEngine();
});

const { $deskOrder, reloadDeskOrder, setDeskOrder, showDeskOrder } = await import('~/features/kiosk/cash-desk/stores/desk-order');
const { $deskSearch, $finderSearch, findShopOrders, searchDeskOrders } = await import('~/features/kiosk/shared/stores/order-search');

let api: TestApi;
let adminToken: string;
/** A type-30 cash desk of the same shop: it records payments. */
let cashToken: string;
/** The API's requests, as `METHOD path?query`. */
let requests: string[];
/** Makes the API unreachable (an outage). */
let apiDown: boolean;
/** Answers to requests whose address contains `match` wait for `until`: the test decides when they arrive. */
let hold: { match: string; until: Promise<void> } | null;

beforeAll(async () => {
  api = await createTestApi(testDrivers[0]!);
  // A type-20 admin totem of the demo shop: it reads and searches the shop's orders.
  adminToken = await pair(api, totemOf('BARD-02').pairingCode);
  cashToken = await pair(api, totemOf('BARD-03').pairingCode);
}, 120_000);
afterAll(async () => {
  await api.dispose();
});

beforeEach(() => {
  requests = [];
  apiDown = false;
  hold = null;
  actAsKiosk({ type: 20, code: 'BARD-02' }, adminToken);
  // Answers even when the request was aborted meanwhile: the answer that was already on its way
  // when the screen moved on, which the store must drop itself.
  routeFetchToApi(api, {
    before: async ({ method, url }) => {
      requests.push(`${method} ${url.pathname}${url.search}`);
      if (hold && url.href.includes(hold.match)) await hold.until;
      if (apiDown) throw new TypeError('fetch failed');
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A promise the test resolves itself, and the resolver. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const read = async (id: number) => OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, adminToken)).body).data;
const newOrder = async (n: number) => read((await placeOrder(api, { from: day(n) })).id);
/** A guest order of the demo shop in a customer's name. */
async function namedOrder(n: number, last_name: string) {
  const picked = await pick(api, SHOP, 'CITYBIKE', { from: day(n), to: day(n) });
  const { status, order } = await postOrder(api, SHOP, orderForm({ from: day(n), last_name, cart: [{ prices: [picked.main.id] }] }));
  if (status !== 201) throw new Error(`order ${status}`);
  return read(order.id);
}
const payAtApi = async (id: number) => {
  const paid = await payAtDesk(api, id, cashToken);
  if (paid.status !== 200) throw new Error(`pay ${paid.status}: ${JSON.stringify(paid.body)}`);
};

describe('the cash desk order page (showDeskOrder, reloadDeskOrder, setDeskOrder)', () => {
  it('reads the order by its uuid with the kiosk token', async () => {
    const order = await newOrder(60);
    const watch = showDeskOrder(order.uuid);
    expect($deskOrder.get()).toEqual({ state: 'loading', order: null });
    await watch.loaded;
    expect($deskOrder.get()).toEqual({ state: 'ready', order });
    expect(requests).toEqual([`GET /api/v1/orders/${order.uuid}`]);
  });

  it('says "missing" when the API does not give the desk the order', async () => {
    await showDeskOrder(randomUUID()).loaded;
    expect($deskOrder.get()).toEqual({ state: 'missing', order: null });
  });

  it('says "offline", not "missing", when no answer comes, and reads the order again once the line is back', async () => {
    const online = new EventTarget();
    vi.stubGlobal('window', online);
    try {
      const order = await newOrder(61);
      apiDown = true;
      const watch = showDeskOrder(order.uuid);
      await watch.loaded;
      expect($deskOrder.get()).toEqual({ state: 'offline', order: null });
      apiDown = false;
      online.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect($deskOrder.get()).toEqual({ state: 'ready', order }));
      watch.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('drops the answer of a page that was left, and of a read another one replaced', async () => {
    const [first, second] = [await newOrder(62), await newOrder(63)];
    const slow = gate();
    hold = { match: first.uuid, until: slow.promise };
    const left = showDeskOrder(first.uuid);
    left.stop();
    const replaced = showDeskOrder(first.uuid);
    const shown = showDeskOrder(second.uuid);
    await shown.loaded;
    // The earlier reads answer last.
    slow.open();
    await Promise.all([left.loaded, replaced.loaded]);
    expect($deskOrder.get()).toEqual({ state: 'ready', order: second });
  });

  it('drops the answer of a page that was left even when no other read followed it', async () => {
    const order = await newOrder(66);
    const slow = gate();
    hold = { match: order.uuid, until: slow.promise };
    const left = showDeskOrder(order.uuid);
    left.stop();
    slow.open();
    await left.loaded;
    expect($deskOrder.get()).toEqual({ state: 'loading', order: null });
  });

  it('reads the order again after it changed elsewhere; a failed re-read keeps it on screen', async () => {
    const order = await newOrder(64);
    await showDeskOrder(order.uuid).loaded;
    await payAtApi(order.id);
    await reloadDeskOrder();
    expect($deskOrder.get()).toMatchObject({ state: 'ready', order: { uuid: order.uuid, paid: true } });
    const paid = $deskOrder.get();
    apiDown = true;
    await reloadDeskOrder();
    expect($deskOrder.get()).toBe(paid);
  });

  it('shows the order a change or a payment answered', async () => {
    const order = await newOrder(65);
    await showDeskOrder(order.uuid).loaded;
    setDeskOrder({ ...order, first_name: 'Anna' });
    expect($deskOrder.get()).toEqual({ state: 'ready', order: { ...order, first_name: 'Anna' } });
  });
});

describe("the cash desk's list (searchDeskOrders)", () => {
  it("lists a day's orders with money to collect first, then the rest in the API's order", async () => {
    const unpaid = await newOrder(70);
    const paid = await newOrder(70);
    await payAtApi(paid.id);
    const run = searchDeskOrders({ date: day(70) }, day(70));
    expect($deskSearch.get()).toEqual({ state: 'loading', orders: [] });
    expect(await run.done).toEqual({ kind: 'listed' });
    // The API answers newest first (the paid one); the desk puts the money to collect first.
    expect($deskSearch.get().orders.map((o) => o.number)).toEqual([unpaid.number, paid.number]);
    expect(requests).toEqual([`GET /api/v1/orders/search?date=${day(70)}`]);
  });

  it('lists nothing when the API does not answer', async () => {
    apiDown = true;
    expect(await searchDeskOrders({ date: day(71) }, day(71)).done).toEqual({ kind: 'failed' });
    expect($deskSearch.get()).toEqual({ state: 'failed', orders: [] });
  });

  it('a new search drops the late answer of the one before; leaving the screen leaves it busy', async () => {
    const early = await newOrder(72);
    const late = await newOrder(73);
    const slow = gate();
    hold = { match: `date=${day(72)}`, until: slow.promise };
    const first = searchDeskOrders({ date: day(72) }, day(72));
    const second = searchDeskOrders({ date: day(73) }, day(73));
    expect(await second.done).toEqual({ kind: 'listed' });
    slow.open();
    expect(await first.done).toEqual({ kind: 'stopped' });
    expect($deskSearch.get().orders.map((o) => o.number)).toEqual([late.number]);
    expect($deskSearch.get().orders.map((o) => o.number)).not.toContain(early.number);
    second.stop();
    expect($deskSearch.get()).toEqual({ state: 'loading', orders: [] });
  });
});

describe("the counter's order finder (findShopOrders)", () => {
  it('answers the order whose number was scanned, in any case, without listing', async () => {
    const order = await newOrder(74);
    const outcome = await findShopOrders({ q: ` ${order.number.toLowerCase()} ` }).done;
    expect(outcome).toEqual({ kind: 'exact', order });
    expect($finderSearch.get().state).toBe('loading');
  });

  it('lists what a name finds, and says so when the API does not answer', async () => {
    const a = await namedOrder(75, 'Quercioli');
    const b = await namedOrder(76, 'Quercioli');
    await newOrder(75);
    expect(await findShopOrders({ q: 'Quercioli' }).done).toEqual({ kind: 'listed' });
    expect($finderSearch.get()).toMatchObject({ state: 'ready' });
    expect($finderSearch.get().orders.map((o) => o.number).sort()).toEqual([a.number, b.number].sort());
    apiDown = true;
    expect(await findShopOrders({ q: 'Quercioli' }).done).toEqual({ kind: 'failed' });
    expect($finderSearch.get()).toEqual({ state: 'failed', orders: [] });
  });
});
