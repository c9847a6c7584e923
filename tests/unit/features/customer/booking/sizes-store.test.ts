// The size step's store action (src/features/customer/booking/stores/sizes.ts) against a stubbed
// API: it asks available_size for the chosen dates, takes off what the cart already holds of the
// product in each size (and of the product at all), says when the sizes could not be read, and
// drops the answer of a read that a newer one replaced.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { DateModes } from '~/domain/dates';

beforeAll(() => useTestStorageEngine());

const cart = await import('~/stores/cart');
const configuration = await import('~/stores/configuration');
const { $sizes, loadSizes, resetSizes } = await import('~/features/customer/booking/stores/sizes');

const SHOP = { id: 6, slug: 'negozio', label: 'Negozio', logos: [], categories: [], sports: [] };
const BIKE = 21;
const DATES = ['2027-01-10', '2027-01-12'];
const item = (size: string | null, id = BIKE) => ({ id, id_shop: SHOP.id, id_price: 100, related: [], size, multipleDates: DateModes.RANGE, dates: DATES, days: 3 });

let server: { answer: unknown; down: boolean; bodies: unknown[]; hold: Promise<void> | null };

beforeEach(() => {
  cleanTestStorage();
  cart.clearCart();
  configuration.clearConfiguration({ full: true });
  configuration.setShop(SHOP);
  configuration.setDates(DateModes.RANGE, DATES);
  resetSizes();
  server = {
    answer: { data: { product_id: BIKE, available: 4, sizes: [{ size: 'S', units: 2, available: 2 }, { size: 'M', units: 2, available: 1 }, { size: 'L', units: 1, available: 1 }] } },
    down: false,
    bodies: [],
    hold: null,
  };
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    if (!url.pathname.endsWith(`/v1/products/${BIKE}/available_size`) || init.method !== 'POST') return Response.json({ message: 'Risorsa non trovata' }, { status: 404 });
    server.bodies.push(JSON.parse(String(init.body)));
    if (server.hold) await server.hold;
    if (server.down) throw new TypeError('fetch failed');
    return Response.json(server.answer);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('loadSizes', () => {
  it('reads the sizes for the chosen dates and takes off what the cart holds', async () => {
    cart.addProduct(item('M'));
    cart.addProduct(item('S'));
    cart.addProduct(item(null, 99));
    const reading = loadSizes(BIKE);
    expect($sizes.get()).toEqual({ status: 'loading', productId: BIKE });
    await reading;
    expect(server.bodies).toEqual([expect.objectContaining({ from: DATES[0], to: DATES[1] })]);
    // M: its one free unit is in the cart; S: one of two; the product: 4 free, 2 in the cart, so L keeps its 1.
    expect($sizes.get()).toEqual({
      status: 'ready',
      productId: BIKE,
      sizes: [
        { size: 'S', units: 2, available: 1 },
        { size: 'M', units: 2, available: 0 },
        { size: 'L', units: 1, available: 1 },
      ],
    });
  });

  it('never offers more of a size than the product has left once the cart is taken off', async () => {
    server.answer = { data: { product_id: BIKE, available: 1, sizes: [{ size: 'S', units: 2, available: 1 }, { size: 'L', units: 1, available: 1 }] } };
    cart.addProduct(item(null));
    await loadSizes(BIKE);
    expect($sizes.get()).toMatchObject({ status: 'ready', sizes: [{ size: 'S', available: 0 }, { size: 'L', available: 0 }] });
  });

  it('says when the sizes could not be read', async () => {
    server.down = true;
    await loadSizes(BIKE);
    expect($sizes.get()).toEqual({ status: 'error', productId: BIKE });
  });

  it('drops the answer of a read the dialog no longer waits for', async () => {
    let release = () => {};
    server.hold = new Promise((resolve) => (release = resolve));
    const reading = loadSizes(BIKE);
    resetSizes();
    release();
    await reading;
    expect($sizes.get()).toEqual({ status: 'idle' });
  });
});
