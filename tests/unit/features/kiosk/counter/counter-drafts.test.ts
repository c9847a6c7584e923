// The delivery and pickup counters' drafts (src/features/kiosk/counter/stores/delivery.ts, stores/pickup.ts) against the
// real API: what they store is the order's reference and the scanned codes, never a detail of the
// customer (name, e-mail, phone, fiscal code, documents, the guest link); the screen reads the
// order again when it opens; offline it says so, keeps the scans and still queues a Confirm, and
// reads the order by itself once the API answers again. A draft of an earlier release (the whole
// order) is stored again as its reference when the screen opens.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import type { TestApi } from '~tests/support/app';
import { actAsKiosk, pairedForTheFile, routeFetchToApi } from '../support';
import { freshCounters, type Counters } from './support';
import { day, orderForm, pick, postOrder } from '~tests/support/orders';
import { call, idDocument, SHOP, unit } from '~tests/support/staff';
import { OrderEnvelopeSchema, type OrderResponse } from '~/api/contract/orders';
import { DELIVERY_DRAFT_KEY, PICKUP_DRAFT_KEY } from '~/features/kiosk/shared/stores/storage-keys';

beforeAll(() => {
  useTestStorageEngine();
});

let delivery: Counters['delivery'];
let pickup: Counters['pickup'];

let api: TestApi;
let token: string;
let apiDown = false;

pairedForTheFile('BARD-02', (kiosk) => ({ api, token } = kiosk));

beforeEach(() => {
  cleanTestStorage();
  ({ delivery, pickup } = freshCounters());
  api.setNow(new Date());
  apiDown = false;
  actAsKiosk({ type: 20, code: 'BARD-02' }, token);
  routeFetchToApi(api, {
    before: () => {
      if (apiDown) throw new TypeError('fetch failed');
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const fresh = async (id: number): Promise<OrderResponse> => OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, token)).body).data;
const CUSTOMER = { first_name: 'Ottavia', last_name: 'Riservata', email: 'ottavia.riservata@example.com', phone: '+39 347 111 2233', fiscal_code: 'RSRTTV85M41L219K' };

/** An order with everything a customer gives: contacts, a fiscal code, an identity document. */
async function customerOrder(n: number): Promise<OrderResponse> {
  const picked = await pick(api, SHOP, 'CIASPOLE', { from: day(n), to: day(n) });
  const form = orderForm({ from: day(n), cart: [{ prices: [picked.main.id] }], invoice: true, ...CUSTOMER, medias: [{ file: idDocument('documento-ottavia.png') }] });
  const { status, order } = await postOrder(api, SHOP, form);
  expect(status).toBe(201);
  return fresh(order.id);
}

/** Every value of the customer's the order holds (the guest link and the document's name and address too). */
const personal = (order: OrderResponse) => [
  order.uuid,
  order.first_name,
  order.last_name,
  order.email,
  order.phone,
  order.fiscal_code!,
  ...order.medias.flatMap((m) => [m.name, m.url]),
];

describe("the counters' drafts", () => {
  it("store the order's reference and the scanned codes, nothing of the customer", async () => {
    const order = await customerOrder(50);
    expect(personal(order)).toEqual(expect.arrayContaining(Object.values(CUSTOMER)));
    expect(order.medias).toHaveLength(1);

    delivery.openDeliveryOrder(order);
    expect(await delivery.scanForDelivery(unit('CIASPOLE', 1))).toBe(true);
    const storedDelivery = getTestStorage()[DELIVERY_DRAFT_KEY]!;
    expect(JSON.parse(storedDelivery)).toEqual({ order: { id: order.id, number: order.number }, scans: [expect.objectContaining({ code: unit('CIASPOLE', 1) })] });

    // The unit goes out, then comes back at the pickup counter with its order found by the scan.
    expect(await delivery.confirmDelivery()).toEqual({ status: 'sent' });
    expect(await pickup.scanForPickup(unit('CIASPOLE', 1))).toBe(true);
    await vi.waitFor(() => expect(pickup.$pickupCounter.get().loaded.map((o) => o.id)).toEqual([order.id]));
    const storedPickup = getTestStorage()[PICKUP_DRAFT_KEY]!;
    expect(JSON.parse(storedPickup)).toMatchObject({ orderId: null, orders: [{ id: order.id, number: order.number }], scans: [{ code: unit('CIASPOLE', 1) }] });

    for (const stored of [storedDelivery, storedPickup, getTestStorage()[DELIVERY_DRAFT_KEY]!]) {
      for (const value of personal(order)) expect(stored).not.toContain(value);
    }
    expect(await pickup.confirmPickup()).toEqual({ status: 'sent' });
  });

  it('read the order again when the screen opens; offline they say so, keep the scans, queue Confirm and read it once the API answers', async () => {
    const order = await customerOrder(51);
    delivery.openDeliveryOrder(order);
    const stop = delivery.followLandings();
    expect(await delivery.scanForDelivery(unit('CIASPOLE', 2))).toBe(true);

    // A reload while the API is away: the new page's draft has the reference and the scan, the page no order.
    apiDown = true;
    const reloaded = freshCounters();
    const reopened = reloaded.delivery.followLandings();
    await reloaded.delivery.refreshDeliveryOrder();
    expect(reloaded.delivery.counterOrder()).toBeNull();
    expect(reloaded.delivery.$deliveryOrderReading.get()).toEqual({ state: 'offline' });
    expect(reloaded.outbox.$apiUnreachable.get()).toBe(true);
    expect(reloaded.delivery.$deliveryDraft.get()).toMatchObject({ order: { number: order.number }, scans: [{ code: unit('CIASPOLE', 2) }] });
    // A scan needs the order's lines: refused, said; Confirm of what was scanned is queued.
    expect(await reloaded.delivery.scanForDelivery(unit('CIASPOLE', 3))).toBe(false);
    expect(reloaded.delivery.$deliveryFeedback.get()).toMatchObject({ message: { key: 'kiosk.delivery.scan.notLoaded' } });
    expect(await reloaded.delivery.confirmDelivery()).toEqual({ status: 'queued' });

    // The line is back: the queued delivery lands and the order is on the counter again, as it is now.
    apiDown = false;
    await reloaded.outbox.flushOutbox();
    await vi.waitFor(() => expect(reloaded.delivery.counterOrder()?.delivery.delivery_details).toHaveLength(1));
    expect(reloaded.delivery.$deliveryOrderReading.get()).toBeNull();
    stop();
    reopened();
  });

  it("store again as a reference, when the screen opens, an earlier release's draft holding the whole order", async () => {
    const order = await customerOrder(52);
    const scan = { code: unit('CIASPOLE', 4), lineId: null, forced: false, reason: '', price: '', productId: null, productLabel: '', checked: false };
    setTestStorageKey(DELIVERY_DRAFT_KEY, JSON.stringify({ order, scans: [scan] }));
    setTestStorageKey(PICKUP_DRAFT_KEY, JSON.stringify({ orderId: order.id, orders: [order], scans: [], returnDay: null }));
    const stored = () => `${getTestStorage()[DELIVERY_DRAFT_KEY]} ${getTestStorage()[PICKUP_DRAFT_KEY]}`;
    expect(stored()).toContain(order.email);

    // A new page: the stores are made again and read what is stored.
    const page = freshCounters();
    expect(page.delivery.$deliveryDraft.get()).toEqual({ order: { id: order.id, number: order.number }, scans: [scan] });
    await page.delivery.refreshDeliveryOrder();
    await page.pickup.refreshPickupOrders();
    for (const value of personal(order)) expect(stored()).not.toContain(value);
    expect(page.delivery.counterOrder()?.id).toBe(order.id);
    expect(page.pickup.$pickupCounter.get()).toMatchObject({ loaded: [{ id: order.id }], missing: [] });
  });
});
