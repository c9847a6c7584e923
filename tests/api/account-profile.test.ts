// The account page's API: PATCH v1/user field errors (phone rule), and the account's
// stored identity documents: POST v1/user/media (add, replace), DELETE v1/media/{id}, at most
// MAX_STORED_USER_MEDIAS, each held to its owner.
import { beforeAll, describe, expect, it } from 'vitest';
import { UserResponseSchema } from '~/api/contract/user';
import { MAX_STORED_USER_MEDIAS } from '~/domain/medias';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { PDF_BYTES, PNG_BYTES, day, file, orderForm, pick, postOrder, signup } from '../support/orders';
import { answer, refusal } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';

const BIKES = 3; // city bikes need no customer details

describe.each(testDrivers)('account profile and documents on $name', (driver) => {
  const api = seededApi(driver);
  let owner: string;
  let other: string;
  beforeAll(async () => {
    owner = await signup(api, 'profile-owner@example.com');
    other = await signup(api, 'profile-other@example.com');
  }, 120_000);

  const upload = (token: string | undefined, doc: File | null, replace?: number) => {
    const form = new FormData();
    if (doc) form.append('file', doc);
    if (replace) form.append('replace', String(replace));
    return api.request('/api/v1/user/media', { method: 'POST', body: form, token });
  };
  const me = async (token: string) => (await answer(await api.request('/api/v1/user', { token }), UserResponseSchema)).data;
  const bytesOf = async (url: string, token: string) => Buffer.from(await (await api.request(url, { token })).arrayBuffer());

  it('refuses a malformed phone under the field, and saves a good one', async () => {
    const bad = await api.request('/api/v1/user', { method: 'PATCH', token: owner, json: { phone: 'call me' }, lang: 'en_GB' });
    expect(bad.status).toBe(422);
    expect((await refusal(bad)).errors).toEqual({ phone: ['Invalid phone number'] });
    const ok = await api.request('/api/v1/user', { method: 'PATCH', token: owner, json: { first_name: 'Anita', phone: '+39 333 000 1111' } });
    expect(ok.status).toBe(200);
    expect(await me(owner)).toMatchObject({ first_name: 'Anita', phone: '+39 333 000 1111' });
  });

  it(`adds documents up to ${MAX_STORED_USER_MEDIAS}, replaces one, deletes one`, async () => {
    expect((await upload(undefined, file(PDF_BYTES, 'id.pdf', 'application/pdf'))).status).toBe(401);
    const first = await upload(owner, file(PDF_BYTES, 'front.pdf', 'application/pdf'));
    expect(first.status).toBe(201);
    expect((await upload(owner, file(PNG_BYTES, 'back.png', 'image/png'))).status).toBe(201);
    let docs = (await me(owner)).medias;
    expect(docs).toHaveLength(MAX_STORED_USER_MEDIAS);

    const third = await upload(owner, file(PNG_BYTES, 'third.png', 'image/png'), undefined);
    expect(third.status).toBe(422);
    expect((await refusal(third)).errors).toEqual({ file: ['Puoi conservare al massimo 2 documenti: sostituiscine o eliminane uno'] });

    // Replace the PDF (the older one, listed last) with a PNG: still two, the PDF is gone.
    const pdf = docs[1]!;
    expect((await bytesOf(pdf.url, owner)).equals(PDF_BYTES)).toBe(true);
    const replaced = await upload(owner, file(PNG_BYTES, 'new-front.png', 'image/png'), pdf.id);
    expect(replaced.status).toBe(201);
    docs = (await answer(replaced, UserResponseSchema)).data.medias;
    expect(docs).toHaveLength(MAX_STORED_USER_MEDIAS);
    expect(docs.map((d) => d.id)).not.toContain(pdf.id);
    expect((await bytesOf(docs[0]!.url, owner)).equals(PNG_BYTES)).toBe(true);
    expect((await api.request(pdf.url, { token: owner })).status).toBe(404);

    const gone = await api.request(`/api/v1/media/${docs[0]!.id}`, { method: 'DELETE', token: owner });
    expect(gone.status).toBe(200);
    expect((await me(owner)).medias.map((d) => d.id)).toEqual([docs[1]!.id]);
  });

  it("cannot replace or delete another account's document, nor upload a non-document", async () => {
    const theirs = (await answer(await upload(other, file(PDF_BYTES, 'x.pdf', 'application/pdf')), UserResponseSchema)).data.medias[0]!;
    const steal = await upload(owner, file(PNG_BYTES, 'y.png', 'image/png'), theirs.id);
    expect(steal.status).toBe(422);
    expect(Object.keys((await refusal(steal)).errors)).toEqual(['replace']);
    expect((await api.request(`/api/v1/media/${theirs.id}`, { method: 'DELETE', token: owner })).status).toBe(404);
    expect((await me(other)).medias.map((d) => d.id)).toEqual([theirs.id]);

    const text = await upload(owner, file('hello', 'notes.txt', 'text/plain'));
    expect(text.status).toBe(422);
    expect(Object.keys((await refusal(text)).errors)).toEqual(['file']);
    const none = await upload(owner, null);
    expect(none.status).toBe(422);
    expect((await refusal(none)).errors).toEqual({ file: ['Campo obbligatorio'] });
  });

  it("counts the account's documents against its daily upload quota (429 under the field)", async () => {
    const token = await signup(api, 'profile-quota@example.com');
    const saved = api.deps.uploadQuota;
    api.deps.uploadQuota = { ...saved, filesPerDay: 1 };
    try {
      expect((await upload(token, file(PDF_BYTES, 'a.pdf', 'application/pdf'))).status).toBe(201);
      const over = await upload(token, file(PNG_BYTES, 'b.png', 'image/png'));
      expect(over.status).toBe(429);
      expect(Object.keys((await refusal(over)).errors)).toEqual(['file']);
      expect((await me(token)).medias).toHaveLength(1);
    } finally {
      api.deps.uploadQuota = saved;
    }
  });

  it("replacing a document of a past order keeps it on that order and takes it off the account", async () => {
    const token = await signup(api, 'profile-orders@example.com');
    const from = day(10);
    const bike = await pick(api, BIKES, 'CITYBIKE', { from });
    const placed = await postOrder(api, BIKES, orderForm({ from, cart: [{ prices: [bike.main.id] }], medias: [{ file: file(PDF_BYTES, 'id.pdf', 'application/pdf') }] }), { token });
    expect(placed.status).toBe(201);
    const [stored] = (await me(token)).medias;
    const replaced = await upload(token, file(PNG_BYTES, 'new.png', 'image/png'), stored!.id);
    expect(replaced.status).toBe(201);
    const docs = (await me(token)).medias;
    expect(docs.map((d) => d.id)).not.toContain(stored!.id);
    const order = await answer(await api.request(`/api/v1/orders/${placed.order.id}`, { token }), OrderEnvelopeSchema);
    expect(order.data.medias.map((m) => m.id)).toEqual([stored!.id]);
  });
});
