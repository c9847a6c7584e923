// The customer's requests moved out of the islands: src/api/orders.ts, coupons.ts,
// account.ts and sites.ts, through the real API client over a fake fetch (as order-changes.test.ts
// does): method, path, body, headers, and that each answer is parsed with the contract's schema.
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClientError } from '~/api/client';
import { fakeFetchClient, type FetchCall as Call } from '~tests/support/fake-api-client';
import { orderResponse } from '~tests/support/order-response';

const calls: Call[] = [];
let respond: (call: Call) => Response = () => Response.json({ data: orderResponse() });

/** The client the requests are made with: a fake fetch at the boundary. */
const api = fakeFetchClient({ token: () => 'Bearer customer-token', calls, answer: (call) => respond(call) });

const orders = await import('~/api/orders');
const { checkCoupon } = await import('~/api/coupons');
const account = await import('~/api/account');
const { fetchSites } = await import('~/api/sites');

const ORDER = orderResponse();

beforeEach(() => {
  calls.length = 0;
  respond = () => Response.json({ data: orderResponse() });
});

describe('orders', () => {
  it('placeOrder: POST v1/shops/{id}/orders with the form and the idempotency header', async () => {
    const form = new FormData();
    form.append('email', 'carla@example.com');
    respond = () => Response.json({ data: ORDER }, { status: 201 });
    await expect(orders.placeOrder(api, 6, form, { 'Idempotency-Key': 'k-1' })).resolves.toEqual(ORDER);
    expect(calls[0]).toMatchObject({ method: 'POST', body: form });
    expect(calls[0]!.url.href).toBe('https://shop.example.com/api/v1/shops/6/orders');
    expect(calls[0]!.headers).toMatchObject({ 'Idempotency-Key': 'k-1', Authorization: 'Bearer customer-token' });
  });

  it('replaceOrder: POST v1/orders/{uuid} with the patched form', async () => {
    const form = new FormData();
    await orders.replaceOrder(api, ORDER.uuid, form);
    expect(calls[0]).toMatchObject({ method: 'POST', body: form });
    expect(calls[0]!.url.pathname).toBe(`/api/v1/orders/${ORDER.uuid}`);
  });

  it('fetchOrder reads the guest path; fetchMyOrders the customer’s list', async () => {
    await expect(orders.fetchOrder(api, ORDER.uuid)).resolves.toEqual(ORDER);
    respond = () => Response.json({ data: [ORDER, orderResponse({ id: 42, uuid: 'u-42' })] });
    expect((await orders.fetchMyOrders(api)).map((o) => o.id)).toEqual([41, 42]);
    expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([
      ['GET', `/api/v1/guest/orders/${ORDER.uuid}`],
      ['GET', '/api/v1/orders'],
    ]);
  });

  it('cancelMyOrder: DELETE v1/orders/{uuid}?date= answers the cancelled order', async () => {
    respond = () => Response.json({ data: orderResponse({ status: 'cancelled' }), message: 'Ordine annullato' });
    expect((await orders.cancelMyOrder(api, ORDER.uuid, '2026-12-10')).status).toBe('cancelled');
    expect(calls[0]!.method).toBe('DELETE');
    expect(calls[0]!.url.href).toBe(`https://shop.example.com/api/v1/orders/${ORDER.uuid}?date=2026-12-10`);
  });

  it('orderExportPath is the export link, without a request', () => {
    expect(orders.orderExportPath(api, ORDER.uuid)).toBe(`/api/v1/orders/${ORDER.uuid}/export`);
    expect(calls).toEqual([]);
  });

  it('an answer that is not an order is refused, not shown half-read', async () => {
    respond = () => Response.json({ data: { id: 41 } });
    await expect(orders.fetchOrder(api, ORDER.uuid)).rejects.toThrow();
    respond = () => Response.json({ data: [{ id: 41 }] });
    await expect(orders.fetchMyOrders(api)).rejects.toThrow();
  });

  it('a 410 reaches the caller with the server’s message', async () => {
    respond = () => Response.json({ message: 'L’ordine non può più essere modificato' }, { status: 410 });
    const err = await orders.replaceOrder(api, ORDER.uuid, new FormData()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect((err as ApiClientError).message).toBe('L’ordine non può più essere modificato');
  });
});

describe('coupons', () => {
  it('checkCoupon: POST v1/coupons {code}; a blocked coupon comes back as such', async () => {
    respond = () => Response.json({ data: { code: 'SCADUTO', amount: 5, blocked: true } });
    await expect(checkCoupon(api, 'SCADUTO')).resolves.toEqual({ code: 'SCADUTO', amount: 5, blocked: true });
    expect(calls[0]!.url.pathname).toBe('/api/v1/coupons');
    expect(calls[0]!.body).toEqual({ code: 'SCADUTO' });
  });

  it('an unknown code is a 422 on `code`', async () => {
    respond = () => Response.json({ message: 'I dati non sono validi', errors: { code: ['Il codice sconto NO non esiste'] } }, { status: 422 });
    const err = (await checkCoupon(api, 'NO').catch((e: unknown) => e)) as ApiClientError;
    expect([err.status, err.errors.code]).toEqual([422, ['Il codice sconto NO non esiste']]);
  });
});

describe('account', () => {
  it('signup posts the form and answers the token with the account it opened (no second read)', async () => {
    const user = { id: 7, first_name: 'Anna', last_name: 'Neve', username: 'anna@example.com', medias: [] };
    respond = () => Response.json({ data: { token: 'tok-1', user } }, { status: 201 });
    const values = { first_name: 'Anna', last_name: 'Neve', username: 'anna@example.com', password: 'Password-123', password_confirmation: 'Password-123' };
    await expect(account.signup(api, values)).resolves.toEqual({ token: 'tok-1', user });
    expect(calls[0]!.url.pathname).toBe('/api/v1/signup');
    expect(calls[0]!.body).toEqual(values);
  });

  it('forgotPassword posts the address and answers the server’s message', async () => {
    respond = () => Response.json({ message: 'Ti abbiamo inviato un codice' });
    await expect(account.forgotPassword(api, 'anna@example.com')).resolves.toBe('Ti abbiamo inviato un codice');
    expect([calls[0]!.url.pathname, calls[0]!.body]).toEqual(['/api/forgot_password', { username: 'anna@example.com' }]);
  });

  it('resetPassword posts code and password and answers the new token', async () => {
    respond = () => Response.json({ data: { token: 'tok-2' }, message: 'Password cambiata' });
    const values = { username: 'anna@example.com', code: '123456', password: 'Password-456', password_confirmation: 'Password-456' };
    await expect(account.resetPassword(api, values)).resolves.toBe('tok-2');
    expect([calls[0]!.url.pathname, calls[0]!.body]).toEqual(['/api/reset_password', values]);
  });

  it('an answer without a token is refused', async () => {
    respond = () => Response.json({ data: {} });
    await expect(account.resetPassword(api, { username: 'a@example.com', code: '1', password: 'x', password_confirmation: 'x' })).rejects.toThrow();
  });
});

describe('sites', () => {
  it('fetchSites: GET v2/sites?with=shops.sports, shops defaulted by the contract', async () => {
    respond = () => Response.json({ data: [{ slug: 'sestriere', label: 'Sestriere', region: 'Piemonte', shops: [{ id: 1, slug: 's', label: 'S', sports: [{ id: 2, name: 'Sci', slug: 'sci' }] }] }] });
    const [site] = await fetchSites(api);
    expect(site!.shops[0]).toMatchObject({ id: 1, logos: [], categories: [] });
    expect(calls[0]!.url.href).toBe('https://shop.example.com/api/v2/sites?with=shops.sports');
  });
});
