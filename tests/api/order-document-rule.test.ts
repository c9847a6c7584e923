// The identity-document rule belongs to the order: one placed at a kiosk whose totem requires
// documents (BARD-01, the public kiosk) keeps at least one whoever deletes or edits (the guest link,
// the logged-in owner, another kiosk), counted under the order's row lock; an order of a kiosk with
// them optional, or placed online, loses its last one freely. Delivery reads say when such an order
// has none (an order from before the rule, a document gone some other way) and still hand it out.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { medias, orders } from '~server/db/schema/index';
import { OrderEnvelopeSchema, type OrderResponse } from '~/api/contract/orders';
import { UserResponseSchema } from '~/api/contract/user';
import { answer, outcome } from '../support/contract';
import { testDrivers } from '../support/databases';
import { day, orderForm, pick, signup, type OrderInput } from '../support/orders';
import { call, idDocument, pairedKiosks, placeOrder, unit } from '../support/staff';

const DOCUMENT_REQUIRED = "Carica almeno un documento d'identità";
const REFUSED = { message: DOCUMENT_REQUIRED, errors: { medias: [DOCUMENT_REQUIRED] } };

describe.each(testDrivers)('the order’s document rule on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  const db = () => api.deps.database.db;

  const placeAt = (offset: number, token: string | undefined, docs: OrderInput['medias']) =>
    placeOrder(api, { from: day(offset), token, medias: docs });
  /** The order's live documents, read by the shop's admin kiosk. */
  const documentsOf = async (order: OrderResponse) => {
    const res = await call(api, 'GET', `/api/v1/orders/${order.id}`, k.admin);
    if (res.status !== 200) throw new Error(`read ${res.status}`);
    return res.body.data.medias.map((m) => m.id);
  };
  const byLink = (mediaId: number, order: OrderResponse) => api.request(`/api/v1/media/${mediaId}?order=${order.uuid}`, { method: 'DELETE' });

  it('the guest link cannot delete the last document of a public kiosk’s order (422, it stays); one of two it can', async () => {
    const order = await placeAt(60, k.public, [{ file: idDocument('fronte.png') }, { file: idDocument('retro.png') }]);
    expect(order.totem_code).toBe('BARD-01');
    const [first, second] = order.medias;
    expect((await byLink(first!.id, order)).status).toBe(200);
    const last = await byLink(second!.id, order);
    expect([last.status, await last.json()]).toEqual([422, REFUSED]);
    expect(await documentsOf(order)).toEqual([second!.id]);
    // In the caller's language, as the kiosk's refusal.
    const english = await api.request(`/api/v1/media/${second!.id}?order=${order.uuid}`, { method: 'DELETE', lang: 'en_GB' });
    expect([english.status, (await english.json()).errors]).toEqual([422, { medias: ['Upload at least one identity document'] }]);
    expect(await documentsOf(order)).toEqual([second!.id]);
  });

  it('nor can its logged-in owner, nor another kiosk of the shop (one with documents optional)', async () => {
    const order = await placeAt(61, k.public, [{ file: idDocument() }]);
    const [media] = order.medias;
    // The order and its document are a customer's (as when the kiosk's customer is logged in).
    const owner = await signup(api, 'document.owner@example.com');
    const { data: user } = await answer(await api.request('/api/v1/user', { token: owner }), UserResponseSchema);
    await db().update(orders).set({ userId: user.id }).where(eq(orders.id, order.id));
    await db().update(medias).set({ userId: user.id }).where(eq(medias.id, media!.id));

    const asOwner = await api.request(`/api/v1/media/${media!.id}`, { method: 'DELETE', token: owner });
    expect([asOwner.status, await asOwner.json()]).toEqual([422, REFUSED]);
    const asAdminKiosk = await call(api, 'DELETE', `/api/v1/media/${media!.id}`, k.admin);
    expect([asAdminKiosk.status, asAdminKiosk.body]).toEqual([422, REFUSED]);
    expect(await documentsOf(order)).toEqual([media!.id]);
  });

  it('an edit through the link that would leave the order without a document is refused under medias; one keeping it goes through', async () => {
    const order = await placeAt(62, k.public, [{ file: idDocument() }]);
    const [media] = order.medias;
    const edit = async (docs: OrderInput['medias'], offset: number) => {
      const { main } = await pick(api, order.shop!.id, 'CITYBIKE', { from: day(offset), to: day(offset) });
      const body = orderForm({ from: day(offset), cart: [{ prices: [main.id] }], medias: docs, extra: { _method: 'PATCH', edit_order_code: order.number } });
      const res = await api.request(`/api/v1/orders/${order.uuid}`, { method: 'POST', body });
      return { status: res.status, body: await outcome(res, OrderEnvelopeSchema) };
    };
    const removed = await edit([{ id: media!.id, stored: true, deleted: true }], 63);
    expect([removed.status, removed.body]).toEqual([422, REFUSED]);
    expect(await documentsOf(order)).toEqual([media!.id]);
    // Not mentioned: it stays linked, and counts.
    expect((await edit([], 63)).status).toBe(200);
    expect(await documentsOf(order)).toEqual([media!.id]);
  });

  it('an order of a kiosk with documents optional, or placed online, can lose its last document', async () => {
    const atAdminKiosk = await placeAt(64, k.admin, [{ file: idDocument() }]);
    expect(atAdminKiosk.totem_code).toBe('BARD-02');
    expect((await byLink(atAdminKiosk.medias[0]!.id, atAdminKiosk)).status).toBe(200);
    expect(await documentsOf(atAdminKiosk)).toEqual([]);
    const online = await placeAt(64, undefined, [{ file: idDocument() }]);
    expect((await byLink(online.medias[0]!.id, online)).status).toBe(200);
    expect(await documentsOf(online)).toEqual([]);
  });

  it('the delivery read says when an order that requires a document has none, and the order still goes out', async () => {
    const kept = await placeAt(65, k.public, [{ file: idDocument() }]);
    const lost = await placeAt(65, k.public, [{ file: idDocument() }]);
    const online = await placeAt(65, undefined, []);
    // A document gone without the route (an order from before the rule): nothing refuses it now.
    await db().update(medias).set({ deletedAt: new Date() }).where(eq(medias.orderId, lost.id));

    const read = async (order: OrderResponse) => (await call(api, 'GET', `/api/v1/orders/${order.id}`, k.admin)).body.data;
    expect((await read(kept)).document_missing).toBe(false);
    expect((await read(online)).document_missing).toBe(false);
    const missing = await read(lost);
    expect([missing.document_missing, missing.medias]).toEqual([true, []]);

    // Delivered all the same (a warning, not a block), and the answer still says it.
    const line = lost.order_detail_pools[0]!.order_details[0]!.id;
    const delivered = await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: lost.id, delivery_details: [{ internal_code: unit('CITYBIKE', 4), id_order_detail: line }] });
    expect([delivered.status, delivered.body.data.document_missing]).toEqual([200, true]);
  });
});
