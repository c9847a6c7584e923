// The checkout's actions (src/features/customer/checkout/stores/checkout.ts) with the real stores, the app's own
// API client (src/stores/api.ts) and the real API behind it: the browser's fetch is routed to an
// in-process API over a seeded database, so the answers and 422 messages are the server's own.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { IDEMPOTENCY_HEADER } from '~/api/contract/idempotency';
import { DateModes } from '~/domain/dates';
import { fidelityCardNumberFrom } from '~/domain/fidelity';
import { TotemTypes } from '~/domain/kiosk';
import { testDrivers } from '~tests/support/databases';
import { createTestApi, type TestApi } from '~tests/support/app';
import { day, pick, type Picked } from '~tests/support/orders';
import { SHOP } from '~tests/support/staff';

beforeAll(() => {
  useTestStorageEngine();
});

// Imported after the test engine is on, so the persistent atoms use it.
const cartStore = await import('~/stores/cart');
const configuration = await import('~/stores/configuration');
const { $pendingOrderSubmission } = await import('~/features/customer/checkout/stores/order-submission');
const { applyCoupon, applyFidelityCard, applyOwnFidelityCard, openCheckout, removeFidelityCard, submitOrder } = await import('~/features/customer/checkout/stores/checkout');
const uploads = await import('~/features/customer/checkout/stores/uploads');

let api: TestApi;
let bike: Picked;
const from = day(6);
/** The requests the browser sent, as the API received them. */
const sent: { method: string; path: string; headers: Headers }[] = [];
/** When set, the network is down: no answer comes. */
let offline = false;

beforeAll(async () => {
  api = await createTestApi(testDrivers[0]!);
  bike = await pick(api, SHOP, 'CITYBIKE', { from });
}, 120_000);
afterAll(() => api.dispose());

beforeEach(() => {
  cleanTestStorage();
  cartStore.clearCart();
  configuration.clearConfiguration({ full: true });
  sent.length = 0;
  offline = false;
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    if (offline) throw new TypeError('Failed to fetch');
    const path = `${url.pathname}${url.search}`;
    sent.push({ method: init.method ?? 'GET', path, headers: new Headers(init.headers) });
    return api.request(path, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The cart of a customer who chose a city bike for one day at the shop. */
function bikeInCart() {
  configuration.setShop({ id: SHOP, slug: 'bardonecchia-sport-rent', label: 'Bardonecchia Sport Rent', logos: [], categories: [], sports: [] });
  configuration.setDates(DateModes.SINGLE, [from]);
  cartStore.addProduct({ id: bike.product.id, id_shop: SHOP, id_price: bike.main.id, related: [], multipleDates: DateModes.SINGLE, dates: [from], days: 1 });
}

const values = { first_name: 'Carla', last_name: 'Checkout', phone: '+39 333 765 4321', email: 'carla.checkout@example.com', invoice: false, fiscal_code: '', terms: true };

describe('openCheckout', () => {
  it('drops documents whose file did not survive a reload and prices the lines for the chosen dates', async () => {
    bikeInCart();
    // A price of other dates.
    cartStore.$cart.set({ ...cartStore.$cart.get(), products: cartStore.$cart.get().products.map((p, i) => (i === 0 ? { ...p, id_price: 999_999 } : p)) });
    const kept = uploads.keepFile(new File(['%PDF-1.4'], 'fronte.pdf', { type: 'application/pdf' }));
    cartStore.$cart.set({
      ...cartStore.$cart.get(),
      medias: [
        { id: 0, img: kept, front: true, stored: false, deleted: false },
        { id: 0, img: 'blob:lost-with-the-reload', front: false, stored: false, deleted: false },
        { id: 5, img: null, url: '/media/5', front: false, stored: true, deleted: false },
      ],
    });
    await openCheckout('bardonecchia-sport-rent');
    expect(cartStore.$cart.get().medias.map((m) => m.img ?? m.url)).toEqual([kept, '/media/5']);
    expect(sent.map((r) => r.path.split('?')[0])).toEqual(['/api/v1/shops/slug/bardonecchia-sport-rent']);
    expect(configuration.$products.get().length).toBeGreaterThan(0);
    expect(cartStore.$cart.get().products.map((p) => p.id_price)).toEqual([bike.main.id]);
  });

  it('leaves the cart as it is when the shop cannot be read', async () => {
    bikeInCart();
    offline = true;
    await openCheckout('bardonecchia-sport-rent');
    expect(cartStore.$cart.get().products.map((p) => p.id_price)).toEqual([bike.main.id]);
  });
});

describe('submitOrder', () => {
  it('places the cart as an order with an Idempotency-Key, then empties the cart and ends the submission', async () => {
    bikeInCart();
    const outcome = await submitOrder(values);
    expect(outcome.kind).toBe('placed');
    if (outcome.kind !== 'placed') return;
    expect(outcome).toMatchObject({ edited: false, order: { email: 'carla.checkout@example.com', first_name: 'Carla', status: 'confirmed' } });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: `/api/v1/shops/${SHOP}/orders` });
    expect(sent[0]!.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(cartStore.$cart.get().products).toEqual([]);
    expect($pendingOrderSubmission.get()).toBeNull();
  });

  it('sends the stored referral with a new order; an edit keeps the order’s own referral', async () => {
    bikeInCart();
    configuration.$ref.set('HOTEL42');
    const placed = await submitOrder(values);
    expect(placed.kind === 'placed' && placed.order.ref).toBe('HOTEL42');
    if (placed.kind !== 'placed') return;
    // The same customer later comes through another hotel's page and changes the order.
    configuration.$ref.set('OTHER-HOTEL');
    bikeInCart();
    cartStore.$cart.set({ ...cartStore.$cart.get(), orderCodeToReplace: placed.order.uuid });
    const edited = await submitOrder(values);
    expect(edited).toMatchObject({ kind: 'placed', edited: true, order: { id: placed.order.id, ref: 'HOTEL42' } });
  });

  it('places an order without a referral when none is stored, and leaves out one the API would refuse', async () => {
    bikeInCart();
    const plain = await submitOrder(values);
    expect(plain.kind === 'placed' && plain.order.ref).toBeNull();
    bikeInCart();
    configuration.$ref.set('X'.repeat(65));
    const long = await submitOrder(values);
    expect(long.kind === 'placed' && long.order.ref).toBeNull();
  });

  it('maps the server’s 422 to the fields in page order, keeping the cart and the typed details', async () => {
    bikeInCart();
    const outcome = await submitOrder({ ...values, email: 'non-una-email', invoice: true, fiscal_code: '' });
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    expect(outcome.refusal.fields.map(([field]) => field)).toEqual(['email', 'fiscal_code']);
    expect(outcome.refusal.fields.every(([, message]) => message.length > 0)).toBe(true);
    expect(outcome.refusal.focus).toBe('email');
    expect(cartStore.$cart.get()).toMatchObject({ first_name: 'Carla', last_name: 'Checkout', products: [{ id_price: bike.main.id }] });
    // A refusal is a definite answer: the next submission is a new one.
    expect($pendingOrderSubmission.get()).toBeNull();
  });

  it('says the server’s message when the order being edited is not there (404), without a new key', async () => {
    bikeInCart();
    cartStore.$cart.set({ ...cartStore.$cart.get(), orderCodeToReplace: '00000000-0000-4000-8000-000000000000' });
    const outcome = await submitOrder(values);
    expect(outcome.kind).toBe('gone');
    expect(outcome.kind === 'gone' && outcome.message.length > 0).toBe(true);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/v1/orders/00000000-0000-4000-8000-000000000000' });
    expect(sent[0]!.headers.has(IDEMPOTENCY_HEADER)).toBe(false);
    expect(cartStore.$cart.get().products).toHaveLength(1);
  });

  it('on a kiosk asks for an identity document before sending anything, unless the totem waives it', async () => {
    bikeInCart();
    const totem = { type: TotemTypes.PUBLIC, code: 'T1', data_security_user_optional: false };
    configuration.$configuration.set({ ...configuration.$configuration.get(), totem });
    expect(await submitOrder(values)).toEqual({ kind: 'documentsMissing' });
    expect(sent).toEqual([]);
    configuration.$configuration.set({ ...configuration.$configuration.get(), totem: { ...totem, data_security_user_optional: true } });
    expect((await submitOrder(values)).kind).not.toBe('documentsMissing');
    expect(sent).toHaveLength(1);
  });

  it('keeps the cart and the key when no answer comes, and a retry sends the same key', async () => {
    bikeInCart();
    offline = true;
    expect(await submitOrder(values)).toEqual({ kind: 'failed' });
    const pending = $pendingOrderSubmission.get();
    expect(pending?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(cartStore.$cart.get().products).toHaveLength(1);
    offline = false;
    expect((await submitOrder(values)).kind).toBe('placed');
    expect(sent[0]!.headers.get(IDEMPOTENCY_HEADER)).toBe(pending!.key);
  });
});

describe('applyCoupon', () => {
  it('adds a usable coupon and drops the refused ones shown before', async () => {
    expect(await applyCoupon('SCADUTO')).toMatchObject({ kind: 'added', coupon: { code: 'SCADUTO', blocked: true } });
    expect(cartStore.$cart.get().coupons.map((c) => [c.code, c.blocked])).toEqual([['SCADUTO', true]]);
    expect(await applyCoupon('NEVE5')).toMatchObject({ kind: 'added', coupon: { code: 'NEVE5', amount: 5, blocked: false } });
    expect(cartStore.$cart.get().coupons.map((c) => c.code)).toEqual(['NEVE5']);
  });

  it('keeps the usable coupons when a refused one is added', async () => {
    await applyCoupon('NEVE5');
    await applyCoupon('SCADUTO');
    expect(cartStore.$cart.get().coupons.map((c) => c.code)).toEqual(['NEVE5', 'SCADUTO']);
  });

  it('answers the server’s message for an unknown code and changes nothing', async () => {
    const outcome = await applyCoupon('NONESISTE');
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' && outcome.message).toContain('NONESISTE');
    expect(cartStore.$cart.get().coupons).toEqual([]);
  });

  it('asks nothing for a blank code, and fails quietly with no answer', async () => {
    expect(await applyCoupon('  ')).toEqual({ kind: 'blank' });
    expect(sent).toEqual([]);
    offline = true;
    expect(await applyCoupon('NEVE5')).toEqual({ kind: 'failed' });
    expect(cartStore.$cart.get().coupons).toEqual([]);
  });
});

describe('applyFidelityCard', () => {
  it('keeps a known card’s number for the order', async () => {
    expect(await applyFidelityCard(' FID-0001 ')).toBe('ok');
    expect(cartStore.$cart.get().fidelityCardNumber).toBe('FID-0001');
  });

  it('drops the number of a card the API does not know', async () => {
    cartStore.setContact({ fidelityCardNumber: 'FID-0001' });
    expect(await applyFidelityCard(fidelityCardNumberFrom('999999999999999'))).toBe('ko');
    expect(cartStore.$cart.get().fidelityCardNumber).toBeNull();
  });

  it('calls a wrong check digit a typo without asking the server', async () => {
    const good = fidelityCardNumberFrom('123456789012345');
    const typo = `${good.slice(0, 5)}${(Number(good[5]) + 1) % 10}${good.slice(6)}`;
    cartStore.setContact({ fidelityCardNumber: 'FID-0001' });
    expect(await applyFidelityCard(typo)).toBe('typo');
    expect(cartStore.$cart.get().fidelityCardNumber).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe("the logged-in customer's own card", () => {
  it('is applied once per cart, after the shop is read, and the prices are read again with it', async () => {
    bikeInCart();
    await openCheckout('bardonecchia-sport-rent');
    sent.length = 0;
    expect(await applyOwnFidelityCard('FID-0001')).toBe('ok');
    expect(cartStore.$cart.get()).toMatchObject({ fidelityCardNumber: 'FID-0001', fidelityCardInitialized: true });
    expect(configuration.$configuration.get().fidelityCard?.number).toBe('FID-0001');
    expect(sent.some((r) => r.path.includes('fidelity_card_number=FID-0001') && r.path.includes('/shops/'))).toBe(true);

    // Removed: none for the order, the prices without it, and not applied again to this cart.
    sent.length = 0;
    await removeFidelityCard();
    expect(cartStore.$cart.get().fidelityCardNumber).toBeNull();
    expect(configuration.$configuration.get().fidelityCard).toBeNull();
    expect(sent.some((r) => r.path.includes('/shops/') && !r.path.includes('fidelity_card_number=FID'))).toBe(true);
    expect(await applyOwnFidelityCard('FID-0001')).toBeNull();
    expect(cartStore.$cart.get().fidelityCardNumber).toBeNull();

    // A new cart is offered it again.
    cartStore.clearCart();
    bikeInCart();
    expect(await applyOwnFidelityCard('FID-0001')).toBe('ok');
  });

  it('leaves alone an empty cart, a cart with a card already, and a customer without one', async () => {
    expect(await applyOwnFidelityCard('FID-0001')).toBeNull();
    bikeInCart();
    expect(await applyOwnFidelityCard(null)).toBeNull();
    expect(await applyOwnFidelityCard('  ')).toBeNull();
    cartStore.setContact({ fidelityCardNumber: 'FID-0002' });
    expect(await applyOwnFidelityCard('FID-0001')).toBeNull();
    expect(cartStore.$cart.get()).toMatchObject({ fidelityCardNumber: 'FID-0002', fidelityCardInitialized: false });
    expect(sent).toEqual([]);
  });
});
