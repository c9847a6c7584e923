// The requests the stores used to build themselves, now in src/api with the client given to them:
// login and the user (user.ts), the shop and its availability (shops.ts, availability-days.ts), the
// fidelity card (fidelity.ts), the kiosk's own (totem.ts) and the outbox's (outbox.ts). Through the
// real API client over a fake fetch: method, path, query, body and headers, each answer read with
// the contract's schema (a drifted answer rejects), and which ones stay quiet.
import { beforeEach, describe, expect, it } from 'vitest';
import { core } from 'zod/mini';
import { ApiClientError, NetworkError } from '~/api/client';
import { fetchDayAvailability } from '~/api/availability-days';
import { fetchFidelityCard } from '~/api/fidelity';
import { checkHealth, postConfirmation } from '~/api/outbox';
import { fetchAvailabilities, fetchShop } from '~/api/shops';
import { checkTotemPassword, fetchTotem, pairTotem } from '~/api/totem';
import { fetchUser, logIn } from '~/api/user';
import type { ShownMessage } from '~/domain/messages';
import { fakeFetchClient, type FetchCall as Call } from '~tests/support/fake-api-client';

/** What the contract's zod/mini schemas throw on an answer that does not match. */
const ZodError = core.$ZodError;

const calls: Call[] = [];
const notices: ShownMessage[] = [];
let respond: (call: Call) => Response;

const api = fakeFetchClient({ token: () => 'Bearer tok-1234567890', calls, notices, answer: (call) => respond(call) });

const path = (call: Call | undefined) => (call ? `${call.method} ${call.url.pathname}${call.url.search}` : '');
const USER = { id: 3, first_name: 'Mario', last_name: 'Rossi', username: 'mario.rossi@example.com', medias: [] };
const SHOP = { id: 6, slug: 'bardonecchia-sport-rent', label: 'Bardonecchia Sport Rent' };
const REALTIME = { driver: 'local', key: 'rentalp-local', cluster: null, channel: 'private-shop.6', ws_path: '/app/rentalp-local' };
const TOTEM = { type: 20, code: 'BARD-02', pos: null, data_security_user_optional: true, server_url: null, simulated_pos_allowed: true, shop: SHOP, realtime: REALTIME };

beforeEach(() => {
  calls.length = 0;
  notices.length = 0;
});

describe('the session', () => {
  it('logIn: POST v1/login with the form, answers the token; a 422 carries its fields', async () => {
    respond = () => Response.json({ data: { token: 'tok123' } });
    expect(await logIn(api, { username: 'mario.rossi@example.com', password: 'Demo-2026!' })).toBe('tok123');
    expect(path(calls[0])).toBe('POST /api/v1/login');
    expect(calls[0]!.body).toEqual({ username: 'mario.rossi@example.com', password: 'Demo-2026!' });
    respond = () => Response.json({ message: 'Dati non validi', errors: { password: ['Password errata'] } }, { status: 422 });
    await expect(logIn(api, { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 422, errors: { password: ['Password errata'] } });
  });

  it('fetchUser: GET v1/user with the token, read through the envelope', async () => {
    respond = () => Response.json({ data: USER });
    expect(await fetchUser(api)).toMatchObject({ first_name: 'Mario', username: USER.username });
    expect(path(calls[0])).toBe('GET /api/v1/user');
    expect(calls[0]!.headers.Authorization).toBe('Bearer tok-1234567890');
    respond = () => Response.json(USER);
    await expect(fetchUser(api)).rejects.toBeInstanceOf(ZodError);
  });
});

describe("the shop's reads", () => {
  it('fetchShop: GET v1/shops/slug/{slug} with the booking query; categories and products default to none', async () => {
    respond = () => Response.json({ data: { shop: { ...SHOP, logos: [], sports: [] } } });
    const loaded = await fetchShop(api, 'bardonecchia sport', { date_from: '2027-01-10', date_to: '2027-01-12', days: '3' });
    expect(loaded).toMatchObject({ shop: { id: 6 }, categories: [], products: [] });
    expect(calls[0]!.url.pathname).toBe('/api/v1/shops/slug/bardonecchia%20sport');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toMatchObject({ date_from: '2027-01-10', date_to: '2027-01-12' });
  });

  it('fetchAvailabilities: the counts by product; a first read announces its failure, a background re-read does not', async () => {
    respond = () => Response.json({ availabilities: { 11: 2 } });
    expect(await fetchAvailabilities(api, 3, { date_from: '2027-01-10' })).toEqual({ 11: 2 });
    expect(path(calls[0])).toBe('GET /api/v1/shops/3/availabilities?date_from=2027-01-10');
    respond = () => {
      throw new TypeError('fetch failed');
    };
    await expect(fetchAvailabilities(api, 3, {})).rejects.toBeInstanceOf(NetworkError);
    expect(notices).toEqual([{ key: 'errors.network' }]);
    await expect(fetchAvailabilities(api, 3, {}, { background: true })).rejects.toThrow();
    respond = () => Response.json({ message: 'Servizio non disponibile' }, { status: 503 });
    await expect(fetchAvailabilities(api, 3, {}, { background: true })).rejects.toBeInstanceOf(ApiClientError);
    expect(notices).toEqual([{ key: 'errors.network' }]);
  });

  it("fetchDayAvailability: one product's half-days for the month, quiet", async () => {
    respond = () => Response.json({ data: [{ date: '2027-01-10', morning: 1, afternoon: 0 }] });
    const request = { shopId: 3, productId: 11, from: '2027-01-01', to: '2027-01-31', editOrderCode: null };
    expect(await fetchDayAvailability(api, request)).toEqual([{ date: '2027-01-10', morning: 1, afternoon: 0 }]);
    expect(path(calls[0])).toBe('GET /api/v1/shops/3/availabilities/days?product_id=11&from=2027-01-01&to=2027-01-31');
    respond = () => Response.json({ message: 'Errore' }, { status: 500 });
    await expect(fetchDayAvailability(api, { ...request, editOrderCode: 'uuid-1' })).rejects.toBeInstanceOf(ApiClientError);
    expect(calls[1]!.url.searchParams.get('edit_order_code')).toBe('uuid-1');
    expect(notices).toEqual([]);
  });

  it('fetchFidelityCard: GET v1/fidelity_card/info with the number, quiet on a refusal', async () => {
    respond = () => Response.json({ data: { valid: true, discount: 0.1, holder_initials: 'M.R.' } });
    expect(await fetchFidelityCard(api, 'FID-0001')).toEqual({ valid: true, discount: 0.1, holder_initials: 'M.R.' });
    expect(path(calls[0])).toBe('GET /api/v1/fidelity_card/info?fidelity_card_number=FID-0001');
    respond = () => Response.json({ message: 'Carta sconosciuta' }, { status: 400 });
    await expect(fetchFidelityCard(api, 'FID-9999')).rejects.toBeInstanceOf(ApiClientError);
    expect(notices).toEqual([]);
  });
});

describe("the kiosk's own", () => {
  it('pairTotem: POST v1/pair with the code, answers the settings and the token', async () => {
    respond = () => Response.json({ data: { ...TOTEM, token: 'kiosk-token' } });
    expect(await pairTotem(api, 'BARD-KIOSK-10')).toMatchObject({ token: 'kiosk-token', code: 'BARD-02', realtime: { channel: 'private-shop.6' } });
    expect(path(calls[0])).toBe('POST /api/v1/pair');
    expect(calls[0]!.body).toEqual({ code: 'BARD-KIOSK-10' });
  });

  it('checkTotemPassword: POST v1/totem/password; a wrong one rejects with its 422, silently', async () => {
    respond = () => Response.json({ data: { valid: true } });
    await expect(checkTotemPassword(api, 'Cassa-30!')).resolves.toBeUndefined();
    expect(calls[0]!.body).toEqual({ password: 'Cassa-30!' });
    respond = () => Response.json({ message: 'Dati non validi', errors: { password: ['Valore non valido'] } }, { status: 422 });
    await expect(checkTotemPassword(api, 'wrong')).rejects.toMatchObject({ status: 422 });
    respond = () => Response.json({ message: 'Troppi tentativi' }, { status: 429 });
    await expect(checkTotemPassword(api, 'wrong')).rejects.toMatchObject({ status: 429 });
    expect(notices).toEqual([]);
  });

  it('fetchTotem: GET v1/totem, read through the envelope', async () => {
    respond = () => Response.json({ data: TOTEM });
    expect(await fetchTotem(api)).toMatchObject({ code: 'BARD-02', shop: { slug: SHOP.slug } });
    expect(path(calls[0])).toBe('GET /api/v1/totem');
    respond = () => Response.json({ data: { ...TOTEM, realtime: undefined } });
    await expect(fetchTotem(api)).rejects.toBeInstanceOf(ZodError);
  });
});

describe("the outbox's", () => {
  it('postConfirmation: POST the path with the body and its Idempotency-Key, quiet even offline', async () => {
    respond = () => Response.json({ data: { id: 1 } });
    const signal = new AbortController().signal;
    expect(await postConfirmation(api, 'v1/delivery', { order_id: 1 }, 'key-1', signal)).toEqual({ data: { id: 1 } });
    expect(path(calls[0])).toBe('POST /api/v1/delivery');
    expect(calls[0]!.headers).toMatchObject({ 'Idempotency-Key': 'key-1', Authorization: 'Bearer tok-1234567890' });
    expect(calls[0]!.body).toEqual({ order_id: 1 });
    respond = () => Response.json({ message: 'Risorsa non trovata' }, { status: 409 });
    await expect(postConfirmation(api, 'v1/pickup', {}, 'key-2', signal)).rejects.toMatchObject({ status: 409 });
    respond = () => {
      throw new TypeError('fetch failed');
    };
    await expect(postConfirmation(api, 'v1/pickup', {}, 'key-2', signal)).rejects.toThrow();
    expect(notices).toEqual([]);
  });

  it('checkHealth: GET health, quiet; another status rejects with its status', async () => {
    respond = () => Response.json({ status: 'ok' });
    await expect(checkHealth(api, new AbortController().signal)).resolves.toBeUndefined();
    expect(path(calls[0])).toBe('GET /api/health');
    respond = () => Response.json({ message: 'down' }, { status: 503 });
    await expect(checkHealth(api, new AbortController().signal)).rejects.toMatchObject({ status: 503 });
    expect(notices).toEqual([]);
  });
});
