// Documents are not copied across orders. An order edit may link stored documents of the
// edited order, and the caller's own ones when the caller is the logged-in customer: a guest-link
// holder or a kiosk editing someone's order cannot pull in (and then read) the owner's documents of
// other orders, nor delete them. A document of another order is never deleted by an edit.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { medias } from '~server/db/schema/index';
import { testDrivers } from '../support/databases';
import { day, file, login, orderForm, pick, PDF_BYTES, type OrderInput, type OrderJson } from '../support/orders';
import { answer, outcome } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { pairedKiosks, placeOrder, SHOP } from '../support/staff';

const NOT_FOUND_DOCUMENT = 'Documento non trovato';

describe.each(testDrivers)('documents across orders on $name', (driver) => {
  const { api, k } = pairedKiosks(driver);
  let mario: string;
  let nextDay = 30;
  beforeAll(async () => {
    mario = await login(api);
  });

  const db = () => api.deps.database.db;
  const rowsOf = (orderId: number) => db().select().from(medias).where(eq(medias.orderId, orderId));
  const mediaRow = async (id: number) => (await db().select().from(medias).where(eq(medias.id, id)))[0]!;
  const passport = () => file(PDF_BYTES, 'passaporto-mario.pdf', 'application/pdf');

  /** Mario's order with his passport, and another of his orders without documents. */
  async function marioOrders() {
    const withDocument = await placeOrder(api, { from: day(nextDay), token: mario, medias: [{ file: passport() }] });
    const other = await placeOrder(api, { from: day(nextDay + 1), token: mario });
    nextDay += 2;
    expect(withDocument.medias).toHaveLength(1);
    return { withDocument, other, document: withDocument.medias[0]! };
  }

  /** The multipart edit of `order` (same day, same bike) linking `documents`, by `ref` and `token`. */
  async function edit(order: OrderJson, documents: OrderInput['medias'], ref: string, token?: string) {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: order.date_from, to: order.date_from });
    const body = orderForm({ from: order.date_from, cart: [{ prices: [main.id] }], medias: documents, extra: { _method: 'PATCH' } });
    const res = await api.request(`/api/v1/orders/${ref}`, { method: 'POST', body, token });
    return { status: res.status, body: await outcome(res, OrderEnvelopeSchema) };
  }

  it("a guest-link holder's edit cannot link the owner's document of another order, nor delete it", async () => {
    const { other, document } = await marioOrders();
    const copied = await edit(other, [{ id: document.id, stored: true }], other.uuid);
    expect([copied.status, copied.body.errors]).toEqual([422, { 'medias.0.id': [NOT_FOUND_DOCUMENT] }]);
    const deleted = await edit(other, [{ id: document.id, stored: true, deleted: true }], other.uuid);
    expect([deleted.status, deleted.body.errors]).toEqual([422, { 'medias.0.id': [NOT_FOUND_DOCUMENT] }]);
    expect(await rowsOf(other.id)).toEqual([]);
    expect((await mediaRow(document.id)).deletedAt).toBeNull();
  });

  it("the shop's admin kiosk editing the order cannot link or delete the owner's document of another order either", async () => {
    const { other, document } = await marioOrders();
    for (const ref of [other.uuid, String(other.id)]) {
      for (const deleted of [false, true]) {
        const res = await edit(other, [{ id: document.id, stored: true, deleted }], ref, k.admin);
        expect([ref, deleted, res.status, res.body.errors]).toEqual([ref, deleted, 422, { 'medias.0.id': [NOT_FOUND_DOCUMENT] }]);
      }
    }
    expect(await rowsOf(other.id)).toEqual([]);
    expect((await mediaRow(document.id)).deletedAt).toBeNull();
  });

  it('the owner, logged in, reuses his document on another order; unticking it there leaves the first order its document', async () => {
    const { withDocument, other, document } = await marioOrders();
    const reused = await edit(other, [{ id: document.id, stored: true }], other.uuid, mario);
    expect(reused.status).toBe(200);
    expect(reused.body.data.medias.map((m) => m.name)).toEqual(['passaporto-mario.pdf']);
    expect(reused.body.data.medias[0]!.id).not.toBe(document.id);
    // The stored one (of the first order) sent back flagged deleted: not linked, not deleted.
    const unticked = await edit(other, [{ id: document.id, stored: true, deleted: true }], other.uuid, mario);
    expect(unticked.status).toBe(200);
    expect((await mediaRow(document.id)).deletedAt).toBeNull();
    const first = await answer(await api.request(`/api/v1/orders/${withDocument.id}`, { token: mario }), OrderEnvelopeSchema);
    expect(first.data.medias.map((m) => m.id)).toEqual([document.id]);
  });

  it("the edited order's own documents stay the edit's to keep or delete, for the link holder and the admin kiosk", async () => {
    for (const token of [undefined, k.admin]) {
      const order = await placeOrder(api, { from: day(nextDay), medias: [{ file: passport() }, { file: passport() }] });
      nextDay += 1;
      const [keep, drop] = order.medias;
      const res = await edit(order, [{ id: keep!.id, stored: true }, { id: drop!.id, stored: true, deleted: true }], order.uuid, token);
      expect(res.status).toBe(200);
      expect(res.body.data.medias.map((m) => m.id)).toEqual([keep!.id]);
      expect((await mediaRow(drop!.id)).deletedAt).not.toBeNull();
    }
  });

  it("?order={uuid} opens that order's documents only, not another order's by its id", async () => {
    const { other, document } = await marioOrders();
    expect((await api.request(`/api/v1/media/${document.id}?order=${other.uuid}`)).status).toBe(404);
    expect((await api.request(`/api/v1/media/${document.id}?order=${other.uuid}`, { method: 'DELETE' })).status).toBe(404);
    expect((await mediaRow(document.id)).deletedAt).toBeNull();
    // Totem shop isolation through ?order= is covered by kiosk-capabilities.test.ts (another shop's
    // totem: 404; the shop's public kiosk: 404). Here: the public kiosk with the right uuid.
    const own = await placeOrder(api, { from: day(nextDay), medias: [{ file: passport() }] });
    nextDay += 1;
    expect((await api.request(own.medias[0]!.url, { token: k.public })).status).toBe(404);
    expect((await api.request(own.medias[0]!.url)).status).toBe(200);
  });
});
