// Coupons, fidelity cards, a product's price and sizes (spec §7); booking requests: booking-requests.test.ts.
import { describe, expect, it } from 'vitest';
import { roundMoney } from '~/domain/money';
import { testDrivers } from '../support/databases';
import { seededApi } from '../support/app';
import { day, productId, seededAmount, stockOf } from '../support/orders';
import { answer, outcome, outcomeByRoute, refusal } from '../support/contract';
import { LoginResponseSchema, ProductPriceResponseSchema, SignupResponseSchema } from '~/api/contract/index';

const NOT_FOUND = { message: 'Risorsa non trovata' };

describe.each(testDrivers)('coupons, fidelity cards and products on $name', (driver) => {
  const api = seededApi(driver);

  const post = async (url: string, body: unknown, lang?: string) => {
    const res = await api.request(url, { method: 'POST', json: body, lang });
    return outcomeByRoute('POST', url, res);
  };
  const get = async (url: string, lang?: string, token?: string) => {
    const res = await api.request(url, { lang, token });
    return outcomeByRoute('GET', url, res);
  };
  /** A refusal's body, read with the contract's error shapes (fields read: `errors`). */
  const refused = async (method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) =>
    refusal(await api.request(url, { method, json: body, lang }));
  /** A product's price answer, read with its contract schema (fields read: `data`, `errors`). */
  const price = async (url: string) => {
    const res = await api.request(url);
    return { status: res.status, body: await outcome(res, ProductPriceResponseSchema) };
  };

  it('checks coupons (POST v1/coupons): valid, blocked, unknown, missing', async () => {
    expect(await post('/api/v1/coupons', { code: 'BENVENUTO10' })).toEqual({ status: 200, body: { data: { code: 'BENVENUTO10', amount: 10, blocked: false } } });
    expect(await post('/api/v1/coupons', { code: ' neve5 ' })).toEqual({ status: 200, body: { data: { code: 'NEVE5', amount: 5, blocked: false } } });
    expect(await post('/api/v1/coupons', { code: 'SCADUTO' })).toEqual({ status: 200, body: { data: { code: 'SCADUTO', amount: 10, blocked: true } } });
    expect(await post('/api/v1/coupons', { code: 'NOPE' })).toEqual({
      status: 422,
      body: { message: 'Il codice sconto NOPE non esiste', errors: { code: ['Il codice sconto NOPE non esiste'] } },
    });
    expect((await refused('POST', '/api/v1/coupons', { code: 'NOPE' }, 'en_GB')).errors).toEqual({ code: ['The discount code NOPE does not exist'] });
    expect((await refused('POST', '/api/v1/coupons', {})).errors).toEqual({ code: ['Campo obbligatorio'] });
  });

  it('reads a coupon (GET v1/coupons/{code}), 404 when unknown', async () => {
    expect(await get('/api/v1/coupons/NEVE5')).toEqual({ status: 200, body: { data: { code: 'NEVE5', amount: 5, blocked: false } } });
    expect(await get('/api/v1/coupons/scaduto')).toEqual({ status: 200, body: { data: { code: 'SCADUTO', amount: 10, blocked: true } } });
    expect(await get('/api/v1/coupons/NOPE')).toEqual({ status: 404, body: NOT_FOUND });
  });

  const login = async (username: string, password: string) =>
    (await answer(await api.request('/api/v1/login', { method: 'POST', json: { username, password } }), LoginResponseSchema)).data.token;

  it('shows a fidelity card only to its holder; its public info to anyone; unknown → 404, missing number → 422', async () => {
    const mario = await login('mario.rossi@example.com', 'Demo-2026!');
    expect(await get('/api/v1/fidelity_card?fidelity_card_number=FID-0001', undefined, mario)).toEqual({
      status: 200,
      body: { data: { number: 'FID-0001', holder_name: 'Mario Rossi', points: 120, discount: 0.1, active: true } },
    });
    // The holder's name and points are personal data: not for guests, not for other customers.
    expect((await get('/api/v1/fidelity_card?fidelity_card_number=FID-0001')).status).toBe(401);
    const signup = await api.request('/api/v1/signup', {
      method: 'POST',
      json: { first_name: 'Eva', last_name: 'Neri', username: 'eva.neri@example.com', password: 'Password-123', password_confirmation: 'Password-123' },
    });
    const other = (await answer(signup, SignupResponseSchema)).data.token;
    expect(await get('/api/v1/fidelity_card?fidelity_card_number=FID-0001', undefined, other)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await get('/api/v1/fidelity_card/info?fidelity_card_number=FID-0001')).toEqual({
      status: 200,
      body: { data: { valid: true, discount: 0.1, holder_initials: 'M.R.' } },
    });
    expect(await get('/api/v1/fidelity_card?fidelity_card_number=FID-9999', undefined, mario)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await get('/api/v1/fidelity_card/info?fidelity_card_number=FID-9999')).toEqual({ status: 404, body: NOT_FOUND });
    for (const url of ['/api/v1/fidelity_card', '/api/v1/fidelity_card/info']) {
      expect(await get(url, undefined, mario)).toEqual({ status: 422, body: { message: 'Campo obbligatorio', errors: { fidelity_card_number: ['Campo obbligatorio'] } } });
    }
    expect((await refused('GET', '/api/v1/fidelity_card/info', undefined, 'fr_FR')).errors).toEqual({ fidelity_card_number: ['Champ obligatoire'] });
  });

  it("gives a product's current price for dates (GET v1/products/{id}/price)", async () => {
    const id = productId(api, 2, 'SKIALP');
    const range = await price(`/api/v1/products/${id}/price?from=${day(30)}&to=${day(34)}`);
    expect(range.status).toBe(200);
    const amount = seededAmount('SKIALP', 'days4to6');
    expect(range.body.data).toMatchObject({ product_id: id, current_price: { amount, total_price: roundMoney(amount * 5), rent_days_from: 4, rent_days_to: 6 } });
    const card = await price(`/api/v1/products/${id}/price?from=${day(30)}&to=${day(30)}&fidelity_card_number=FID-0001`);
    const list = seededAmount('SKIALP', 'day');
    expect(card.body.data.current_price).toMatchObject({ amount: roundMoney(list * 0.9), original_amount: list, total_price: roundMoney(list * 0.9) });
    expect((await price(`/api/v1/products/${id}/price?season=1`)).body.data.current_price).toMatchObject({ season: true, amount: seededAmount('SKIALP', 'season') });
    expect(await get(`/api/v1/products/${id}/price`)).toEqual({ status: 200, body: { data: { product_id: id, current_price: null } } });
    const bad = await price(`/api/v1/products/${id}/price?from=${day(30)}&to=${day(31)}&afternoon=1`);
    expect([bad.status, bad.body.errors]).toEqual([422, { to: ['Mattina e pomeriggio valgono per un solo giorno'] }]);
    for (const other of [productId(api, 2, 'CASCO'), 999999, 'abc']) {
      expect(await get(`/api/v1/products/${other}/price?from=${day(30)}`)).toEqual({ status: 404, body: NOT_FOUND });
    }
  });

  it('gives the units available and their sizes (POST v1/products/{id}/available_size)', async () => {
    const id = productId(api, 2, 'EMTB');
    const res = await post(`/api/v1/products/${id}/available_size`, { from: day(30), to: day(31) });
    // EMTB units come in M and L, given in turn (the seed): sizes.test.ts books and counts them.
    expect(res).toEqual({
      status: 200,
      body: { data: { product_id: id, available: stockOf('EMTB'), sizes: [{ size: 'M', units: 1, available: 1 }, { size: 'L', units: 1, available: 1 }] } },
    });
    expect(await post(`/api/v1/products/${id}/available_size`, {})).toEqual({
      status: 422,
      body: { message: 'Campo obbligatorio', errors: { from: ['Campo obbligatorio'] } },
    });
    expect((await refused('POST', `/api/v1/products/${id}/available_size`, { from: '31/12/2026' })).errors).toEqual({ from: ['Data non valida'] });
    expect((await post('/api/v1/products/999999/available_size', { from: day(30) })).status).toBe(404);
  });
});
