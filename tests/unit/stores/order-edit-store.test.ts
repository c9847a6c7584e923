// editOrderInCart: the one action by which the customer's order page and the kiosk's cash desk put
// an order back into the cart to change it.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { orderResponse } from '~tests/support/order-response';
import { DateModes } from '~/domain/dates';

beforeAll(() => {
  useTestStorageEngine();
});

// Imported after the test engine is on, so the persistent atoms use it.
const cart = await import('~/stores/cart');
const configuration = await import('~/stores/configuration');
const { editOrderInCart } = await import('~/stores/order-edit');

const KIOSK_SHOP = {
  id: 6,
  slug: 'bardonecchia-sport-rent',
  label: 'Bardonecchia Sport Rent',
  logos: [{ url: '/logos/bardonecchia.png' }],
  categories: [],
  sports: [],
};

beforeEach(() => {
  cleanTestStorage();
  cart.clearCart();
  configuration.clearConfiguration({ full: true });
});
afterEach(() => {
  cleanStores(cart.$cart, configuration.$configuration);
});

describe('editOrderInCart', () => {
  it('puts the order in the cart in edit mode, sets its shop and dates, and answers the calendar', () => {
    cart.addProduct({ id: 99, id_shop: 1, id_price: 999, related: [], multipleDates: DateModes.SINGLE, dates: ['2026-12-01'], days: 1 });
    const order = orderResponse();
    expect(editOrderInCart(order)).toBe('/prenota/bardonecchia-sport-rent/calendar');

    const state = cart.$cart.get();
    expect(state.orderCodeToReplace).toBe(order.uuid);
    expect(state.orderNumberToReplace).toBe(order.number);
    expect(state.products.map((p) => [p.id, p.id_price, p.related.length])).toEqual([
      [11, 111, 0],
      [12, 121, 1],
    ]);
    expect([state.first_name, state.last_name, state.phone]).toEqual(['Anna', 'Verdi', '+39 333 1234567']);
    const { shop, multipleDates, dates } = configuration.$configuration.get();
    expect(shop?.slug).toBe('bardonecchia-sport-rent');
    expect([multipleDates, dates]).toEqual([DateModes.RANGE, ['2026-12-12', '2026-12-13']]);
    // Persisted, and read back intact by the next page (a NaN measure would reset the cart).
    expect(JSON.parse(getTestStorage()[cart.CART_KEY]!).orderCodeToReplace).toBe(order.uuid);
  });

  it('keeps the shop already chosen when it is the order’s (a kiosk’s own shop keeps its logo)', () => {
    configuration.setShop(KIOSK_SHOP);
    editOrderInCart(orderResponse());
    expect(configuration.$configuration.get().shop?.logos).toEqual(KIOSK_SHOP.logos);
  });

  it('another shop is replaced by the order’s', () => {
    configuration.setShop({ ...KIOSK_SHOP, id: 1, slug: 'sport-noleggio-sestriere' });
    editOrderInCart(orderResponse());
    expect(configuration.$configuration.get().shop).toMatchObject({ id: 6, slug: 'bardonecchia-sport-rent', logos: [] });
  });

  it('changes nothing and answers null for an order without a shop', () => {
    expect(editOrderInCart(orderResponse({ shop: null }))).toBeNull();
    expect(cart.$cart.get().orderCodeToReplace).toBeNull();
    expect(configuration.$configuration.get().shop).toBeNull();
  });
});
