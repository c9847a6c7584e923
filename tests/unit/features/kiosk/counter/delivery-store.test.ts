// The delivery and pickup counters' stores (src/features/kiosk/counter/stores/delivery.ts, stores/pickup.ts) against the
// real API (a seeded PGlite database): scans looked up and assigned to lines, refusals said next to
// the field, a partial delivery, a confirmation refused by the API kept for staff, an outage in the
// middle (scans kept in the persisted draft, the confirmation queued and landing exactly once),
// resets through the outbox, the warning of an order missing the identity document it requires, a
// pickup without an order with a problem (the unit is locked) and the price differences before and
// after it.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { IDEMPOTENCY_HEADER } from '~/api/contract/idempotency';
import type { TestApi } from '~tests/support/app';
import { actAsKiosk, pairedForTheFile, routeFetchToApi } from '../support';
import { freshCounters, type Counters } from './support';
import { day } from '~tests/support/orders';
import { call, idDocument, pair, placeOrder, totemOf, unit } from '~tests/support/staff';
import { eq } from 'drizzle-orm';
import { medias } from '~server/db/schema/index';
import { OrderEnvelopeSchema, type OrderResponse } from '~/api/contract/orders';
import { romeTime, todayInRome } from '~/domain/dates';

beforeAll(() => {
  useTestStorageEngine();
});

let outbox: Counters['outbox'];
let delivery: Counters['delivery'];
let pickup: Counters['pickup'];
const drafts = await import('~/features/kiosk/counter/stores/delivery-drafts');

let api: TestApi;
let token: string;
let apiDown = false;
/** POSTs the stores made: `path key`. */
let posts: string[];
/** The bodies of the pickups the store sent. */
let pickupBodies: { date?: string }[];
/** The bodies of the pickup resets the store sent. */
let resetBodies: { date?: string }[];

pairedForTheFile('BARD-02', (kiosk) => ({ api, token } = kiosk));

beforeEach(() => {
  cleanTestStorage();
  ({ outbox, delivery, pickup } = freshCounters());
  // The stores date hand-outs and returns by the kiosk's clock: the API's runs with it, not frozen
  // at its start (a return dated by the API before a hand-out the kiosk dated is refused).
  api.setNow(new Date());
  apiDown = false;
  posts = [];
  pickupBodies = [];
  resetBodies = [];
  actAsKiosk({ type: 20, code: 'BARD-02' }, token);
  routeFetchToApi(api, {
    before: ({ method, path, init }) => {
      if (apiDown) throw new TypeError('fetch failed');
      if (method === 'POST') posts.push(`${path} ${(init.headers as Record<string, string>)[IDEMPOTENCY_HEADER] ?? '-'}`);
      if (method === 'POST' && path === '/api/v1/pickup') pickupBodies.push(JSON.parse(String(init.body)));
      if (method === 'POST' && path.endsWith('/reset_pickup')) resetBodies.push(JSON.parse(String(init.body)));
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const fresh = async (id: number): Promise<OrderResponse> => OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, token)).body).data;
const newOrder = async (n: number, count = 2) => fresh((await placeOrder(api, { from: day(n), code: 'CIASPOLE', count })).id);
const codesOut = async (id: number) => (await fresh(id)).delivery.delivery_details.filter((d) => !d.datetime_return).map((d) => d.delivery_detail_specific_product!.specific_product.internal_code).sort();
const feedbackKey = () => {
  const m = delivery.$deliveryFeedback.get()?.message;
  return m && 'key' in m ? m.key : m?.text;
};
const lines = (order: OrderResponse) => order.order_detail_pools.flatMap((p) => p.order_details.map((d) => d.id));

describe('the delivery counter', () => {
  it('assigns scans to lines, refuses unknown, other-product and out units, confirms a partial delivery then the rest', async () => {
    const order = await newOrder(30);
    delivery.openDeliveryOrder(order);
    expect(await delivery.scanForDelivery('S06-NOPE-01')).toBe(false);
    expect(feedbackKey()).toBe('kiosk.delivery.scan.unknown');
    expect(await delivery.scanForDelivery(unit('CITYBIKE', 1))).toBe(false);
    expect(delivery.$deliveryFeedback.get()).toMatchObject({ tone: 'refused', offer: 'force', message: { key: 'kiosk.delivery.scan.wrongProduct' } });

    // A scanner firing two codes at once: both handled, in order.
    const [a, b] = await Promise.all([delivery.scanForDelivery(unit('CIASPOLE', 1).toLowerCase()), delivery.scanForDelivery(unit('CIASPOLE', 2))]);
    expect([a, b]).toEqual([true, true]);
    expect(delivery.$deliveryDraft.get().scans.map((s) => [s.code, s.lineId])).toEqual([
      [unit('CIASPOLE', 1), lines(order)[0]],
      [unit('CIASPOLE', 2), lines(order)[1]],
    ]);
    // The draft is in the kiosk's storage.
    expect(JSON.parse(getTestStorage()[drafts.DELIVERY_DRAFT_KEY]!).scans).toHaveLength(2);

    delivery.removeScan(unit('CIASPOLE', 2));
    expect(await delivery.confirmDelivery()).toEqual({ status: 'sent' });
    expect(posts).toEqual([expect.stringMatching(/^\/api\/v1\/delivery [0-9a-f-]{36}$/)]);
    expect(delivery.$deliveryDraft.get().scans).toEqual([]);
    expect(delivery.$deliveryOrder.get()!.delivery.delivery_details).toHaveLength(1);
    expect(await codesOut(order.id)).toEqual([unit('CIASPOLE', 1)]);

    expect(await delivery.scanForDelivery(unit('CIASPOLE', 1))).toBe(false);
    expect(delivery.$deliveryFeedback.get()).toMatchObject({ message: { key: 'kiosk.delivery.scan.out', params: { order: order.number } } });
    expect(await delivery.scanForDelivery(unit('CIASPOLE', 2))).toBe(true);
    expect(await delivery.confirmDelivery()).toEqual({ status: 'sent' });
    expect(await codesOut(order.id)).toEqual([unit('CIASPOLE', 1), unit('CIASPOLE', 2)]);
  });

  it('forces another product with a reason, hands out an extra with a checked price', async () => {
    const order = await newOrder(31, 1);
    delivery.openDeliveryOrder(order);
    await delivery.scanForDelivery(unit('CITYBIKE', 2));
    const offered = delivery.$deliveryFeedback.get()!;
    expect(delivery.forceScan(offered.code, lines(order)[0]!, '  ', offered.unit!)).toEqual({ key: 'validators.required' });
    expect(delivery.forceScan(offered.code, lines(order)[0]!, 'misura', offered.unit!)).toBeNull();
    await delivery.scanForDelivery(unit('CIASPOLE', 3));
    expect(delivery.$deliveryFeedback.get()).toMatchObject({ offer: 'extra', message: { key: 'kiosk.delivery.scan.noLine' } });
    delivery.addExtra(unit('CIASPOLE', 3), delivery.$deliveryFeedback.get()!.unit!);
    const extra = () => delivery.$deliveryDraft.get().scans.find((s) => s.lineId === null)!;
    delivery.setExtraPrice(extra().code, '100');
    expect(delivery.extraPriceError(extra())).toMatchObject({ key: 'validators.delta' });
    expect(await delivery.confirmDelivery()).toEqual({ status: 'invalid' });
    delivery.setExtraPrice(extra().code, '');
    expect(await delivery.confirmDelivery()).toEqual({ status: 'sent' });
    const details = (await fresh(order.id)).delivery.delivery_details;
    expect(details.map((d) => [d.delivery_detail_specific_product!.specific_product.internal_code, d.id_order_detail, d.forced])).toEqual([
      [unit('CITYBIKE', 2), lines(order)[0], true],
      [unit('CIASPOLE', 3), null, false],
    ]);
  });

  it("keeps the draft and shows the API's words per unit when it refuses the confirmation", async () => {
    const order = await newOrder(32, 1);
    const other = await newOrder(33, 1);
    delivery.openDeliveryOrder(order);
    await delivery.scanForDelivery(unit('CIASPOLE', 4));
    // Another desk hands the same unit out meanwhile.
    await call(api, 'POST', '/api/v1/delivery', token, { order_id: other.id, delivery_details: [{ internal_code: unit('CIASPOLE', 4), id_order_detail: lines(other)[0] }] });
    expect(await delivery.confirmDelivery()).toEqual({ status: 'refused' });
    expect(delivery.$deliveryDraft.get().scans).toHaveLength(1);
    expect(delivery.$deliveryErrors.get()[unit('CIASPOLE', 4)]).toContain(unit('CIASPOLE', 4));
    expect(delivery.$deliveryFeedback.get()).toMatchObject({ tone: 'refused' });
    expect(outbox.$outbox.get()).toEqual([]);
  });

  it('through an outage: scans kept unchecked, the confirmation queued, landing exactly once', async () => {
    const order = await newOrder(34);
    delivery.openDeliveryOrder(order);
    const stop = delivery.followLandings();
    await delivery.scanForDelivery(unit('CIASPOLE', 5));
    apiDown = true;
    expect(await delivery.scanForDelivery(unit('CIASPOLE', 6))).toBe(true);
    expect(delivery.$deliveryDraft.get().scans.map((s) => s.checked)).toEqual([true, false]);
    expect(await delivery.confirmDelivery()).toEqual({ status: 'queued' });
    expect(delivery.$deliveryDraft.get().scans).toEqual([]);
    expect(outbox.$apiUnreachable.get()).toBe(true);
    // The queued lines are not free for another scan meanwhile.
    expect(await delivery.scanForDelivery(unit('CIASPOLE', 5))).toBe(false);
    expect(feedbackKey()).toBe('kiosk.delivery.scan.queued');

    apiDown = false;
    await outbox.flushOutbox();
    await outbox.flushOutbox();
    expect(await codesOut(order.id)).toEqual([unit('CIASPOLE', 5), unit('CIASPOLE', 6)]);
    expect(posts.filter((p) => p.startsWith('/api/v1/delivery '))).toHaveLength(1);
    expect(delivery.$deliveryOrder.get()!.delivery.delivery_details).toHaveLength(2);
    stop();
  });

  it("resets a line's delivery through the outbox", async () => {
    const order = await newOrder(35, 1);
    delivery.openDeliveryOrder(order);
    await delivery.scanForDelivery(unit('CIASPOLE', 7));
    await delivery.confirmDelivery();
    const detail = delivery.$deliveryOrder.get()!.delivery.delivery_details[0]!;
    expect(await delivery.resetLineDelivery(detail.id, unit('CIASPOLE', 7))).toEqual({ status: 'sent' });
    expect(posts[1]).toMatch(new RegExp(`^/api/v1/delivery_details/${detail.id}/reset_delivery [0-9a-f-]{36}$`));
    expect(delivery.$deliveryOrder.get()!.delivery.delivery_details).toEqual([]);
    expect(await codesOut(order.id)).toEqual([]);
  });

  it('warns when an order placed at a kiosk that requires documents has none, and hands it out all the same', async () => {
    const publicKiosk = await pair(api, totemOf('BARD-01').pairingCode);
    const placed = await placeOrder(api, { from: day(45), token: publicKiosk, medias: [{ file: idDocument() }] });
    delivery.openDeliveryOrder(await fresh(placed.id));
    expect(delivery.$deliveryDocumentMissing.get()).toBe(false);

    // Its document gone without the API's refusal (an order from before the rule): read again, it warns.
    await api.deps.database.db.update(medias).set({ deletedAt: new Date() }).where(eq(medias.orderId, placed.id));
    await delivery.refreshDeliveryOrder();
    expect(delivery.$deliveryDocumentMissing.get()).toBe(true);
    // A warning, not a block: the unit goes out, and the warning stays with the order as answered.
    expect(await delivery.scanForDelivery(unit('CITYBIKE', 5))).toBe(true);
    expect(await delivery.confirmDelivery()).toEqual({ status: 'sent' });
    expect(await codesOut(placed.id)).toEqual([unit('CITYBIKE', 5)]);
    expect(delivery.$deliveryDocumentMissing.get()).toBe(true);
    // Another order on the counter: no warning for an online order.
    delivery.openDeliveryOrder(await newOrder(46, 1));
    expect(delivery.$deliveryDocumentMissing.get()).toBe(false);
  });
});

describe('the pickup counter', () => {
  it('takes units back without an order, prices an early return, locks a unit with a problem, undoes a pickup', async () => {
    const order = await fresh((await placeOrder(api, { from: day(36), to: day(39), code: 'CIASPOLE', count: 2 })).id);
    const [first, second] = [unit('CIASPOLE', 1), unit('CIASPOLE', 2)];
    // Units 1 and 2 are still out for the first test's order: back on the shelf first.
    for (const code of [first, second]) await call(api, 'POST', '/api/v1/pickup', token, { items: [{ internal_code: code }] });
    await call(api, 'POST', '/api/v1/delivery', token, { order_id: order.id, delivery_details: [first, second].map((c, i) => ({ internal_code: c, id_order_detail: lines(order)[i] })) });

    pickup.setReturnDay(day(37));
    expect(await pickup.scanForPickup(first)).toBe(true);
    expect(await pickup.scanForPickup(first)).toBe(false);
    expect(pickup.$pickupFeedback.get()).toMatchObject({ message: { key: 'kiosk.pickup.scan.duplicate' } });
    expect(await pickup.scanForPickup(unit('CIASPOLE', 8))).toBe(false);
    expect(pickup.$pickupFeedback.get()).toMatchObject({ message: { key: 'kiosk.pickup.scan.notOut' } });
    expect(await pickup.scanForPickup(second)).toBe(true);
    await vi.waitFor(() => expect(pickup.$pickupDraft.get().orders.map((o) => o.id)).toEqual([order.id]));
    await pickup.loadDiffs();
    const detailId = pickup.$pickupDraft.get().scans[0]!.deliveryDetailId!;
    const projected = (await call(api, 'GET', `/api/v1/delivery_details/${detailId}/diff?to=${day(37)}`, token)).body.data;
    expect(projected.diff).toBeLessThan(0);
    expect(pickup.$pickupDiffs.get()[first]).toMatchObject({ diff: projected.diff });

    pickup.setProblem(second, 'Attacco rotto');
    const clockBefore = romeTime(new Date());
    expect(await pickup.confirmPickup()).toEqual({ status: 'sent' });
    // A return recorded for another day is dated that day at the shop's clock (Rome), not the device's.
    expect([clockBefore, romeTime(new Date())].map((clock) => `${day(37)} ${clock}`)).toContain(pickupBodies[0]?.date);
    expect(pickup.$pickupDraft.get().scans).toEqual([]);
    expect((await call(api, 'GET', `/api/v1/specific_products/${second}`, token)).body.data).toMatchObject({ status: 'locked' });
    await vi.waitFor(() => expect(pickup.$pickupSettled.get()).toHaveLength(2));
    const settled = (await call(api, 'GET', `/api/v1/order_details/${lines(order)[0]}/diff`, token)).body.data;
    expect(pickup.$pickupSettled.get().find((s) => s.code === first)!.diff.diff).toBe(settled.diff);
    expect(settled.diff).toBe(projected.diff);

    expect(await pickup.resetLinePickup(detailId, first)).toEqual({ status: 'sent' });
    expect(await codesOut(order.id)).toEqual([first]);
    // The undo carries the moment staff tapped it (Rome, to the ms): a replay finds any later return.
    expect(resetBodies).toHaveLength(1);
    expect(resetBodies[0]!.date).toMatch(new RegExp(`^${todayInRome()} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}$`));
    await call(api, 'POST', `/api/v1/specific_products/${second}/unlock`, token);
  });

  it('queues a pickup while the API is away and refuses a unit of another order when one is chosen', async () => {
    const order = await newOrder(45, 1);
    const other = await newOrder(46, 1);
    await call(api, 'POST', '/api/v1/delivery', token, { order_id: order.id, delivery_details: [{ internal_code: unit('CIASPOLE', 7), id_order_detail: lines(order)[0] }] });
    await call(api, 'POST', '/api/v1/delivery', token, { order_id: other.id, delivery_details: [{ internal_code: unit('CIASPOLE', 8), id_order_detail: lines(other)[0] }] });
    pickup.openPickupOrder(await fresh(order.id));
    expect(await pickup.scanForPickup(unit('CIASPOLE', 8))).toBe(false);
    expect(pickup.$pickupFeedback.get()).toMatchObject({ message: { key: 'kiosk.pickup.scan.otherOrder', params: { order: other.number } } });
    apiDown = true;
    expect(await pickup.scanForPickup(unit('CIASPOLE', 7))).toBe(true);
    expect(await pickup.confirmPickup()).toEqual({ status: 'queued' });
    apiDown = false;
    await outbox.flushOutbox();
    expect(await codesOut(order.id)).toEqual([]);
    expect(await codesOut(other.id)).toEqual([unit('CIASPOLE', 8)]);
  });
});
