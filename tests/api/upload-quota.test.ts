// Document upload quota: per order (documents and bytes, deleted ones included: their
// files stay on disk) answered 422, per uploader and day (account, kiosk, or client address for
// guests) answered 429, each with the message under the form's field and nothing left on disk. The
// defaults are the constants of src/domain/upload-quota.ts; tests set small ones through the deps.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_QUOTA, type UploadQuota } from '~/domain/upload-quota';
import { loadConfig } from '~server/config';
import { testDrivers } from '../support/databases';
import { createTestApi, type TestApi } from '../support/app';
import { day, file, login, orderForm, pick, PDF_BYTES, PNG_BYTES, postOrder, type OrderInput, type OrderJson } from '../support/orders';
import { answer, envelopeOf, outcome, refusal } from '../support/contract';
import { OrderEnvelopeSchema, OrderResponseSchema } from '~/api/contract/orders';
import { idDocument, pairAll, SHOP, type Kiosks } from '../support/staff';

const pdf = (name = 'documento.pdf') => file(PDF_BYTES, name, 'application/pdf');
const pdfs = (n: number) => Array.from({ length: n }, (_, i) => ({ file: pdf(`doc-${i}.pdf`) }));

it('the defaults are the named constants, and the environment may change them (a wrong value stops the start)', () => {
  const quota = (env: NodeJS.ProcessEnv) => loadConfig(env).uploadQuota;
  expect(quota({})).toEqual(UPLOAD_QUOTA);
  expect(UPLOAD_QUOTA).toMatchObject({ filesPerOrder: 20, bytesPerOrder: 40 * 1024 * 1024, filesPerDay: 100 });
  expect(quota({ UPLOAD_FILES_PER_ORDER: '5', UPLOAD_MB_PER_ORDER: '10', UPLOAD_FILES_PER_DAY: '7', KIOSK_UPLOAD_FILES_PER_DAY: '' })).toEqual({
    ...UPLOAD_QUOTA,
    filesPerOrder: 5,
    bytesPerOrder: 10 * 1024 * 1024,
    filesPerDay: 7,
  });
  expect(() => quota({ KIOSK_UPLOAD_FILES_PER_DAY: 'x' })).toThrow(/KIOSK_UPLOAD_FILES_PER_DAY="x" is not a whole number/);
});

describe.each(testDrivers)('upload quota on $name', (driver) => {
  let api: TestApi;
  let nextDay = 40;
  const setQuota = (quota: Partial<UploadQuota>) => {
    api.deps.uploadQuota = { ...UPLOAD_QUOTA, ...quota };
  };
  const uploads = () => {
    try {
      return readdirSync(path.join(api.dataDir, 'uploads')).length;
    } catch {
      return 0;
    }
  };
  const place = async (documents: OrderInput['medias'], token?: string) => {
    const from = day(nextDay++);
    const { main } = await pick(api, SHOP, 'CITYBIKE', { from, to: from });
    // One e-mail per order: the orders-per-e-mail limit is not what this file tests.
    const email = `cliente-${nextDay}@example.com`;
    return postOrder(api, SHOP, orderForm({ from, cart: [{ prices: [main.id] }], medias: documents, email }), { token });
  };
  const upload = async (order: OrderJson, files: File[], route: 'medias' | 'media' = 'medias') => {
    const body = new FormData();
    for (const f of files) body.append(route === 'medias' ? 'medias[]' : 'file', f);
    const res = await api.request(`/api/v1/orders/${order.uuid}/${route}`, { method: 'POST', body });
    return { status: res.status, body: await outcome(res, envelopeOf(OrderResponseSchema.shape.medias)) };
  };

  describe('per order', () => {
    beforeAll(async () => {
      api = await createTestApi(driver);
    }, 120_000);
    afterAll(() => api.dispose());

    it('counts the documents an order holds, deleted ones included, on every route that adds some', async () => {
      setQuota({ filesPerOrder: 3 });
      const message = 'Al massimo 3 documenti e 40 MB per ordine';
      const tooMany = await place(pdfs(4));
      expect([tooMany.status, tooMany.body]).toEqual([422, { message, errors: { medias: [message] } }]);
      const placed = await place(pdfs(2));
      expect(placed.status).toBe(201);
      const order = placed.order;
      const files = uploads();

      const two = await upload(order, [pdf(), pdf()]);
      expect([two.status, two.body]).toEqual([422, { message, errors: { medias: [message] } }]);
      expect(uploads()).toBe(files);
      expect((await upload(order, [pdf()], 'media')).status).toBe(201);
      // Deleting one frees no room: its file stays on disk.
      const del = await api.request(`${order.medias[0]!.url}`, { method: 'DELETE' });
      expect(del.status).toBe(200);
      const one = await upload(order, [pdf()], 'media');
      expect([one.status, one.body.errors]).toEqual([422, { file: [message] }]);

      // An edit adding a document is counted the same way.
      const { main } = await pick(api, SHOP, 'CITYBIKE', { from: order.date_from, to: order.date_from });
      const form = orderForm({ from: order.date_from, cart: [{ prices: [main.id] }], medias: [{ file: pdf() }], extra: { _method: 'PATCH' } });
      const res = await api.request(`/api/v1/orders/${order.uuid}`, { method: 'POST', body: form });
      expect([res.status, (await refusal(res)).errors]).toEqual([422, { medias: [message] }]);
      expect(uploads()).toBe(files + 1);
      // In English too.
      const en = await api.request(`/api/v1/orders/${order.uuid}/media`, { method: 'POST', body: (() => { const f = new FormData(); f.append('file', pdf()); return f; })(), headers: { 'content-language': 'en_GB' } });
      expect((await refusal(en)).errors).toEqual({ file: ['At most 3 documents and 40 MB per order'] });
    });

    it('counts their bytes', async () => {
      setQuota({ bytesPerOrder: 2 * PDF_BYTES.length + PNG_BYTES.length });
      const placed = await place([{ file: pdf() }, { file: pdf() }]);
      expect(placed.status).toBe(201);
      expect((await upload(placed.order, [file(PNG_BYTES, 'p.png', 'image/png')])).status).toBe(201);
      const over = await upload(placed.order, [file(PNG_BYTES, 'q.png', 'image/png')]);
      expect([over.status, Object.keys(over.body.errors)]).toEqual([422, ['medias']]);
    });

    it('two uploads at once cannot both take the last room', async () => {
      setQuota({ filesPerOrder: 3 });
      const placed = await place(pdfs(2));
      const answers = await Promise.all([upload(placed.order, [pdf('a.pdf')]), upload(placed.order, [pdf('b.pdf')]), upload(placed.order, [pdf('c.pdf')])]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
      const guest = await answer(await api.request(`/api/v1/guest/orders/${placed.order.uuid}`), OrderEnvelopeSchema);
      expect(guest.data.medias).toHaveLength(3);
    });
  });

  describe('per uploader and day', () => {
    let k: Kiosks;
    let mario: string;
    beforeAll(async () => {
      api = await createTestApi(driver);
      k = await pairAll(api);
      mario = await login(api);
    }, 120_000);
    afterAll(() => api.dispose());

    it('a guest address, an account and a kiosk each have their own daily count; 429 under the field, then the next window', async () => {
      setQuota({ filesPerDay: 3, kioskFilesPerDay: 4 });
      const message = 'Troppi documenti caricati nelle ultime 24 ore (al massimo 3): riprova più tardi';
      // Guests, from one address, over several orders.
      expect((await place(pdfs(2))).status).toBe(201);
      const second = await place(pdfs(1));
      expect(second.status).toBe(201);
      const files = uploads();
      const over = await place(pdfs(1));
      expect([over.status, over.body]).toEqual([429, { message, errors: { medias: [message] } }]);
      const later = await upload(second.order, [pdf()], 'media');
      expect([later.status, later.body.errors]).toEqual([429, { file: [message] }]);
      expect(uploads()).toBe(files);
      // An order without documents is still welcome.
      expect((await place([])).status).toBe(201);
      // The logged-in customer counts on his own account, the kiosk on its own (a shop's whole day).
      expect((await place(pdfs(3), mario)).status).toBe(201);
      expect((await place(pdfs(1), mario)).status).toBe(429);
      expect((await place([{ file: idDocument() }, { file: idDocument() }, { file: idDocument() }, { file: idDocument() }], k.public)).status).toBe(201);
      expect((await place([{ file: idDocument() }], k.public)).status).toBe(429);
      // A day later the count starts over.
      api.setNow(new Date(Date.now() + UPLOAD_QUOTA.dayMs + 60_000));
      try {
        const again = await place(pdfs(1));
        expect(again.status).toBe(201);
        expect(again.order.medias).toHaveLength(1);
      } finally {
        api.setNow(new Date());
      }
    });
  });
});
