// Changing an order's dates and items at the cash desk (CashDeskChanges' "change"): the desk reads
// the order (stores/desk-changes.ts), puts it back in the cart (src/stores/order-edit.ts, the rule
// the customer's order page uses too), and the checkout's action sends the edit. With the real
// stores, the app's API client and the real API (seeded PGlite) as the shop's cash desk BARD-03:
// what the order had (coupons, e-mail, documents) goes with the edit without anyone retyping it.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { coupons, totems } from '~server/db/schema/index';
import { DateModes } from '~/domain/dates';
import type { TestApi } from '~tests/support/app';
import { day, orderForm, pick, postOrder, type OrderInput } from '~tests/support/orders';
import { idDocument, SHOP } from '~tests/support/staff';
import { actAsKiosk, pairedForTheFile, routeFetchToApi } from '../support';

beforeAll(() => {
  useTestStorageEngine();
});

// Imported after the test engine is on, so the persistent atoms use it.
const cartStore = await import('~/stores/cart');
const configuration = await import('~/stores/configuration');
const { editOrderInCart } = await import('~/stores/order-edit');
const { readDeskOrder } = await import('~/features/kiosk/cash-desk/stores/desk-changes');
const { submitOrder } = await import('~/features/customer/checkout/stores/checkout');

let api: TestApi;
let cashToken: string;

pairedForTheFile('BARD-03', (kiosk) => ({ api, token: cashToken } = kiosk));

beforeEach(() => {
  cleanTestStorage();
  cartStore.clearCart();
  configuration.clearConfiguration({ full: true });
  actAsKiosk({ type: 30, code: 'BARD-03' }, cashToken);
  routeFetchToApi(api);
});
afterEach(() => vi.unstubAllGlobals());

const db = () => api.deps.database.db;

/** A guest's one-day city bike order at the shop. */
async function placed(offset: number, input: Partial<OrderInput> = {}) {
  const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(offset), to: day(offset) });
  const { status, body, order } = await postOrder(api, SHOP, orderForm({ from: day(offset), cart: [{ prices: [main.id] }], ...input }));
  if (status !== 201) throw new Error(`order ${status}: ${JSON.stringify(body)}`);
  return order;
}

/** Staff press "change" on the desk's page of `uuid` and pick another day. */
async function changeAtDesk(uuid: string, offset: number) {
  const order = await readDeskOrder(uuid);
  expect(editOrderInCart(order!)).toBe('/prenota/bardonecchia-sport-rent/calendar');
  configuration.setDates(DateModes.SINGLE, [day(offset)]);
  return order!;
}

/** What the checkout's form starts from in edit mode: the cart's contact data, nothing typed. */
function prefilled() {
  const cart = cartStore.$cart.get();
  return { first_name: cart.first_name ?? '', last_name: cart.last_name ?? '', phone: cart.phone ?? '', email: cart.email ?? '', invoice: false, fiscal_code: '', terms: false };
}

describe('an order changed at the cash desk', () => {
  it('keeps its coupons (redeemed once) and its e-mail, nobody retyping them', async () => {
    const order = await placed(60, { coupons: ['NEVE5'], email: 'anna.desk@example.com' });
    await changeAtDesk(order.uuid, 61);
    const cart = cartStore.$cart.get();
    expect(cart.coupons).toEqual([{ code: 'NEVE5', amount: 5, blocked: false }]);
    expect(cart.email).toBe('anna.desk@example.com');

    const outcome = await submitOrder(prefilled());
    expect(outcome).toMatchObject({
      kind: 'placed',
      edited: true,
      order: { id: order.id, date_from: day(61), coupon_codes: ['NEVE5'], total_amount: order.total_amount, email: 'anna.desk@example.com' },
    });
    // Sent: the cart is emptied, the e-mail with it.
    expect(cartStore.$cart.get()).toMatchObject({ orderCodeToReplace: null, coupons: [], email: null });
  });

  it('a coupon no longer valid: the server says so under its field, and the edit stays in the cart', async () => {
    const order = await placed(62, { coupons: ['NEVE5'], email: 'bruno.desk@example.com' });
    await changeAtDesk(order.uuid, 63);
    await db().update(coupons).set({ blocked: true }).where(eq(coupons.code, 'NEVE5'));
    try {
      const outcome = await submitOrder(prefilled());
      expect(outcome).toEqual({
        kind: 'refused',
        refusal: { fields: [], documents: null, others: [{ field: 'coupon_codes.0', message: 'Il codice sconto NEVE5 non è più valido' }], focus: 'list' },
      });
    } finally {
      await db().update(coupons).set({ blocked: false }).where(eq(coupons.code, 'NEVE5'));
    }
    expect(cartStore.$cart.get()).toMatchObject({ orderCodeToReplace: order.uuid, coupons: [{ code: 'NEVE5' }], email: 'bruno.desk@example.com' });
  });

  it('a desk that requires documents: the order’s own document goes with the edit and counts', async () => {
    const order = await placed(64, { medias: [{ file: idDocument() }] });
    await db().update(totems).set({ dataSecurityUserOptional: false }).where(eq(totems.code, 'BARD-03'));
    configuration.$configuration.set({ ...configuration.$configuration.get(), totem: { ...configuration.$configuration.get().totem!, data_security_user_optional: false } });
    try {
      await changeAtDesk(order.uuid, 65);
      expect(cartStore.$cart.get().medias).toEqual([{ id: order.medias[0]!.id, img: order.medias[0]!.url, url: order.medias[0]!.url, front: true, stored: true, deleted: false }]);
      const outcome = await submitOrder(prefilled());
      expect(outcome).toMatchObject({ kind: 'placed', edited: true, order: { id: order.id, date_from: day(65), medias: [{ id: order.medias[0]!.id }] } });
    } finally {
      await db().update(totems).set({ dataSecurityUserOptional: true }).where(eq(totems.code, 'BARD-03'));
    }
  });
});
