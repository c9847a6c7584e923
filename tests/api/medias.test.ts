// Order documents: uploaded with the order or later, recognised by their bytes, served with the
// sniffed type to the order's owner or uuid holder only, soft-deleted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { PDF_BYTES, PNG_BYTES, day, file, login, orderForm, pick, postOrder, signup, type OrderJson, type OrderInput } from '../support/orders';
import { answer, data, refusal } from '../support/contract';
import { MediaDeletedSchema, OrderResponseSchema } from '~/api/contract/orders';
import { UserResponseSchema } from '~/api/contract/user';
import { OrderEnvelopeSchema } from '~/api/contract/orders';

const SHOP = 3; // Riviera Bike Rent: city bikes need no customer details
const NOT_FOUND = { message: 'Risorsa non trovata' };
const FILE_TYPE = 'Sono ammessi solo immagini (JPEG, PNG, WebP, GIF) e PDF';

describe.each(testDrivers)('order documents on $name', (driver) => {
  const api = seededApi(driver);
  let stranger: string;
  beforeAll(async () => {
    stranger = await signup(api, 'stranger@example.com');
  }, 120_000);

  const uploads = () => {
    try {
      return readdirSync(path.join(api.dataDir, 'uploads')).sort();
    } catch {
      return [];
    }
  };
  const place = async (offset: number, medias: OrderInput['medias'], token?: string, lang?: string) => {
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(offset), to: day(offset) });
    return postOrder(api, SHOP, orderForm({ from: day(offset), cart: [{ prices: [main.id] }], medias }), { token, lang });
  };
  const placed = async (offset: number, medias: OrderInput['medias'] = [], token?: string): Promise<OrderJson> => {
    const { status, order, body } = await place(offset, medias, token);
    if (status !== 201) throw new Error(JSON.stringify(body));
    return order;
  };

  it('stores a PDF and a PNG sent with the order under generated names and serves them with the sniffed type', async () => {
    const before = uploads();
    const order = await placed(20, [
      { file: file(PDF_BYTES, 'carta identità.pdf', 'application/pdf') },
      // The name and the browser's type lie: the bytes say PNG.
      { file: file(PNG_BYTES, 'patente.pdf', 'application/pdf') },
    ]);
    expect(order.medias.map((m) => [m.name, m.mime, m.size, m.front])).toEqual([
      ['carta identità.pdf', 'application/pdf', PDF_BYTES.length, true],
      ['patente.pdf', 'image/png', PNG_BYTES.length, false],
    ]);
    for (const m of order.medias) expect(m.url).toBe(`/api/v1/media/${m.id}?order=${order.uuid}`);

    const [pdf, png] = await Promise.all(order.medias.map((m) => api.request(m.url)));
    expect(pdf!.status).toBe(200);
    expect(pdf!.headers.get('content-type')).toBe('application/pdf');
    expect(pdf!.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await pdf!.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
    expect(png!.headers.get('content-type')).toBe('image/png');
    expect(png!.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await png!.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    const added = uploads().filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    for (const name of added) expect(name).toMatch(/^[0-9a-f]{32}\.(pdf|png)$/);
    expect(added.map((n) => readFileSync(path.join(api.dataDir, 'uploads', n)).length).sort()).toEqual([PNG_BYTES.length, PDF_BYTES.length].sort());
  });

  it('refuses a file whose bytes are not an image or a PDF, and files over 8 MB', async () => {
    const before = uploads();
    const text = await place(21, [{ file: file('just some text\n', 'documento.pdf', 'application/pdf') }]);
    expect(text.status).toBe(422);
    expect(text.body).toEqual({ message: FILE_TYPE, errors: { 'medias.0.file': [FILE_TYPE] } });

    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(8 * 1024 * 1024)]);
    const tooBig = await place(21, [{ file: file(PNG_BYTES, 'ok.png', 'image/png') }, { file: file(big, 'grande.pdf', 'application/pdf') }]);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ 'medias.1.file': ['Il file deve essere piu piccolo di 8 MB!'] });
    const en = await place(21, [{ file: file(big, 'grande.pdf', 'application/pdf') }], undefined, 'en_GB');
    expect(en.body.errors).toEqual({ 'medias.0.file': ['The file must be smaller than 8 MB!'] });
    // Nothing of a refused order stays on disk.
    expect(uploads()).toEqual(before);
  });

  it('adds documents to an order: one (POST …/media) or several (POST …/medias)', async () => {
    const order = await placed(22);
    const one = new FormData();
    one.append('file', file(PDF_BYTES, 'uno.pdf', 'application/pdf'));
    const res = await api.request(`/api/v1/orders/${order.uuid}/media`, { method: 'POST', body: one });
    expect(res.status).toBe(201);
    expect((await data(res, OrderResponseSchema.shape.medias)).map((m) => m.name)).toEqual(['uno.pdf']);

    const many = new FormData();
    many.append('medias[]', file(PNG_BYTES, 'due.png', 'image/png'));
    many.append('medias[]', file(PDF_BYTES, 'tre.pdf', 'application/pdf'));
    const res2 = await api.request(`/api/v1/orders/${order.uuid}/medias`, { method: 'POST', body: many });
    expect(res2.status).toBe(201);
    const list = await data(res2, OrderResponseSchema.shape.medias);
    expect(list.map((m) => [m.name, m.mime])).toEqual([['uno.pdf', 'application/pdf'], ['due.png', 'image/png'], ['tre.pdf', 'application/pdf']]);

    const bad = new FormData();
    bad.append('medias[]', file(PNG_BYTES, 'ok.png', 'image/png'));
    bad.append('medias[]', file('MZ\x90\x00', 'virus.png', 'image/png'));
    const res3 = await api.request(`/api/v1/orders/${order.uuid}/medias`, { method: 'POST', body: bad });
    expect([res3.status, (await refusal(res3)).errors]).toEqual([422, { 'medias.1': [FILE_TYPE] }]);
    const empty = await api.request(`/api/v1/orders/${order.uuid}/media`, { method: 'POST', body: new FormData() });
    expect([empty.status, (await refusal(empty)).errors]).toEqual([422, { file: ['Campo obbligatorio'] }]);
    // Only through the uuid (or as the owner).
    const byId = await api.request(`/api/v1/orders/${order.id}/media`, { method: 'POST', body: one });
    expect(byId.status).toBe(404);
    const guest = await answer(await api.request(`/api/v1/guest/orders/${order.uuid}`), OrderEnvelopeSchema);
    expect(guest.data.medias).toHaveLength(3);
  });

  it('soft-deletes a document (DELETE v1/media/{id}); then it is gone', async () => {
    const order = await placed(23, [{ file: file(PDF_BYTES, 'a.pdf', 'application/pdf') }, { file: file(PNG_BYTES, 'b.png', 'image/png') }]);
    const [first, second] = order.medias;
    const del = await api.request(`/api/v1/media/${first!.id}?order=${order.uuid}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await answer(del, MediaDeletedSchema)).toEqual({ data: { id: first!.id, deleted: true } });
    expect([(await api.request(first!.url)).status, await refusal(await api.request(first!.url))]).toEqual([404, NOT_FOUND]);
    expect((await api.request(first!.url, { method: 'DELETE' })).status).toBe(404);
    const after = await answer(await api.request(`/api/v1/guest/orders/${order.uuid}`), OrderEnvelopeSchema);
    expect(after.data.medias.map((m) => m.id)).toEqual([second!.id]);
    expect(after.data.medias[0]!.front).toBe(true);
  });

  it("hides a document from anyone without the order's uuid or ownership", async () => {
    const mario = await login(api);
    const order = await placed(24, [{ file: file(PDF_BYTES, 'mio.pdf', 'application/pdf') }], mario);
    const media = order.medias[0]!;
    const bare = `/api/v1/media/${media.id}`;
    expect((await api.request(bare, { token: mario })).status).toBe(200);
    for (const init of [{ token: stranger }, {}]) {
      const res = await api.request(bare, init);
      expect([res.status, await refusal(res)]).toEqual([404, NOT_FOUND]);
      expect((await api.request(bare, { ...init, method: 'DELETE' })).status).toBe(404);
    }
    expect((await api.request(`${bare}?order=${crypto.randomUUID()}`, { token: stranger })).status).toBe(404);
    expect((await api.request('/api/v1/media/abc')).status).toBe(404);
    // The owner's profile lists the document, by its file's name too (the account page).
    const user = await answer(await api.request('/api/v1/user', { token: mario }), UserResponseSchema);
    expect(user.data.medias).toContainEqual({ id: media.id, url: bare, name: 'mio.pdf' });
    // Still there for the owner after the refused attempts.
    expect((await api.request(bare, { token: mario })).status).toBe(200);
  });

  it('reuses a stored document in a new order and refuses a document of someone else', async () => {
    const mario = await login(api);
    const first = await placed(25, [{ file: file(PNG_BYTES, 'riuso.png', 'image/png') }], mario);
    const id = first.medias[0]!.id;
    const second = await placed(26, [{ id, stored: true }], mario);
    expect(second.medias.map((m) => [m.name, m.mime])).toEqual([['riuso.png', 'image/png']]);
    const stolen = await place(27, [{ id, stored: true }], stranger);
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual({ 'medias.0.id': ['Documento non trovato'] });
    // An id beyond the database's integer range is an invalid value (was a 500).
    const huge = await place(27, [{ id: 99_999_999_999 }], mario);
    expect([huge.status, huge.body.errors]).toEqual([422, { 'medias.0.id': ['Valore non valido'] }]);
  });
});
