// The account's people ("returning skiers"): GET/POST/PATCH/DELETE v1/user/people,
// held to their owner (another account's person is 404), 422 field errors, the per-account limit,
// and the skiers of a logged-in customer's orders remembered (deduped by name, latest measures).
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PEOPLE_PER_ACCOUNT, PeopleEnvelopeSchema, PersonDeletedSchema, PersonEnvelopeSchema, type Person } from '~/api/contract/people';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { CUSTOMER, orderForm, pick, postOrder, signup } from '../support/orders';
import { answer, refusal } from '../support/contract';
import { inSeasonDay } from '../support/season';

const SKIS = 1; // a shop whose skis need the customer's details
/** Days counted from the first day the shop booked here is open (seasons are real). */
const day = (n: number) => inSeasonDay(SKIS, n);
const ANNA = { first_name: 'Anna', last_name: 'Neri', height: 165, weight: 58, shoe_size: 38.5, level: 'esperto' };

describe.each(testDrivers)('account people on $name', (driver) => {
  const api = seededApi(driver);
  let owner: string;
  let other: string;
  beforeAll(async () => {
    owner = await signup(api, 'people-owner@example.com');
    other = await signup(api, 'people-other@example.com');
  }, 120_000);

  const call = (method: string, path: string, token: string | undefined, body?: unknown, lang?: string) =>
    api.request(`/api/v1/user/people${path}`, { method, token, json: body, lang });
  const list = async (token: string) => (await answer(await call('GET', '', token), PeopleEnvelopeSchema)).data;

  it('needs a logged-in customer', async () => {
    expect((await call('GET', '', undefined)).status).toBe(401);
    expect((await call('POST', '', undefined, ANNA)).status).toBe(401);
  });

  it('adds, lists, edits (rename, measures) and deletes a person', async () => {
    const created = await call('POST', '', owner, ANNA);
    expect(created.status).toBe(201);
    const anna = (await answer(created, PersonEnvelopeSchema)).data;
    expect(anna).toEqual({ id: expect.any(Number), ...ANNA });
    expect(await list(owner)).toEqual([anna]);

    const patched = await call('PATCH', `/${anna.id}`, owner, { first_name: 'Annalisa', shoe_size: '39' });
    expect(patched.status).toBe(200);
    expect((await answer(patched, PersonEnvelopeSchema)).data).toEqual({ ...anna, first_name: 'Annalisa', shoe_size: 39 });

    const deleted = await call('DELETE', `/${anna.id}`, owner);
    expect(await answer(deleted, PersonDeletedSchema)).toEqual({ data: { id: anna.id, deleted: true } });
    expect(await list(owner)).toEqual([]);
  });

  it("answers 404 for another account's person, and leaves it as it was", async () => {
    const mine = (await answer(await call('POST', '', other, { ...ANNA, first_name: 'Other' }), PersonEnvelopeSchema)).data;
    for (const [method, body] of [['PATCH', { first_name: 'Stolen' }], ['DELETE', undefined]] as const) {
      const res = await call(method, `/${mine.id}`, owner, body);
      expect(res.status).toBe(404);
      expect(await refusal(res)).toEqual({ message: 'Risorsa non trovata' });
    }
    expect((await call('PATCH', '/999999', owner, { first_name: 'X' })).status).toBe(404);
    expect((await call('PATCH', '/abc', owner, { first_name: 'X' })).status).toBe(404);
    expect(await list(other)).toEqual([mine]);
  });

  it('refuses bad fields with 422 under each field, in the request language', async () => {
    const res = await call('POST', '', owner, { first_name: ' ', height: 300, weight: 'heavy', shoe_size: 0, level: 'pro' }, 'en_GB');
    expect(res.status).toBe(422);
    const body = await refusal(res);
    expect(body.errors).toEqual({
      first_name: ['This field is required'],
      last_name: ['This field is required'],
      height: ['The maximum is 250'],
      // Spec §5: a number field that holds no number fails as a blank one.
      weight: ['This field is required'],
      shoe_size: ['The minimum is 1'],
      level: ['Invalid value'],
    });
    const nul = await call('POST', '', owner, { ...ANNA, first_name: 'An\u0000na' }, 'en_GB');
    expect(nul.status).toBe(422);
    expect((await refusal(nul)).errors).toEqual({ first_name: ['Contains control characters that are not allowed'] });
    const patch = await call('PATCH', `/${(await list(other))[0]!.id}`, other, { height: 10 });
    expect(patch.status).toBe(422);
    expect((await refusal(patch)).errors).toEqual({ height: ['Il valore minimo è 50'] });
    const words = await call('PATCH', `/${(await list(other))[0]!.id}`, other, { height: 'alto', shoe_size: '42 e mezzo', weight: 'settanta' });
    expect(words.status).toBe(422);
    expect((await refusal(words)).errors).toEqual({
      height: ['Campo obbligatorio'],
      weight: ['Campo obbligatorio'],
      shoe_size: ['Campo obbligatorio'],
    });
  });

  it('refuses a second person of the same name (case and spaces aside), on add and on rename', async () => {
    const first = (await answer(await call('POST', '', owner, ANNA), PersonEnvelopeSchema)).data;
    const again = await call('POST', '', owner, { ...ANNA, first_name: ' anna ', last_name: 'NERI' });
    expect(again.status).toBe(422);
    expect((await refusal(again)).errors).toEqual({ first_name: ['Hai già salvato una persona con questo nome'] });
    const second = (await answer(await call('POST', '', owner, { ...ANNA, first_name: 'Bruno' }), PersonEnvelopeSchema)).data;
    const rename = await call('PATCH', `/${second.id}`, owner, { first_name: 'ANNA' });
    expect(rename.status).toBe(422);
    for (const p of [first, second]) await call('DELETE', `/${p.id}`, owner);
  });

  it(`keeps at most ${MAX_PEOPLE_PER_ACCOUNT} people per account`, async () => {
    const token = await signup(api, 'people-many@example.com');
    for (let i = 0; i < MAX_PEOPLE_PER_ACCOUNT; i++) {
      expect((await call('POST', '', token, { ...ANNA, first_name: `Person ${i}` })).status).toBe(201);
    }
    const over = await call('POST', '', token, { ...ANNA, first_name: 'One too many' });
    expect(over.status).toBe(422);
    expect(await refusal(over)).toEqual({
      message: `Puoi salvare al massimo ${MAX_PEOPLE_PER_ACCOUNT} persone: eliminane una per aggiungerne un'altra`,
      errors: { _: [`Puoi salvare al massimo ${MAX_PEOPLE_PER_ACCOUNT} persone: eliminane una per aggiungerne un'altra`] },
    });
    expect(await list(token)).toHaveLength(MAX_PEOPLE_PER_ACCOUNT);
  });

  it("remembers the skiers of a customer's orders, deduped by name with the latest measures; not a guest's", async () => {
    const token = await signup(api, 'people-orders@example.com');
    const from = day(30);
    const ski = await pick(api, SKIS, 'SCI-BASE', { from });
    const luca = { ...CUSTOMER };
    const sara = { ...CUSTOMER, first_name: 'Sara', height: '150', weight: '45', shoe_size: '36,5', level: 'principiante' };
    const first = await postOrder(api, SKIS, orderForm({ from, cart: [{ prices: [ski.main.id], customer: luca }, { prices: [ski.main.id], customer: sara }] }), { token });
    expect(first.status).toBe(201);
    // A later order: Luca again (other case, new measures), and an incomplete person is skipped.
    const grown = { ...luca, first_name: 'LUCA', height: '182', weight: '77' };
    api.setNow(new Date(Date.now() + 60_000));
    const second = await postOrder(api, SKIS, orderForm({ from, cart: [{ prices: [ski.main.id], customer: grown }] }), { token });
    expect(second.status).toBe(201);
    const people = await list(token);
    const byName = (name: string) => people.find((p: Person) => p.first_name.toLowerCase() === name)!;
    expect(people).toHaveLength(2);
    expect(byName('luca')).toMatchObject({ last_name: 'Bianchi', height: 182, weight: 77, shoe_size: 43, level: 'intermedio' });
    expect(byName('sara')).toMatchObject({ height: 150, weight: 45, shoe_size: 36.5, level: 'principiante' });
    // Latest first (the dialog offers whoever skied most recently at the top); the name stays as
    // the account knows it: an order's spelling does not rename a known person.
    expect(people[0]!.first_name).toBe('Luca');

    // A guest's order teaches nobody anything.
    const guest = await postOrder(api, SKIS, orderForm({ from, cart: [{ prices: [ski.main.id], customer: { ...luca, first_name: 'Guest' } }] }));
    expect(guest.status).toBe(201);
    expect((await list(token)).map((p) => p.first_name).sort()).toEqual(['Luca', 'Sara']);
  });
});
