// Orders placed at a kiosk: the order records the totem that placed it (`totem_code`,
// kept by edits), and a kiosk without data_security_user_optional must send an identity document
// (spec §5), refused before anything is stored. Customers and guests are not affected.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, totems } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { day, file, login, orderForm, pick, postOrder, type OrderInput, type OrderJson } from '../support/orders';
import { outcome } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { call, idDocument, pairedKiosks, SHOP, totemOf } from '../support/staff';

const DOCUMENT_REQUIRED = "Carica almeno un documento d'identità";

describe.each(testDrivers)('kiosk orders on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);

  const db = () => api.deps.database.db;
  const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]!.n;
  const uploads = () => {
    try {
      return readdirSync(path.join(api.dataDir, 'uploads')).sort();
    } catch {
      return [];
    }
  };
  const form = async (offset: number, medias: OrderInput['medias'] = [], extra?: Record<string, string>) => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(offset), to: day(offset) });
    return orderForm({ from: day(offset), cart: [{ prices: [main.id] }], medias, extra });
  };
  const place = async (offset: number, medias: OrderInput['medias'], token?: string, lang?: string) =>
    postOrder(api, SHOP, await form(offset, medias), { token, lang });
  const placed = async (offset: number, medias: OrderInput['medias'], token?: string): Promise<OrderJson> => {
    const { status, body, order } = await place(offset, medias, token);
    if (status !== 201) throw new Error(`order ${status}: ${JSON.stringify(body)}`);
    return order;
  };
  const totemId = async (code: string) => (await db().select({ id: totems.id }).from(totems).where(eq(totems.code, code)))[0]!.id;
  const storedTotemId = async (orderId: number) =>
    (await db().select({ id: orders.createdTotemId }).from(orders).where(eq(orders.id, orderId)))[0]!.id;

  it('refuses an order of a public kiosk (BARD-01) without a document with 422 on medias, storing nothing', async () => {
    expect(totemOf('BARD-01')).toMatchObject({ type: 10, shopId: SHOP, dataSecurityUserOptional: false });
    const ordersBefore = await orderCount();
    const uploadsBefore = uploads();
    const attempts: OrderInput['medias'][] = [
      [],
      // An empty file is no document.
      [{ file: file(Buffer.alloc(0), 'vuoto.png', 'image/png') }],
      // A stored document the customer removed does not count either.
      [{ id: 1, stored: true, deleted: true }],
    ];
    for (const medias of attempts) {
      const { status, body } = await place(30, medias, k.public);
      expect(status).toBe(422);
      expect(body).toEqual({ message: DOCUMENT_REQUIRED, errors: { medias: [DOCUMENT_REQUIRED] } });
    }
    // In the customer's language.
    const english = await place(30, [], k.public, 'en_GB');
    expect([english.status, english.body.errors]).toEqual([422, { medias: ['Upload at least one identity document'] }]);
    expect(await orderCount()).toBe(ordersBefore);
    expect(uploads()).toEqual(uploadsBefore);
  });

  it('places a public kiosk order with a document, recording the kiosk (totem_code BARD-01) for the shop staff', async () => {
    const before = uploads();
    const order = await placed(31, [{ file: idDocument() }], k.public);
    expect(order.totem_code).toBe('BARD-01');
    expect(order.medias.map((m) => [m.name, m.mime])).toEqual([['carta-identita.png', 'image/png']]);
    expect(uploads()).toHaveLength(before.length + 1);
    expect(await storedTotemId(order.id)).toBe(await totemId('BARD-01'));

    // The admin totem of the shop reads it, alone and in its search list.
    const read = await call(api, 'GET', `/api/v1/orders/${order.id}`, k.admin);
    expect(read.status).toBe(200);
    expect(read.body.data.totem_code).toBe('BARD-01');
    // …and so does the holder of its link.
    const byLink = await call(api, 'GET', `/api/v1/guest/orders/${order.uuid}`);
    expect(byLink.body.data.totem_code).toBe('BARD-01');
  });

  it('a kiosk with data_security_user_optional (BARD-02) places an order without documents', async () => {
    expect(totemOf('BARD-02')).toMatchObject({ type: 20, shopId: SHOP, dataSecurityUserOptional: true });
    const order = await placed(32, [], k.admin);
    expect(order.medias).toEqual([]);
    expect(order.totem_code).toBe('BARD-02');
    expect(await storedTotemId(order.id)).toBe(await totemId('BARD-02'));
  });

  it('orders of customers and guests need no document and have no totem_code', async () => {
    const guest = await placed(33, []);
    expect(guest.totem_code).toBeNull();
    const mario = await login(api);
    const mine = await placed(33, [], mario);
    expect(mine.totem_code).toBeNull();
    expect(await storedTotemId(mine.id)).toBeNull();
    const list = await call(api, 'GET', '/api/v1/orders', mario);
    const listed = list.body.data;
    expect(listed.find((o) => o.id === mine.id)!.totem_code).toBeNull();
  });

  it('lists kiosk and online orders together, each with its own totem_code', async () => {
    const kiosk10 = await placed(34, [{ file: idDocument() }], k.public);
    const kiosk20 = await placed(34, [], k.admin);
    const online = await placed(34, []);
    const search = await call(api, 'GET', `/api/v1/orders/search?date=${day(34)}`, k.admin);
    const found = search.body.data;
    const codes = Object.fromEntries(found.map((o) => [o.number, o.totem_code]));
    expect(codes).toEqual({ [kiosk10.number]: 'BARD-01', [kiosk20.number]: 'BARD-02', [online.number]: null });
  });

  it('an edit keeps the kiosk that placed the order (no document asked of a kiosk with them optional, nor of the link)', async () => {
    const order = await placed(35, [{ file: idDocument() }], k.public);
    const edit = async (offset: number, ref: string, token?: string) => {
      const body = await form(offset, [], { _method: 'PATCH', edit_order_code: order.number });
      const res = await api.request(`/api/v1/orders/${ref}`, { method: 'POST', body, token });
      return { status: res.status, body: await outcome(res, OrderEnvelopeSchema) };
    };
    // By the shop's admin totem (another kiosk: the order stays BARD-01's).
    const byStaff = await edit(36, String(order.id), k.admin);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.data).toMatchObject({ id: order.id, date_from: day(36), totem_code: 'BARD-01' });
    // By the holder of the link, without any token.
    const byLink = await edit(37, order.uuid);
    expect(byLink.status).toBe(200);
    expect(byLink.body.data).toMatchObject({ id: order.id, date_from: day(37), totem_code: 'BARD-01' });
    expect(await storedTotemId(order.id)).toBe(await totemId('BARD-01'));
    const read = await call(api, 'GET', `/api/v1/orders/${order.id}`, k.admin);
    expect(read.body.data.totem_code).toBe('BARD-01');
  });
});
