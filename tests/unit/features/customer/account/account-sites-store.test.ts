// Signup and password reset (src/features/customer/account/stores/account.ts) and the shop selector's sites
// (src/features/customer/shell/stores/sites.ts): real stores, the app's API client over a fake fetch.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { fieldMessages } from '~/api/errors';

beforeAll(() => {
  useTestStorageEngine();
});

const session = await import('~/stores/session');
const { resetPassword, sendResetCode, signUp } = await import('~/features/customer/account/stores/account');
const { $sites, loadSites } = await import('~/features/customer/shell/stores/sites');

/** Answers by path; every request is recorded with its Authorization header. */
let routes: Record<string, () => Response> = {};
const asked: { path: string; auth: string | null; body: unknown }[] = [];

beforeEach(() => {
  cleanTestStorage();
  session.clearSession();
  $sites.set(null);
  routes = {};
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    asked.push({ path: url.pathname, auth: new Headers(init.headers).get('authorization'), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[url.pathname];
    if (!route) throw new TypeError('Failed to fetch');
    return route();
  });
});
afterEach(() => vi.unstubAllGlobals());

const USER = { id: 7, username: 'anna@example.com', first_name: 'Anna', medias: [] };

describe('account', () => {
  it('signUp saves the new token and keeps the user its answer carries, without reading it again', async () => {
    // v1/user answers someone else: a second read would show in the session as well as in `asked`.
    routes = {
      '/api/v1/signup': () => Response.json({ data: { token: 'tok-new', user: USER } }, { status: 201 }),
      '/api/v1/user': () => Response.json({ data: { ...USER, first_name: 'Other' } }),
    };
    const values = { first_name: 'Anna', last_name: 'Neve', username: 'anna@example.com', password: 'Password-123', password_confirmation: 'Password-123' };
    expect(await signUp(values)).toMatchObject({ username: 'anna@example.com' });
    expect(session.$session.get()).toMatchObject({ token: 'Bearer tok-new', loggedIn: true, user: { first_name: 'Anna' } });
    expect(asked.map((a) => [a.path, a.auth])).toEqual([['/api/v1/signup', null]]);
  });

  it('signUp refuses an answer without the account (the contract is parsed): no token kept', async () => {
    routes = { '/api/v1/signup': () => Response.json({ data: { token: 'tok-new' } }, { status: 201 }) };
    const values = { first_name: 'Anna', last_name: 'Neve', username: 'anna@example.com', password: 'Password-123', password_confirmation: 'Password-123' };
    await expect(signUp(values)).rejects.toThrow();
    expect(session.$token.get()).toBeUndefined();
  });

  it('signUp refused: no token kept, the field messages for the form', async () => {
    routes = { '/api/v1/signup': () => Response.json({ message: 'Dati non validi', errors: { username: ['Indirizzo già registrato'] } }, { status: 422 }) };
    const err = await signUp({ first_name: 'A', last_name: 'B', username: 'mario.rossi@example.com', password: 'Password-123', password_confirmation: 'Password-123' }).catch((e: unknown) => e);
    expect(fieldMessages(err)).toEqual([['username', 'Indirizzo già registrato']]);
    expect(session.$token.get()).toBeUndefined();
  });

  it('the reset: a code is asked for the address, then code and password log in', async () => {
    routes = {
      '/api/forgot_password': () => Response.json({ message: 'Codice inviato' }),
      '/api/reset_password': () => Response.json({ data: { token: 'tok-reset' }, message: 'Password cambiata' }),
      '/api/v1/user': () => Response.json({ data: USER }),
    };
    await sendResetCode('anna@example.com');
    expect(session.$token.get()).toBeUndefined();
    const values = { username: 'anna@example.com', code: '123456', password: 'Password-456', password_confirmation: 'Password-456' };
    expect(await resetPassword(values)).toMatchObject({ id: 7 });
    expect(session.$token.get()).toBe('Bearer tok-reset');
    expect(asked.map((a) => [a.path, a.body])).toEqual([
      ['/api/forgot_password', { username: 'anna@example.com' }],
      ['/api/reset_password', values],
      ['/api/v1/user', undefined],
    ]);
  });

});

describe('sites', () => {
  const sport = { id: 2, name: 'Sci', slug: 'sci' };
  const sites = [
    { slug: 'sestriere', label: 'Sestriere', region: 'Piemonte', shops: [{ id: 1, slug: 'a', label: 'A', sports: [sport] }] },
    // No shop offers a sport here: the selector does not list it.
    { slug: 'vuoto', label: 'Vuoto', region: 'Piemonte', shops: [{ id: 3, slug: 'b', label: 'B', sports: [] }] },
  ];

  it('reads the sites once, shaped by the domain rule, for every selector', async () => {
    routes = { '/api/v2/sites': () => Response.json({ data: sites }) };
    await Promise.all([loadSites(), loadSites()]);
    expect($sites.get()?.map((s) => s.slug)).toEqual(['sestriere']);
    await loadSites();
    expect(asked).toHaveLength(1);
  });

  it('a failed read leaves them unread, and the next opening reads again', async () => {
    await loadSites();
    expect($sites.get()).toBeNull();
    routes = { '/api/v2/sites': () => Response.json({ data: sites }) };
    await loadSites();
    expect($sites.get()).toHaveLength(1);
    expect(asked).toHaveLength(2);
  });
});
