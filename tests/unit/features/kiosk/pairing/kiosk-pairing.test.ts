// Unpairing and pairing again (src/features/kiosk/pairing/stores/kiosk-pairing.ts) on a browser-like storage, against the
// in-process API and the terminal simulator: unpairing forgets every key the kiosk wrote and
// revokes its token; it is refused, with the list, while the device holds work only it can finish
// (a queued confirmation, a charge not recorded, an unanswered claim, a closed day not recorded),
// and goes once staff settled it; a device holding such work pairs again only as the same kiosk of
// the same shop (kept), never as another (refused, the device unchanged, the new token revoked);
// work no kiosk owns any more is forgotten with the rest.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBrowserStorage } from '~tests/support/browser-storage';
import { day } from '~tests/support/orders';
import { call, placeOrder, totemOf, unit } from '~tests/support/staff';
import { OrderEnvelopeSchema, type OrderResponse } from '~/api/contract/orders';
import { todayInRome } from '~/domain/dates';
import { DELIVERY_DRAFT_KEY, KIOSK_OUTBOX_KEY } from '~/features/kiosk/shared/stores/storage-keys';

const storage = useBrowserStorage();

const { closeCashDesk, freshCashDesk, openCashDesk } = await import('../cash-desk/support');
const { routeFetchToApi } = await import('../support');
const { freshCounters } = await import('../counter/support');
const { forgetKioskData, KioskWorkPendingError, pendingKioskWork } = await import('~/features/kiosk/pairing/stores/kiosk-forget');
const { pairDevice, unpairDevice } = await import('~/features/kiosk/pairing/stores/kiosk-pairing');
const { saveKioskSettings } = await import('~/stores/kiosk');
const { $kioskDevice } = await import('~/stores/kiosk-device');
const { $configuration } = await import('~/stores/configuration');
const cart = await import('~/stores/cart');
const { createCashier, CashierRecordError } = await import('~/features/kiosk/cash-desk/stores/cashier');
const { $deskPayments } = await import('~/features/kiosk/cash-desk/stores/desk-payments');

type World = Awaited<ReturnType<typeof openCashDesk>>;
let world: World;
/** API paths that get no answer, and one whose answer is lost after the API did the work. */
const down: RegExp[] = [];
let loseAnswer: RegExp | null = null;
/** Requests the stores made: `METHOD path`. */
let requests: string[];
/** The tokens the API gave to the stores' pairings, in order. */
let pairedTokens: Promise<string>[];
/** The kiosk's stores as a page makes them (new for each test). */
let outbox: ReturnType<typeof freshCounters>['outbox'];
let delivery: ReturnType<typeof freshCounters>['delivery'];
let desk: ReturnType<typeof freshCashDesk>;
let cashier: ReturnType<typeof createCashier>;

beforeAll(async () => {
  world = await openCashDesk();
}, 120_000);
afterAll(() => closeCashDesk(world));

beforeEach(() => {
  ({ outbox, delivery } = freshCounters());
  desk = freshCashDesk();
  cashier = createCashier();
  world.api.setNow(new Date());
  requests = [];
  pairedTokens = [];
  routeFetchToApi(world.api, {
    terminalUrl: world.pos.url,
    before: ({ method, path }) => {
      requests.push(`${method} ${path}`);
      if (down.some((path_) => path_.test(path))) throw new TypeError('fetch failed');
    },
    after: ({ path, answer }) => {
      if (path === '/api/v1/pair' && answer.ok) pairedTokens.push(answer.clone().json().then((body: { data: { token: string } }) => body.data.token));
      if (loseAnswer?.test(path)) throw new TypeError('network connection lost');
    },
  });
});
afterEach(() => {
  down.length = 0;
  loseAnswer = null;
  $deskPayments.set({});
  forgetKioskData();
  storage.clear();
  vi.unstubAllGlobals();
});

const fresh = async (id: number): Promise<OrderResponse> => OrderEnvelopeSchema.parse((await call(world.api, 'GET', `/api/v1/orders/${id}`, world.token)).body).data;
const codesOut = async (id: number) => (await fresh(id)).delivery.delivery_details.map((d) => d.delivery_detail_specific_product!.specific_product.internal_code);
/** Whether the API still takes `token` (without `Bearer`). */
const accepted = async (token: string) => (await call(world.api, 'GET', '/api/v1/totem', token)).status !== 401;

/** The device paired as cash desk BARD-03 with the terminal simulator, as staff do it. */
async function pairAsCashDesk(): Promise<void> {
  expect(await pairDevice(totemOf('BARD-03').pairingCode)).toBe('/totem/cash-desk');
  saveKioskSettings({ pos: world.pos.url, server_url: null, fakePos: false });
}

/** A delivery confirmed while the API does not answer: queued in the outbox. */
async function queueDelivery(n: number, code: string): Promise<OrderResponse> {
  const order = await fresh((await placeOrder(world.api, { from: day(n), code: 'CIASPOLE' })).id);
  delivery.openDeliveryOrder(order);
  expect(await delivery.scanForDelivery(code)).toBe(true);
  down.push(/\/delivery$/);
  expect(await delivery.confirmDelivery()).toEqual({ status: 'queued' });
  return order;
}

describe('unpairing', () => {
  it('forgets every key the kiosk wrote and revokes its token', async () => {
    await pairAsCashDesk();
    const token = $kioskDevice.get().token!.replace(/^Bearer /, '');
    delivery.openDeliveryOrder(await fresh((await placeOrder(world.api, { from: day(20), code: 'CIASPOLE' })).id));
    expect(await delivery.scanForDelivery(unit('CIASPOLE', 1))).toBe(true);
    cart.addProduct({ id: 1, id_shop: 6, id_price: 1, related: [], multipleDates: 2, dates: [day(20)], days: 1 });
    expect(Object.keys(storage)).toEqual(expect.arrayContaining(['totem', 'configuration', 'cart', DELIVERY_DRAFT_KEY]));

    expect(await unpairDevice()).toEqual({ status: 'unpaired' });
    expect(Object.keys(storage)).toEqual([]);
    expect($configuration.get().totem).toBeNull();
    await vi.waitFor(async () => expect(await accepted(token)).toBe(false));
  });

  it('is refused while work only this device can finish is pending, with the list; goes once staff settled it', async () => {
    await pairAsCashDesk();
    const token = $kioskDevice.get().token;
    const queued = await queueDelivery(21, unit('CIASPOLE', 2));
    const charged = await fresh((await placeOrder(world.api, { from: day(22) })).id);
    down.push(/\/pay$/);
    expect(await desk.payOrder(charged)).toEqual({ status: 'pending' });
    const claimed = await fresh((await placeOrder(world.api, { from: day(23) })).id);
    loseAnswer = /\/payment_claim$/;
    expect((await desk.payOrder(claimed)).status).toBe('refused');
    loseAnswer = null;
    down.push(/close_cashier$/);
    await expect(cashier.closeCashier()).rejects.toBeInstanceOf(CashierRecordError);
    const before = { ...storage };

    expect(await unpairDevice()).toEqual({
      status: 'pending',
      items: [
        { kind: 'payment', number: charged.number, uuid: charged.uuid },
        { kind: 'claim', uuid: claimed.uuid },
        { kind: 'outbox', what: 'delivery', ref: queued.number, refused: false },
        { kind: 'cashierClose', date: todayInRome() },
      ],
    });
    // Nothing forgotten, nothing revoked: the device is still the cash desk.
    expect({ ...storage }).toEqual(before);
    expect($kioskDevice.get().token).toBe(token);
    expect(requests).not.toContain('POST /api/v1/logout');

    // Staff settle it: the line is back, the charge is recorded, the claimed order paid, the day recorded.
    down.length = 0;
    await outbox.flushOutbox();
    expect(await codesOut(queued.id)).toEqual([unit('CIASPOLE', 2)]);
    expect(await desk.retryRecording(charged.uuid)).toMatchObject({ status: 'paid' });
    expect(await desk.payOrder(claimed)).toMatchObject({ status: 'paid' });
    await cashier.recordClose();
    expect(pendingKioskWork()).toEqual([]);
    expect(await unpairDevice()).toEqual({ status: 'unpaired' });
    expect(Object.keys(storage)).toEqual([]);
  });
});

describe('pairing a device that holds pending work', () => {
  it('as another kiosk is refused: the device stays what it was and the token it was given is revoked', async () => {
    await pairAsCashDesk();
    const token = $kioskDevice.get().token;
    const queued = await queueDelivery(24, unit('CIASPOLE', 3));
    const before = { ...storage };

    const refusal = await pairDevice(totemOf('BARD-02').pairingCode).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(KioskWorkPendingError);
    expect(refusal).toMatchObject({
      holder: { code: 'BARD-03' },
      paired: { code: 'BARD-02' },
      items: [{ kind: 'outbox', what: 'delivery', ref: queued.number, refused: false }],
    });
    expect({ ...storage }).toEqual(before);
    expect($kioskDevice.get().token).toBe(token);
    expect($configuration.get().totem?.code).toBe('BARD-03');
    const given = await pairedTokens[1]!;
    await vi.waitFor(async () => expect(await accepted(given)).toBe(false));

    // As the same kiosk: the queued delivery is kept (and lands with the new token); the rest goes.
    await pairAsCashDesk();
    expect($kioskDevice.get().token).not.toBe(token);
    expect(JSON.parse(storage.getItem(KIOSK_OUTBOX_KEY)!)).toMatchObject([{ kind: 'delivery', ref: queued.number }]);
    expect(storage.getItem(DELIVERY_DRAFT_KEY)).toBeNull();
    down.length = 0;
    await outbox.flushOutbox();
    expect(await codesOut(queued.id)).toEqual([unit('CIASPOLE', 3)]);
    expect(outbox.$outbox.get()).toEqual([]);
  });

  it('that no kiosk owns any more (left by an older unpairing) forgets it with the rest', async () => {
    await pairAsCashDesk();
    await queueDelivery(25, unit('CIASPOLE', 4));
    // What an earlier release's unpairing did: the kiosk's settings gone, its outbox left behind.
    $configuration.set({ ...$configuration.get(), totem: null });
    $kioskDevice.set({ token: null, shop: null, realtime: null, fakePos: false });
    expect(storage.getItem(KIOSK_OUTBOX_KEY)).not.toBeNull();

    await pairDevice(totemOf('BARD-02').pairingCode);
    expect($configuration.get().totem?.code).toBe('BARD-02');
    expect(storage.getItem(KIOSK_OUTBOX_KEY)).toBeNull();
    expect(storage.getItem(DELIVERY_DRAFT_KEY)).toBeNull();
  });
});
