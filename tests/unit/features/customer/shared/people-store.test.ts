// The known-people store (src/features/customer/shared/stores/people.ts) over the real API client and a fake fetch: what it
// asks (method, path, body), what it holds, that a guest or a kiosk asks nothing, that a logout
// empties it, and that nothing of it is written to browser storage.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { ApiClientError } from '~/api/client';
import type { FetchCall as Call } from '~tests/support/fake-api-client';
import type { Person } from '~/api/contract/people';

const calls: Call[] = [];
let respond: (call: Call) => Response;

const ANNA: Person = { id: 7, first_name: 'Anna', last_name: 'Neri', height: 165, weight: 58, shoe_size: 38.5, level: 'esperto' };
const LUCA: Person = { id: 8, first_name: 'Luca', last_name: 'Bianchi', height: 180, weight: 75, shoe_size: 43, level: 'intermedio' };

beforeAll(() => {
  useTestStorageEngine();
});

vi.mock('~/stores/api', async () => {
  const { $token } = await import('~/stores/session');
  const { fakeFetchClient } = await import('~tests/support/fake-api-client');
  return { api: fakeFetchClient({ token: () => $token.get() || null, calls, answer: (call) => respond(call) }) };
});

const session = await import('~/stores/session');
const configuration = await import('~/stores/configuration');
const people = await import('~/features/customer/shared/stores/people');

beforeEach(() => {
  calls.length = 0;
  cleanTestStorage();
  configuration.clearConfiguration({ full: true });
  session.$token.set('Bearer customer-token');
  respond = () => Response.json({ data: [LUCA, ANNA] });
});
afterEach(() => {
  session.$token.set(undefined);
});

describe('people store', () => {
  it('loads the people once per session with the customer token', async () => {
    await people.loadPeople();
    await people.loadPeople();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', headers: { Authorization: 'Bearer customer-token' } });
    expect(calls[0]!.url.href).toBe('https://shop.example.com/api/v1/user/people');
    expect(people.$people.get()).toEqual({ status: 'ready', list: [LUCA, ANNA] });
    await people.loadPeople({ force: true });
    expect(calls).toHaveLength(2);
  });

  it('asks nothing for a guest or on a kiosk', async () => {
    session.$token.set(undefined);
    await people.loadPeople();
    configuration.$configuration.set({ ...configuration.$configuration.get(), totem: { type: 10, code: 'K1' } as never });
    session.$token.set('Bearer customer-token');
    await people.loadPeople();
    expect(calls).toEqual([]);
    expect(people.$people.get()).toEqual({ status: 'idle', list: [] });
  });

  it('forgets the people on logout and keeps them out of browser storage', async () => {
    await people.loadPeople();
    expect(JSON.stringify(getTestStorage())).not.toContain('Bianchi');
    session.clearSession();
    expect(people.$people.get()).toEqual({ status: 'idle', list: [] });
  });

  it('adds, edits and removes through POST, PATCH and DELETE', async () => {
    await people.loadPeople();
    const sara = { id: 9, first_name: 'Sara', last_name: 'Bianchi', height: 150, weight: 45, shoe_size: 36, level: 'principiante' };
    respond = (call) =>
      call.method === 'POST'
        ? Response.json({ data: sara }, { status: 201 })
        : call.method === 'PATCH'
          ? Response.json({ data: { ...ANNA, first_name: 'Annalisa' } })
          : Response.json({ data: { id: LUCA.id, deleted: true } });
    await people.addPerson({ ...sara, id: undefined } as never);
    await people.editPerson(ANNA.id, { first_name: 'Annalisa' });
    await people.removePerson(LUCA.id);
    expect(calls.slice(1).map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/v1/user/people',
      'PATCH /api/v1/user/people/7',
      'DELETE /api/v1/user/people/8',
    ]);
    expect(calls[2]!.body).toEqual({ first_name: 'Annalisa' });
    expect(people.$people.get().list.map((p) => p.first_name)).toEqual(['Sara', 'Annalisa']);
  });

  it('rethrows a 422 with its field messages and leaves the list as it was', async () => {
    await people.loadPeople();
    respond = () => Response.json({ message: 'Nome già usato', errors: { first_name: ['Nome già usato'] } }, { status: 422 });
    const err = await people.editPerson(ANNA.id, { first_name: 'Luca', last_name: 'Bianchi' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect((err as ApiClientError).errors).toEqual({ first_name: ['Nome già usato'] });
    expect(people.$people.get().list).toEqual([LUCA, ANNA]);
  });

  it('fills every field of the form from a person', () => {
    expect(people.personFormValues(ANNA)).toEqual({ first_name: 'Anna', last_name: 'Neri', height: '165', weight: '58', shoe_size: '38.5', level: 'esperto' });
  });
});
