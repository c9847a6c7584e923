// Forgetting a kiosk (src/features/kiosk/pairing/stores/kiosk-forget.ts): the kiosk's real stores, driven against the
// in-process API and the terminal simulator, write to a browser-like storage what a working cash
// desk writes (device and settings, a public kiosk's cart and order submission, the delivery and
// pickup drafts, a queued confirmation, a payment the API did not record, an unanswered claim, a
// cashier close not recorded, and each store's copy of an older release's unreadable value);
// forgetKioskData() leaves none of the keys found in storage. And every persisted store of the site
// has its key on the list, so a store added later cannot be forgotten by mistake.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useBrowserStorage } from '~tests/support/browser-storage';
import { day } from '~tests/support/orders';
import { call, placeOrder, unit } from '~tests/support/staff';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { CONFIGURATION_KEY, KIOSK_DEVICE_KEY, ORDER_SUBMISSION_KEY } from '~/stores/keys';
import {
  CASHIER_CLOSE_KEY,
  DELIVERY_DRAFT_KEY,
  DESK_CLAIM_ATTEMPTS_KEY,
  DESK_PAYMENTS_KEY,
  KIOSK_OUTBOX_KEY,
  PICKUP_DRAFT_KEY,
} from '~/features/kiosk/shared/stores/storage-keys';
import { DateModes } from '~/domain/dates';

const storage = useBrowserStorage();
/** Keys of the stores read through a schema; `cart` is the cart's own (stores/cart.ts). */
const VALIDATED_KEYS = [
  KIOSK_DEVICE_KEY,
  CONFIGURATION_KEY,
  'cart',
  ORDER_SUBMISSION_KEY,
  DELIVERY_DRAFT_KEY,
  PICKUP_DRAFT_KEY,
  KIOSK_OUTBOX_KEY,
  DESK_PAYMENTS_KEY,
  DESK_CLAIM_ATTEMPTS_KEY,
  CASHIER_CLOSE_KEY,
];
// What an older release left, unreadable now: each store keeps it aside when it loads.
for (const key of VALIDATED_KEYS) storage.setItem(key, '{"from": "an older release"');

const { closeCashDesk, freshCashDesk, openCashDesk, resetCashDesk } = await import('../cash-desk/support');
const { routeFetchToApi } = await import('../support');
const { freshCounters } = await import('../counter/support');
const { KIOSK_STORAGE_KEYS, forgetKioskData } = await import('~/features/kiosk/pairing/stores/kiosk-forget');
const cart = await import('~/stores/cart');
const configuration = await import('~/stores/configuration');
const session = await import('~/stores/session');
const submission = await import('~/features/customer/checkout/stores/order-submission');
const { createCashier, CashierRecordError } = await import('~/features/kiosk/cash-desk/stores/cashier');

type World = Awaited<ReturnType<typeof openCashDesk>>;
let world: World;
/** API paths that get no answer (an outage; kept down, so no retry settles what the test left), and one whose answer is lost. */
const down: RegExp[] = [];
let loseAnswer: RegExp | null = null;

beforeAll(async () => {
  world = await openCashDesk();
}, 120_000);
afterAll(() => closeCashDesk(world));
afterEach(() => {
  down.length = 0;
  vi.unstubAllGlobals();
});

describe('forgetting the kiosk', () => {
  it('leaves no key the kiosk wrote, found in storage after driving every store', async () => {
    const { api, pos, token } = world;
    await resetCashDesk(world);
    // The kiosk's stores as a page makes them, each reading what is stored.
    const { delivery, pickup } = freshCounters();
    const desk = freshCashDesk();
    const cashier = createCashier();
    api.setNow(new Date());
    routeFetchToApi(api, {
      terminalUrl: pos.url,
      before: ({ path }) => {
        if (down.some((path_) => path_.test(path))) throw new TypeError('fetch failed');
      },
      after: ({ path }) => {
        if (loseAnswer?.test(path)) throw new TypeError('network connection lost');
      },
    });

    // A public kiosk's customer: dates, a cart, an order submission waiting for its answer.
    configuration.setDates(DateModes.RANGE, [day(40), day(41)]);
    cart.addProduct({ id: 1, id_shop: 6, id_price: 1, related: [], multipleDates: DateModes.RANGE, dates: [day(40), day(41)], days: 2 });
    submission.orderSubmission(new FormData());
    session.$token.set('Bearer customer-token');
    configuration.$ref.set('partner');

    // The delivery counter: an order and a scanned unit; a delivery queued while the API is away.
    const { id } = await placeOrder(api, { from: day(30), code: 'CIASPOLE', count: 2 });
    delivery.openDeliveryOrder(OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, token)).body).data);
    expect(await delivery.scanForDelivery(unit('CIASPOLE', 1))).toBe(true);
    down.push(/\/delivery$/);
    expect(await delivery.confirmDelivery()).toEqual({ status: 'queued' });
    expect(await delivery.scanForDelivery(unit('CIASPOLE', 2))).toBe(true);
    // The pickup counter: a return day chosen.
    pickup.setReturnDay(day(1));

    // The cash desk: a charge the API did not record, a claim whose answer was lost, a closed day not recorded.
    const charged = await placeOrder(api, { from: day(31) });
    down.push(/\/pay$/);
    expect(await desk.payOrder(charged)).toEqual({ status: 'pending' });
    const claimed = await placeOrder(api, { from: day(32) });
    loseAnswer = /\/payment_claim$/;
    expect((await desk.payOrder(claimed)).status).toBe('refused');
    loseAnswer = null;
    down.push(/close_cashier$/);
    await expect(cashier.closeCashier()).rejects.toBeInstanceOf(CashierRecordError);

    const written = Object.keys(storage);
    // The drive reached every store: each wrote its key, and each kept the older value aside.
    expect(written).toEqual(expect.arrayContaining([...VALIDATED_KEYS, ...VALIDATED_KEYS.map((k) => `${k}.unreadable`), 'auth._token.local', 'ref']));
    expect(JSON.parse(storage.getItem(KIOSK_OUTBOX_KEY)!)).toHaveLength(1);
    expect(Object.keys(JSON.parse(storage.getItem(DESK_PAYMENTS_KEY)!))).toEqual([charged.uuid]);
    expect(Object.keys(JSON.parse(storage.getItem(DESK_CLAIM_ATTEMPTS_KEY)!))).toEqual([claimed.uuid]);
    expect(JSON.parse(storage.getItem(CASHIER_CLOSE_KEY)!)).toMatchObject({ step: 'unrecorded' });

    forgetKioskData();
    expect(written.filter((key) => storage.getItem(key) !== null)).toEqual([]);
    expect(Object.keys(storage)).toEqual([]);
  });
});

describe('the list of keys', () => {
  const SRC = fileURLToPath(new URL('../../../../../src/', import.meta.url));
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
    });

  it('holds the key of every persisted store and of every localStorage write of the site', () => {
    const texts = sources(SRC).map((path) => readFileSync(path, 'utf8'));
    // Where a key is named: `export const CART_KEY = 'cart'`.
    const constants = new Map(texts.flatMap((text) => [...text.matchAll(/const ([A-Z][A-Z0-9_]*) = '([^']+)'/g)].map((m) => [m[1]!, m[2]!] as const)));
    // Where a key is used: a persisted store (not the wrapper of stores/persisted.ts, whose key is its
    // caller's), or a direct write.
    const uses = texts.flatMap((text) => [
      ...[...text.matchAll(/persistent(?:Validated|Atom)(?:<[^(]*>)?\(\s*([A-Z][A-Z0-9_]*|'[^']+')/g)].map((m) => m[1]!),
      ...[...text.matchAll(/localStorage\.setItem\(\s*([A-Z][A-Z0-9_]*|'[^']+')/g)].map((m) => m[1]!),
    ]);
    const keys = uses.map((use) => (use.startsWith("'") ? use.slice(1, -1) : constants.get(use)));
    expect(keys.length).toBeGreaterThanOrEqual(VALIDATED_KEYS.length);
    expect(keys.filter((key) => !(KIOSK_STORAGE_KEYS as readonly (string | undefined)[]).includes(key))).toEqual([]);
  });
});
