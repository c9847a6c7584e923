// The delivery and pickup counters while a Confirm is still on its way (stores/delivery.ts,
// stores/pickup.ts), against the real API (a seeded PGlite database) behind a slow line: the
// confirmation's POST is held until the test lets it through. A scan made meanwhile, or another
// order put on the counter, is not erased by the answer; a reload meanwhile finds the sent scans in
// the outbox, not on the counter, so they cannot be confirmed (and sent) a second time.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import type { TestApi } from '~tests/support/app';
import { actAsKiosk, pairedForTheFile, routeFetchToApi } from '../support';
import { freshCounters, type Counters } from './support';
import { day } from '~tests/support/orders';
import { call, placeOrder, unit } from '~tests/support/staff';
import { OrderEnvelopeSchema, type OrderResponse } from '~/api/contract/orders';
import { KIOSK_OUTBOX_KEY } from '~/features/kiosk/shared/stores/storage-keys';

beforeAll(() => {
  useTestStorageEngine();
});

let outbox: Counters['outbox'];
let delivery: Counters['delivery'];
let pickup: Counters['pickup'];
const drafts = await import('~/features/kiosk/counter/stores/delivery-drafts');

let api: TestApi;
let token: string;
/** POSTs of confirmations that reached the line: `path`. */
let posts: string[];
/** While set, a delivery or pickup POST waits for it (the slow line). */
let held: Promise<void> | null = null;
let release: () => void = () => {};

function slowLine(): void {
  held = new Promise((resolve) => {
    release = () => {
      held = null;
      resolve();
    };
  });
}

pairedForTheFile('BARD-02', (kiosk) => ({ api, token } = kiosk));

beforeEach(() => {
  cleanTestStorage();
  ({ outbox, delivery, pickup } = freshCounters());
  // The stores date confirmations by the kiosk's clock: the API's runs with it.
  api.setNow(new Date());
  posts = [];
  held = null;
  actAsKiosk({ type: 20, code: 'BARD-02' }, token);
  routeFetchToApi(api, {
    before: async ({ method, path }) => {
      const confirmation = method === 'POST' && /^\/api\/v1\/(delivery|pickup)$/.test(path);
      if (confirmation) {
        posts.push(path);
        if (held) await held;
      }
    },
  });
});
afterEach(() => {
  release();
  vi.unstubAllGlobals();
});

const fresh = async (id: number): Promise<OrderResponse> => OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, token)).body).data;
const newOrder = async (n: number, count = 2) => fresh((await placeOrder(api, { from: day(n), code: 'CIASPOLE', count })).id);
const codesOut = async (id: number) => (await fresh(id)).delivery.delivery_details.filter((d) => !d.datetime_return).map((d) => d.delivery_detail_specific_product!.specific_product.internal_code).sort();
const lines = (order: OrderResponse) => order.order_detail_pools.flatMap((p) => p.order_details.map((d) => d.id));
const deliveryScans = () => delivery.$deliveryDraft.get().scans.map((s) => s.code);
const pickupScans = () => pickup.$pickupDraft.get().scans.map((s) => s.code);
/** Waits until the confirmation's POST is on the (held) line. */
const onTheLine = (count: number) => vi.waitFor(() => expect(posts).toHaveLength(count));
const handOut = (order: OrderResponse, codes: string[]) =>
  call(api, 'POST', '/api/v1/delivery', token, { order_id: order.id, delivery_details: codes.map((c, i) => ({ internal_code: c, id_order_detail: lines(order)[i] })) });

describe('the delivery counter while Confirm is sent', () => {
  it('keeps a unit scanned meanwhile: the answer removes only the units it sent', async () => {
    const order = await newOrder(30);
    const [first, second] = [unit('CIASPOLE', 1), unit('CIASPOLE', 2)];
    delivery.openDeliveryOrder(order);
    expect(await delivery.scanForDelivery(first)).toBe(true);
    slowLine();
    const confirming = delivery.confirmDelivery();
    await onTheLine(1);
    // The next unit, while the line is slow: it takes the line the sent unit does not.
    expect(await delivery.scanForDelivery(second)).toBe(true);
    release();
    expect(await confirming).toEqual({ status: 'sent' });
    expect(deliveryScans()).toEqual([second]);
    expect(delivery.$deliveryOrder.get()!.delivery.delivery_details).toHaveLength(1);
    expect(await delivery.confirmDelivery()).toEqual({ status: 'sent' });
    expect(await codesOut(order.id)).toEqual([first, second]);
  });

  it('leaves another order put on the counter meanwhile, and its scans, as they are', async () => {
    const order = await newOrder(31, 1);
    const next = await newOrder(32, 1);
    const [first, second] = [unit('CIASPOLE', 3), unit('CIASPOLE', 4)];
    delivery.openDeliveryOrder(order);
    await delivery.scanForDelivery(first);
    slowLine();
    const confirming = delivery.confirmDelivery();
    await onTheLine(1);
    delivery.openDeliveryOrder(next);
    expect(await delivery.scanForDelivery(second)).toBe(true);
    release();
    expect(await confirming).toEqual({ status: 'sent' });
    expect(delivery.$deliveryDraft.get().order!.id).toBe(next.id);
    expect(deliveryScans()).toEqual([second]);
    expect(await codesOut(order.id)).toEqual([first]);
  });

  it('after a reload while it is sent, the units are sending, not on the counter to confirm again', async () => {
    const order = await newOrder(33, 1);
    const code = unit('CIASPOLE', 5);
    delivery.openDeliveryOrder(order);
    await delivery.scanForDelivery(code);
    slowLine();
    const confirming = delivery.confirmDelivery();
    await onTheLine(1);
    // What a reload reads: the draft without the unit, the outbox with it.
    expect(JSON.parse(getTestStorage()[drafts.DELIVERY_DRAFT_KEY]!).scans).toEqual([]);
    const stored = JSON.parse(getTestStorage()[KIOSK_OUTBOX_KEY]!) as { kind: string; body: { delivery_details: { internal_code: string }[] } }[];
    expect(stored.map((e) => [e.kind, e.body.delivery_details.map((d) => d.internal_code)])).toEqual([['delivery', [code]]]);
    // The page again (its stores made anew from storage): nothing to confirm, the unit is said to be sending.
    const reloaded = freshCounters();
    expect(await reloaded.delivery.confirmDelivery()).toEqual({ status: 'invalid' });
    expect(await reloaded.delivery.scanForDelivery(code)).toBe(false);
    expect(reloaded.delivery.$deliveryFeedback.get()).toMatchObject({ message: { key: 'kiosk.delivery.scan.queued' } });
    release();
    expect(await confirming).toEqual({ status: 'sent' });
    expect(posts).toHaveLength(1);
    expect(await codesOut(order.id)).toEqual([code]);
  });

  it('brings the sent units back, before those scanned meanwhile, when the API refuses', async () => {
    const order = await newOrder(34);
    const other = await newOrder(35, 1);
    const [taken, second] = [unit('CIASPOLE', 6), unit('CIASPOLE', 7)];
    delivery.openDeliveryOrder(order);
    await delivery.scanForDelivery(taken);
    slowLine();
    const confirming = delivery.confirmDelivery();
    await onTheLine(1);
    await delivery.scanForDelivery(second);
    // Another desk hands the unit out before this confirmation reaches the API.
    await handOut(other, [taken]);
    release();
    expect(await confirming).toEqual({ status: 'refused' });
    expect(deliveryScans()).toEqual([taken, second]);
    expect(Object.keys(delivery.$deliveryErrors.get())).toEqual([taken]);
    expect(outbox.$outbox.get()).toEqual([]);
  });
});

describe('the pickup counter while Confirm is sent', () => {
  // The units the delivery tests left out come back to the shelf first (one each: some are not out).
  beforeAll(async () => {
    for (let n = 1; n <= 8; n++) await call(api, 'POST', '/api/v1/pickup', token, { items: [{ internal_code: unit('CIASPOLE', n) }] });
  });

  it('keeps a unit scanned meanwhile; another order chosen meanwhile stays alone on the counter', async () => {
    const order = await newOrder(40, 2);
    const next = await newOrder(41, 1);
    const [first, second, third] = [unit('CIASPOLE', 1), unit('CIASPOLE', 2), unit('CIASPOLE', 3)];
    await handOut(order, [first, second]);
    await handOut(next, [third]);

    expect(await pickup.scanForPickup(first)).toBe(true);
    slowLine();
    let confirming = pickup.confirmPickup();
    await onTheLine(1);
    expect(await pickup.scanForPickup(second)).toBe(true);
    release();
    expect(await confirming).toEqual({ status: 'sent' });
    expect(pickupScans()).toEqual([second]);

    slowLine();
    confirming = pickup.confirmPickup();
    await onTheLine(2);
    pickup.openPickupOrder(next);
    expect(await pickup.scanForPickup(third)).toBe(true);
    release();
    expect(await confirming).toEqual({ status: 'sent' });
    expect(pickup.$pickupDraft.get()).toMatchObject({ orderId: next.id, orders: [{ id: next.id }] });
    expect(pickupScans()).toEqual([third]);
    await vi.waitFor(() => expect(pickup.$pickupSettled.get().map((s) => s.code)).toEqual([second]));
    expect(await codesOut(order.id)).toEqual([]);
    expect(await codesOut(next.id)).toEqual([third]);
  });

  it('after a reload while it is sent, the units are sending, not on the counter to confirm again', async () => {
    const order = await newOrder(42, 1);
    const code = unit('CIASPOLE', 4);
    await handOut(order, [code]);
    await pickup.scanForPickup(code);
    slowLine();
    const confirming = pickup.confirmPickup();
    await onTheLine(1);
    expect(JSON.parse(getTestStorage()[drafts.PICKUP_DRAFT_KEY]!).scans).toEqual([]);
    // The page again, from storage.
    const reloaded = freshCounters();
    expect(await reloaded.pickup.confirmPickup()).toEqual({ status: 'invalid' });
    expect(await reloaded.pickup.scanForPickup(code)).toBe(false);
    expect(reloaded.pickup.$pickupFeedback.get()).toMatchObject({ message: { key: 'kiosk.pickup.scan.queued' } });
    release();
    expect(await confirming).toEqual({ status: 'sent' });
    expect(posts).toHaveLength(1);
    expect(await codesOut(order.id)).toEqual([]);
    // The price of the return, asked once it landed, before the database closes.
    await vi.waitFor(() => expect(pickup.$pickupSettled.get().map((s) => s.code)).toEqual([code]));
  });
});
