// An order changed at the cash desk keeps what it had: the desk reads it, puts it back in the cart
// by the shared rule (src/domain/order-edit.ts) and sends the edit the checkout builds from that cart
// (src/domain/orders.ts). Its coupons go with it and are checked again; its e-mail stays; and the
// document rule of a kiosk without data_security_user_optional holds for edits as for new orders.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { couponRedemptions, coupons, medias, orders, totems } from '~server/db/schema/index';
import { OrderEnvelopeSchema, type OrderResponse } from '~/api/contract/orders';
import { orderEditCart } from '~/domain/order-edit';
import { buildOrderEditFormData, type OrderFormMedia } from '~/domain/orders';
import { outcome } from '../support/contract';
import { testDrivers } from '../support/databases';
import { day, file, pick, postOrder, orderForm, type OrderInput } from '../support/orders';
import { call, idDocument, pairedKiosks, SHOP } from '../support/staff';
import { lockWaiters } from '../support/lock-waiters';

const DOCUMENT_REQUIRED = "Carica almeno un documento d'identità";

describe.each(testDrivers)('edits at the cash desk on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  const db = () => api.deps.database.db;

  const place = async (offset: number, input: Partial<OrderInput> = {}, token?: string): Promise<OrderResponse> => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(offset), to: day(offset) });
    const { status, body, order } = await postOrder(api, SHOP, orderForm({ from: day(offset), cart: [{ prices: [main.id] }], ...input }), { token });
    if (status !== 201) throw new Error(`order ${status}: ${JSON.stringify(body)}`);
    return order;
  };

  /** The order as the desk reads it. */
  const read = async (order: OrderResponse): Promise<OrderResponse> => {
    const res = await call(api, 'GET', `/api/v1/orders/${order.id}`, k.cash);
    if (res.status !== 200) throw new Error(`read ${res.status}`);
    return res.body.data;
  };

  /**
   * The edit the desk sends for `order` as read, moved to `offset` (a one-day order stays one day,
   * its price too): the cart the desk's "change" builds, as the checkout sends it. `medias` replaces
   * the cart's documents when given (staff removed or added some).
   */
  const edit = async (order: OrderResponse, offset: number, medias?: OrderFormMedia[]) => {
    const cart = orderEditCart(order)!;
    const form = buildOrderEditFormData({
      ...cart.contact,
      coupons: cart.coupons,
      products: cart.products,
      medias: medias ?? cart.medias,
      multipleDates: cart.mode,
      dates: [day(offset)],
      invoice: order.invoice,
      orderCodeToReplace: order.uuid,
    });
    const res = await api.request(`/api/v1/orders/${order.id}`, { method: 'POST', body: form, token: k.cash });
    return { status: res.status, body: await outcome(res, OrderEnvelopeSchema) };
  };

  const redemptionsOf = async (orderId: number) =>
    db().select({ id: couponRedemptions.id }).from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
  const setBlocked = (code: string, blocked: boolean) => db().update(coupons).set({ blocked }).where(eq(coupons.code, code));
  const setDocumentsOptional = (optional: boolean) => db().update(totems).set({ dataSecurityUserOptional: optional }).where(eq(totems.code, 'BARD-03'));

  it('the desk reads the order’s coupons with their amounts; the edit keeps them, redeemed once, and the e-mail', async () => {
    const placed = await place(40, { coupons: ['neve5'], email: 'Desk.Coupon@example.com' });
    const order = await read(placed);
    expect(order.coupons).toEqual([{ code: 'NEVE5', amount: 5 }]);
    expect(order.total_amount).toBe(order.original_total_amount - 5);

    const changed = await edit(order, 41);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: order.id,
      date_from: day(41),
      coupon_codes: ['NEVE5'],
      coupons: [{ code: 'NEVE5', amount: 5 }],
      total_amount: order.total_amount,
      email: 'desk.coupon@example.com',
    });
    // Kept, not counted a second time.
    expect(await redemptionsOf(order.id)).toHaveLength(1);
  });

  it('a coupon no longer valid: 422 under its field, the order left as it was', async () => {
    const order = await read(await place(42, { coupons: ['NEVE5'], email: 'desk.blocked@example.com' }));
    await setBlocked('NEVE5', true);
    try {
      const refused = await edit(order, 43);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ 'coupon_codes.0': ['Il codice sconto NEVE5 non è più valido'] });
    } finally {
      await setBlocked('NEVE5', false);
    }
    const after = await read(order);
    expect(after).toMatchObject({ date_from: day(42), coupon_codes: ['NEVE5'], total_amount: order.total_amount });
    expect(await redemptionsOf(order.id)).toHaveLength(1);
  });

  it('a desk whose kiosk requires documents refuses an edit that leaves the order without one; accepts one with a document, or when optional', async () => {
    const online = await read(await place(44, { email: 'desk.docs@example.com' }));
    expect(online.medias).toEqual([]);
    await setDocumentsOptional(false);
    try {
      // No document on the order and none sent: refused as a new order would be, nothing written.
      const refused = await edit(online, 45);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ message: DOCUMENT_REQUIRED, errors: { medias: [DOCUMENT_REQUIRED] } });
      expect((await read(online)).date_from).toBe(day(44));
      // An empty file is no document.
      expect((await edit(online, 45, [{ id: 0, stored: false, deleted: false, file: file(Buffer.alloc(0), 'vuoto.png', 'image/png') }])).status).toBe(422);

      // With a document uploaded at the desk.
      const uploaded = await edit(online, 45, [{ id: 0, stored: false, deleted: false, file: idDocument() }]);
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.data.medias).toHaveLength(1);

      // The order's own document counts: sent back as kept (the desk's cart), or not mentioned.
      const withDocument = await read(online);
      expect((await edit(withDocument, 46)).status).toBe(200);
      expect((await edit(withDocument, 47, [])).status).toBe(200);
      // Removing it with nothing in its place is refused, and it stays.
      const removed = await edit(withDocument, 48, [{ id: withDocument.medias[0]!.id, stored: true, deleted: true }]);
      expect([removed.status, removed.body.errors]).toEqual([422, { medias: [DOCUMENT_REQUIRED] }]);
      expect((await read(online)).medias.map((m) => m.id)).toEqual([withDocument.medias[0]!.id]);
    } finally {
      await setDocumentsOptional(true);
    }
    // The kiosk allows them optional: the same edit without a document goes through.
    const other = await read(await place(49, { email: 'desk.optional@example.com' }));
    const optional = await edit(other, 50);
    expect([optional.status, optional.body.data.medias]).toEqual([200, []]);
  });

  it('the desk cannot delete the order’s last document (DELETE v1/media/{id}); one of two it can, and the customer’s page may delete the last', async () => {
    const order = await read(await place(51, { email: 'desk.delete@example.com', medias: [{ file: idDocument('fronte.png') }, { file: idDocument('retro.png') }] }));
    const [first, second] = order.medias;
    await setDocumentsOptional(false);
    try {
      expect((await call(api, 'DELETE', `/api/v1/media/${first!.id}`, k.cash)).status).toBe(200);
      const last = await call(api, 'DELETE', `/api/v1/media/${second!.id}`, k.cash);
      expect([last.status, last.body]).toEqual([422, { message: DOCUMENT_REQUIRED, errors: { medias: [DOCUMENT_REQUIRED] } }]);
      expect((await read(order)).medias.map((m) => m.id)).toEqual([second!.id]);
      // The rule binds what a kiosk writes: the customer, through the order's link, may remove it.
      const byLink = await api.request(`/api/v1/media/${second!.id}?order=${order.uuid}`, { method: 'DELETE' });
      expect(byLink.status).toBe(200);
      expect((await read(order)).medias).toEqual([]);
    } finally {
      await setDocumentsOptional(true);
    }
  });

  it.runIf(driver.name === 'postgres')('two desks deleting the order’s last two documents at once: one goes, the other is refused, one stays', async () => {
    const order = await read(await place(55, { email: 'desk.both@example.com', medias: [{ file: idDocument('fronte.png') }, { file: idDocument('retro.png') }] }));
    const [first, second] = order.medias;
    await setDocumentsOptional(false);
    // A connection of its own holds the order's row, so both deletions are inside their
    // transactions, each having seen two documents, before either may write: without the order's
    // lock in the route, both would count the other's document and the order would keep none.
    const holder = new pg.Client({ connectionString: api.deps.database.url });
    await holder.connect();
    let deletions: ReturnType<typeof call>[] = [];
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [order.id]);
      deletions = [first!, second!].map((m) => call(api, 'DELETE', `/api/v1/media/${m.id}`, k.cash));
      await lockWaiters(holder, 'select%from "orders"%for no key update', 2);
      await holder.query('COMMIT');
      const answers = await Promise.all(deletions);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)!.body).toEqual({ message: DOCUMENT_REQUIRED, errors: { medias: [DOCUMENT_REQUIRED] } });
      expect((await read(order)).medias).toHaveLength(1);
    } finally {
      await holder.end();
      // Ended either way before the order's documents setting goes back (a failed wait leaves them running).
      await Promise.allSettled(deletions);
      await setDocumentsOptional(true);
    }
  });

  it('a document deleted between the desk’s check and its write: the edit is refused under medias, the order left as it was', async () => {
    const order = await read(await place(52, { email: 'desk.race@example.com', medias: [{ file: idDocument() }] }));
    const documentId = order.medias[0]!.id;
    await setDocumentsOptional(false);
    const database = api.deps.database.db;
    const transaction = database.transaction.bind(database);
    // The customer's page deletes the document once the route has counted it and before the edit's
    // transaction starts: the edit's form does not mention it (the desk kept it as it was).
    const between = vi.spyOn(database, 'transaction').mockImplementationOnce(async (...args) => {
      await database.update(medias).set({ deletedAt: new Date() }).where(eq(medias.id, documentId));
      return transaction(...args);
    });
    try {
      const refused = await edit(order, 53, []);
      expect(between).toHaveBeenCalled();
      expect([refused.status, refused.body]).toEqual([422, { message: DOCUMENT_REQUIRED, errors: { medias: [DOCUMENT_REQUIRED] } }]);
      expect(await read(order)).toMatchObject({ date_from: day(52), medias: [] });
    } finally {
      between.mockRestore();
      await setDocumentsOptional(true);
    }
  });

  it('a payment landing between a document’s read and its deletion: 410, the document stays', async () => {
    const order = await read(await place(54, { email: 'desk.paid@example.com', medias: [{ file: idDocument() }] }));
    const documentId = order.medias[0]!.id;
    const database = api.deps.database.db;
    const transaction = database.transaction.bind(database);
    const between = vi.spyOn(database, 'transaction').mockImplementationOnce(async (...args) => {
      await database.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id));
      return transaction(...args);
    });
    try {
      const refused = await api.request(`/api/v1/media/${documentId}?order=${order.uuid}`, { method: 'DELETE' });
      expect(between).toHaveBeenCalled();
      expect(refused.status).toBe(410);
      expect((await read(order)).medias.map((m) => m.id)).toEqual([documentId]);
    } finally {
      between.mockRestore();
    }
  });
});
