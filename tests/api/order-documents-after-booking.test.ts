// Documents added to a placed order from its page, without the edit flow (spec §7 POST
// v1/orders/{id}/media, DELETE v1/media/{id}): by its owner (logged in, by id or uuid), a
// replacement as the order page makes it (the new one stored, then the old one deleted), refused to
// anyone else, and the 8 MB limit under the file field. And the staff's read of the order's
// loyalty card (GET v1/orders/{id}/fidelity_card: the account's own card verified, a typed number
// not), typed by the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { PDF_BYTES, PNG_BYTES, day, file, login, orderForm, pick, postOrder, signup } from '../support/orders';
import { answer, data, refusal } from '../support/contract';
import { OrderEnvelopeSchema, OrderResponseSchema, MediaDeletedSchema } from '~/api/contract/orders';
import { OrderFidelityCardResponseSchema } from '~/api/contract/fidelity';
import { OTHER_SHOP, pair, placeOrder, SHOP, totemOf } from '../support/staff';
import { fidelityCards } from '~server/db/schema/index';

const NOT_FOUND = { message: 'Risorsa non trovata' };

describe('documents after booking and the order\'s loyalty card', () => {
  let api: TestApi;
  let mario: string;
  let stranger: string;
  beforeAll(async () => {
    api = await createTestApi(testDrivers[0]!);
    mario = await login(api);
    stranger = await signup(api, 'not-the-owner@example.com');
  }, 120_000);
  afterAll(() => api.dispose());

  const upload = (ref: string | number, doc: File, token?: string) => {
    const form = new FormData();
    form.append('file', doc);
    return api.request(`/api/v1/orders/${ref}/media`, { method: 'POST', body: form, token });
  };
  const documentsOf = async (uuid: string) => (await answer(await api.request(`/api/v1/guest/orders/${uuid}`), OrderEnvelopeSchema)).data.medias;

  it('lets the owner add a document to a placed order, by its id or its uuid', async () => {
    const order = await placeOrder(api, { from: day(30), token: mario });
    const byId = await upload(order.id, file(PDF_BYTES, 'patente.pdf', 'application/pdf'), mario);
    expect(byId.status).toBe(201);
    expect((await data(byId, OrderResponseSchema.shape.medias)).map((m) => m.name)).toEqual(['patente.pdf']);
    const byUuid = await upload(order.uuid, file(PNG_BYTES, 'carta.png', 'image/png'), mario);
    expect((await data(byUuid, OrderResponseSchema.shape.medias)).map((m) => [m.name, m.mime, m.front])).toEqual([
      ['patente.pdf', 'application/pdf', true],
      ['carta.png', 'image/png', false],
    ]);
    expect((await documentsOf(order.uuid)).map((m) => m.name)).toEqual(['patente.pdf', 'carta.png']);
  });

  it('replaces a document: the new one stored first, then the old one deleted', async () => {
    const order = await placeOrder(api, { from: day(31), token: mario, medias: [{ file: file(PDF_BYTES, 'vecchio.pdf', 'application/pdf') }] });
    const old = order.medias[0]!;
    const added = await data(await upload(order.uuid, file(PNG_BYTES, 'nuovo.png', 'image/png'), mario), OrderResponseSchema.shape.medias);
    expect(added.map((m) => m.name)).toEqual(['vecchio.pdf', 'nuovo.png']);
    const deleted = await api.request(`/api/v1/media/${old.id}?order=${order.uuid}`, { method: 'DELETE', token: mario });
    expect(await answer(deleted, MediaDeletedSchema)).toEqual({ data: { id: old.id, deleted: true } });
    const now = await documentsOf(order.uuid);
    expect(now.map((m) => [m.name, m.front])).toEqual([['nuovo.png', true]]);
    expect((await api.request(old.url!)).status).toBe(404);
  });

  it("refuses another customer's upload and deletion, and a guest without the uuid", async () => {
    const order = await placeOrder(api, { from: day(32), token: mario, medias: [{ file: file(PDF_BYTES, 'mio.pdf', 'application/pdf') }] });
    for (const token of [stranger, undefined]) {
      const res = await upload(order.id, file(PNG_BYTES, 'intruso.png', 'image/png'), token);
      expect([res.status, await refusal(res)]).toEqual([404, NOT_FOUND]);
      expect((await api.request(`/api/v1/media/${order.medias[0]!.id}`, { method: 'DELETE', token })).status).toBe(404);
    }
    expect((await documentsOf(order.uuid)).map((m) => m.name)).toEqual(['mio.pdf']);
  });

  it('refuses a file over 8 MB under the file field, in the caller\'s language, storing nothing', async () => {
    const order = await placeOrder(api, { from: day(33), token: mario });
    const big = file(Buffer.concat([PDF_BYTES, Buffer.alloc(8 * 1024 * 1024)]), 'grande.pdf', 'application/pdf');
    const res = await upload(order.uuid, big, mario);
    expect([res.status, await refusal(res)]).toEqual([422, { message: 'Il file deve essere piu piccolo di 8 MB!', errors: { file: ['Il file deve essere piu piccolo di 8 MB!'] } }]);
    const form = new FormData();
    form.append('file', big);
    const en = await api.request(`/api/v1/orders/${order.uuid}/media`, { method: 'POST', body: form, lang: 'en_GB' });
    expect((await refusal(en)).errors).toEqual({ file: ['The file must be smaller than 8 MB!'] });
    expect(await documentsOf(order.uuid)).toEqual([]);
  });

  describe('GET v1/orders/{id}/fidelity_card (staff)', () => {
    let desk: string;
    beforeAll(async () => {
      desk = await pair(api, totemOf('BARD-02').pairingCode);
    });
    const cardOf = (ref: string | number, token?: string) => api.request(`/api/v1/orders/${ref}/fidelity_card`, { token });
    const MARIO_CARD = { number: 'FID-0001', holder_name: 'Mario Rossi', points: 120, discount: 0.1, active: true };

    it("answers the ordering account's card as verified, else the card typed with the order as not verified, else null", async () => {
      // A guest typing the card at checkout (lower case: the number is read as the card's): anyone may type it.
      const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(34), to: day(34) });
      const typed = await postOrder(api, SHOP, orderForm({ from: day(34), cart: [{ prices: [main.id] }], fidelity_card_number: 'fid-0001' }));
      expect(typed.status).toBe(201);
      expect(await answer(await cardOf(typed.order.id, desk), OrderFidelityCardResponseSchema)).toEqual({ data: { ...MARIO_CARD, verified: false } });
      const ofAccount = await placeOrder(api, { from: day(34), token: mario });
      expect(await answer(await cardOf(ofAccount.id, desk), OrderFidelityCardResponseSchema)).toEqual({ data: { ...MARIO_CARD, verified: true } });
      expect(await answer(await cardOf(ofAccount.uuid, desk), OrderFidelityCardResponseSchema)).toEqual({ data: { ...MARIO_CARD, verified: true } });
      const guest = await placeOrder(api, { from: day(34) });
      expect(await answer(await cardOf(guest.id, desk), OrderFidelityCardResponseSchema)).toEqual({ data: null });
    });

    it("an account that types another's card is shown its own card, verified; one holding none is shown the typed card, not verified", async () => {
      await api.deps.database.db.insert(fidelityCards).values({ number: 'FID-0002', holderName: 'Anna Verdi', points: 7 });
      const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(36), to: day(36) });
      const withCard = (token: string) => postOrder(api, SHOP, orderForm({ from: day(36), cart: [{ prices: [main.id] }], fidelity_card_number: 'FID-0002' }), { token });
      const byMario = await withCard(mario);
      expect(byMario.status).toBe(201);
      expect(await answer(await cardOf(byMario.order.id, desk), OrderFidelityCardResponseSchema)).toEqual({ data: { ...MARIO_CARD, verified: true } });
      const byStranger = await withCard(stranger);
      expect(byStranger.status).toBe(201);
      expect(await answer(await cardOf(byStranger.order.id, desk), OrderFidelityCardResponseSchema)).toEqual({
        data: { number: 'FID-0002', holder_name: 'Anna Verdi', points: 7, discount: 0.1, active: true, verified: false },
      });
    });

    it("is the shop's staff's only: another shop's desk 404, a public kiosk 403, a customer 403, nobody 401", async () => {
      const order = await placeOrder(api, { from: day(35), token: mario });
      const otherShop = await pair(api, totemOf('SEST-01').pairingCode);
      expect(totemOf('SEST-01').shopId).toBe(OTHER_SHOP);
      const publicKiosk = await pair(api, totemOf('BARD-01').pairingCode);
      expect((await cardOf(order.id, otherShop)).status).toBe(404);
      expect((await cardOf(order.id, publicKiosk)).status).toBe(403);
      expect((await cardOf(order.id, mario)).status).toBe(403);
      expect((await cardOf(order.id)).status).toBe(401);
    });
  });
});
