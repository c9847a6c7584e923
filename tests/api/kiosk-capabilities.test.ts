// A public kiosk must not reach customers' orders. A type-10 kiosk stands in the shop for
// anyone to use and follows the shop's channel for its board, so: order events carry no capability
// and no personal data (no uuid, phone, e-mail, names, amount); a totem presenting an order's uuid
// is held to its type (a public kiosk: 403) and to its shop (another shop's: 404), for the order,
// its edits, cancellation, export and documents (`?order={uuid}` included). The customer's guest
// link without a token, and the shop's admin totems, keep working.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { answer as contractAnswer } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { PushInQueueResponseSchema } from '~/api/contract/board';
import { medias, orders, totems } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { day, orderForm, pick } from '../support/orders';
import { call, idDocument, pairedKiosks, placeOrder, SHOP, type StaffOrderJson } from '../support/staff';

/** What an order event may carry: which order moved and how, nothing that opens it or names anyone. */
const EVENT_FIELDS = ['at', 'date_from', 'date_to', 'id', 'number', 'paid', 'shop_id', 'status'];
const CONTACT = { first_name: 'Ottavia', last_name: 'Capabilitini', phone: '+39 333 987 6543', email: 'ottavia.capabilitini@example.com' };

describe.each(testDrivers)('kiosk capabilities on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let nextDay = 20;

  const db = () => api.deps.database.db;
  /** An order of the shop with a document, placed by the public kiosk itself unless said otherwise. */
  const kioskOrder = async (token: string | undefined = k.public): Promise<StaffOrderJson> => {
    const order = await placeOrder(api, { from: day(nextDay), token, medias: [{ file: idDocument() }] });
    nextDay += 1;
    expect(order.medias).toHaveLength(1);
    return order;
  };
  const row = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const mediaRow = async (id: number) => (await db().select().from(medias).where(eq(medias.id, id)))[0]!;
  /** The multipart edit (POST with _method=PATCH) moving the order to another day. */
  const editForm = async (order: StaffOrderJson, offset: number) => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(offset), to: day(offset) });
    return orderForm({ from: day(offset), cart: [{ prices: [main.id] }], extra: { _method: 'PATCH', edit_order_code: order.uuid } });
  };

  /** Every way a uuid reaches an order or its documents, with the status each answered. */
  async function byUuid(order: StaffOrderJson, token: string | undefined) {
    const uuid = order.uuid;
    const media = order.medias[0]!;
    const upload = new FormData();
    upload.append('file', idDocument('altro.png'));
    // In this order: reads, then changes, the cancellation last.
    const seen: Record<string, number> = {};
    seen.guest = (await call(api, 'GET', `/api/v1/guest/orders/${uuid}`, token)).status;
    seen.get = (await call(api, 'GET', `/api/v1/orders/${uuid}`, token)).status;
    seen.export = (await call(api, 'GET', `/api/v1/orders/${uuid}/export`, token)).status;
    seen.media = (await call(api, 'GET', media.url, token)).status;
    seen.upload = (await api.request(`/api/v1/orders/${uuid}/media`, { method: 'POST', body: upload, token })).status;
    seen.deleteMedia = (await call(api, 'DELETE', media.url, token)).status;
    seen.patch = (await call(api, 'PATCH', `/api/v1/orders/${uuid}`, token, { phone: '+39 333 000 0000' })).status;
    seen.edit = (await api.request(`/api/v1/orders/${uuid}`, { method: 'POST', body: await editForm(order, 60), token })).status;
    seen.cancel = (await call(api, 'DELETE', `/api/v1/orders/${uuid}?date=${day(0)}`, token)).status;
    return seen;
  }

  /** Nothing of the order changed: not cancelled, same day and phone, its document still there. */
  async function untouched(order: StaffOrderJson) {
    const now = await row(order.id);
    expect(now).toMatchObject({ status: 'confirmed', phone: order.phone, dateFrom: order.date_from });
    expect(await db().select().from(medias).where(eq(medias.orderId, order.id))).toHaveLength(1);
    expect((await mediaRow(order.medias[0]!.id)).deletedAt).toBeNull();
  }

  it('order events and the push in queue answer carry no uuid, contact data, names or amount', async () => {
    const sent: { channel: string; event: string; data: unknown }[] = [];
    const publish = api.deps.realtime.publish.bind(api.deps.realtime);
    const spy = vi.spyOn(api.deps.realtime, 'publish').mockImplementation((channel, event, data) => {
      sent.push({ channel, event, data });
      return publish(channel, event, data);
    });
    try {
      const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(10), to: day(10) });
      const res = await api.request(`/api/v1/shops/${SHOP}/orders`, {
        method: 'POST',
        body: orderForm({ from: day(10), cart: [{ prices: [main.id] }], ...CONTACT }),
      });
      expect(res.status).toBe(201);
      const order = (await contractAnswer(res, OrderEnvelopeSchema)).data;
      expect((await call(api, 'PATCH', `/api/v1/orders/${order.id}`, k.admin, { phone: '+39 333 111 2222' })).status).toBe(200);
      // Queuing an order (by number, id or uuid) answers nothing more either.
      const pushed = await call(api, 'POST', '/api/v1/totem/push_in_queue', k.admin, { order: order.number });
      expect(pushed.status).toBe(200);
      const answer = PushInQueueResponseSchema.parse(pushed.body).data;
      expect(answer).toMatchObject({ id: order.id, number: order.number, status: 'confirmed' });
      expect(Object.keys(pushed.body.data).sort()).toEqual([...EVENT_FIELDS, 'queued_at'].sort());

      const events = sent.filter((s) => (s.data as { id?: number }).id === order.id);
      expect(events.map((e) => [e.channel, e.event])).toEqual([
        [`private-shop.${SHOP}`, 'order.created'],
        [`private-shop.${SHOP}`, 'order.changed'],
        [`private-shop.${SHOP}`, 'order.pushed_in_queue'],
      ]);
      const secrets = [order.uuid, CONTACT.phone, '+39 333 111 2222', CONTACT.email, CONTACT.last_name, CONTACT.first_name];
      for (const { data } of events) {
        expect(Object.keys(data as object).sort()).toEqual(EVENT_FIELDS);
        expect(data).toMatchObject({ id: order.id, number: order.number, shop_id: SHOP });
        for (const field of ['uuid', 'phone', 'email', 'last_name', 'first_name', 'total_amount']) expect(data).not.toHaveProperty(field);
        const text = JSON.stringify(data);
        for (const secret of secrets) expect(text).not.toContain(secret);
      }
      const answerText = JSON.stringify(pushed.body);
      for (const secret of secrets) expect(answerText).not.toContain(secret);
    } finally {
      spy.mockRestore();
    }
  });

  it('a public kiosk holding the uuid of an order of its own shop (even one it placed) opens, edits, cancels, exports and reads documents of nothing', async () => {
    const order = await kioskOrder();
    const seen = await byUuid(order, k.public);
    // 403 where the order route answers, 404 for a document (which says nothing about its order).
    expect(seen).toEqual({ guest: 403, get: 403, export: 403, media: 404, patch: 403, edit: 403, upload: 403, deleteMedia: 404, cancel: 403 });
    await untouched(order);
    // Its number or id does not open it either (unchanged).
    expect((await call(api, 'GET', `/api/v1/orders/${order.number}/export`, k.public)).status).toBe(403);
    expect((await call(api, 'GET', `/api/v1/media/${order.medias[0]!.id}`, k.public)).status).toBe(404);
  });

  it('a totem of another shop gets 404 for every uuid route, documents through ?order= included', async () => {
    const order = await kioskOrder();
    // As a cash desk (30) and as a totem admin (20) of the other shop.
    const [other] = await db().select().from(totems).where(eq(totems.code, 'SEST-01'));
    for (const type of [30, 20]) {
      await db().update(totems).set({ type }).where(eq(totems.id, other!.id));
      try {
        const seen = await byUuid(order, k.other);
        expect(seen).toEqual({ guest: 404, get: 404, export: 404, media: 404, patch: 404, edit: 404, upload: 404, deleteMedia: 404, cancel: 404 });
      } finally {
        await db().update(totems).set({ type: other!.type }).where(eq(totems.id, other!.id));
      }
      await untouched(order);
    }
  });

  it("the customer's guest link keeps working without a token, while the public kiosk with the same link is refused", async () => {
    const order = await kioskOrder(undefined);
    expect((await call(api, 'GET', order.medias[0]!.url, k.public)).status).toBe(404);
    expect((await call(api, 'GET', `/api/v1/guest/orders/${order.uuid}`, k.public)).status).toBe(403);
    const media = await api.request(order.medias[0]!.url);
    expect([media.status, media.headers.get('content-type')]).toEqual([200, 'image/png']);
    const seen = await byUuid(order, undefined);
    expect(seen).toEqual({ guest: 200, get: 200, export: 200, media: 200, patch: 200, edit: 200, upload: 201, deleteMedia: 200, cancel: 200 });
    expect(await row(order.id)).toMatchObject({ status: 'cancelled', dateFrom: day(60) });
  });

  it('the admin totems of the shop keep every uuid route, where the public kiosk beside them is refused', async () => {
    for (const token of [k.admin, k.cash]) {
      const order = await kioskOrder();
      expect((await call(api, 'GET', `/api/v1/orders/${order.uuid}`, k.public)).status).toBe(403);
      const seen = await byUuid(order, token);
      expect(seen).toEqual({ guest: 200, get: 200, export: 200, media: 200, patch: 200, edit: 200, upload: 201, deleteMedia: 200, cancel: 200 });
      expect((await row(order.id)).status).toBe('cancelled');
    }
  });
});
