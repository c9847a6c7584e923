// The cash desk's order changes (src/api/order-changes.ts) through the real API client over a fake
// fetch: method, path, body and what comes back, as tests/unit/api/api-client.test.ts tests the client.
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClientError } from '~/api/client';
import { fakeFetchClient, type FetchCall as Call } from '~tests/support/fake-api-client';
import { orderResponse } from '~tests/support/order-response';
import type { ShownMessage } from '~/domain/messages';

const calls: Call[] = [];
const notices: ShownMessage[] = [];
let respond: (call: Call) => Response = () => Response.json({ data: orderResponse() });

// The requests are given the client: here a real client over a fake fetch, with a kiosk's token,
// as the page's is in totem mode.
const api = fakeFetchClient({ token: () => 'Bearer kiosk-token', calls, notices, answer: (call) => respond(call) });

const { cancelOrder, changeOrderContact, changePoolCustomer, isRefusal, splitFieldErrors } = await import('~/api/order-changes');

beforeEach(() => {
  calls.length = 0;
  notices.length = 0;
  respond = () => Response.json({ data: orderResponse() });
});

describe('order change requests', () => {
  it('changeOrderContact: PATCH v1/orders/{id} with JSON and the kiosk token; answers the changed order', async () => {
    respond = () => Response.json({ data: orderResponse({ first_name: 'Giulia' }) });
    const order = await changeOrderContact(api, 41, { first_name: 'Giulia', last_name: 'Verdi', phone: '+39 333 1234567', email: 'g@example.com', invoice: false });
    expect(order.first_name).toBe('Giulia');
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { first_name: 'Giulia', invoice: false } });
    expect(calls[0]!.url.href).toBe('https://shop.example.com/api/v1/orders/41');
    expect(calls[0]!.headers.Authorization).toBe('Bearer kiosk-token');
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
  });

  it('changePoolCustomer: PATCH v1/order_detail_pools/{id} {customer}', async () => {
    await changePoolCustomer(api, 301, { first_name: 'Luca', height: '', level: 'esperto' });
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { customer: { first_name: 'Luca', height: '', level: 'esperto' } } });
    expect(calls[0]!.url.pathname).toBe('/api/v1/order_detail_pools/301');
  });

  it('cancelOrder: DELETE v1/orders/{id}?date=, with the server’s message', async () => {
    respond = () => Response.json({ data: orderResponse({ status: 'cancelled', editable: false }), message: 'Ordine annullato' });
    const { order, message } = await cancelOrder(api, 41, '2026-12-10');
    expect([order.status, message]).toEqual(['cancelled', 'Ordine annullato']);
    expect(calls[0]!.method).toBe('DELETE');
    expect(calls[0]!.url.href).toBe('https://shop.example.com/api/v1/orders/41?date=2026-12-10');
  });

  it('an answer that is not an order is refused, not shown half-read', async () => {
    respond = () => Response.json({ data: { id: 41 } });
    await expect(changePoolCustomer(api, 301, { first_name: 'Luca' })).rejects.toThrow();
  });

  it('a 422 rejects with the field messages, silently (the form shows them)', async () => {
    respond = () => Response.json({ message: 'I dati inseriti non sono validi', errors: { email: ['Inserisci un indirizzo email valido'] } }, { status: 422 });
    const err = await changeOrderContact(api, 41, { email: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect((err as ApiClientError).errors).toEqual({ email: ['Inserisci un indirizzo email valido'] });
    expect(notices).toEqual([]);
  });

  it('a 409 (a desk charging the card) is a refusal too; a 500 is left to the screen: no notice from the client', async () => {
    respond = () => Response.json({ message: 'Pagamento in corso alla cassa BARD-03: attendi che finisca' }, { status: 409 });
    expect(isRefusal(await changePoolCustomer(api, 301, { first_name: 'Luca' }).catch((e: unknown) => e))).toBe(true);
    respond = () => Response.json({ message: 'Errore interno del server' }, { status: 500 });
    const err = await changeOrderContact(api, 41, { first_name: 'Luca' }).catch((e: unknown) => e);
    expect([(err as ApiClientError).status, isRefusal(err)]).toEqual([500, false]);
    expect(notices).toEqual([]);
  });

  it('a 410 is a refusal of the order’s state, silently (the screen says it and reloads)', async () => {
    respond = () => Response.json({ message: "L'ordine non può più essere modificato" }, { status: 410 });
    const err = await cancelOrder(api, 41, '2026-12-10').catch((e: unknown) => e);
    expect(isRefusal(err)).toBe(true);
    expect((err as ApiClientError).message).toBe("L'ordine non può più essere modificato");
    expect(notices).toEqual([]);
  });
});

describe('splitFieldErrors and isRefusal', () => {
  const fields = ['first_name', 'phone', 'email'] as const;

  it('puts each field’s first message on it, in the form’s order; the rest apart', () => {
    const err = new ApiClientError(422, 'I dati inseriti non sono validi', { email: ['e1', 'e2'], first_name: ['f1'], fiscal_code: ['c1'] });
    expect(splitFieldErrors(err, fields)).toEqual({ fields: [['first_name', 'f1'], ['email', 'e1']], rest: ['c1'] });
  });

  it('without any field named, the message itself', () => {
    expect(splitFieldErrors(new ApiClientError(422, 'I dati inseriti non sono validi'), fields)).toEqual({ fields: [], rest: ['I dati inseriti non sono validi'] });
  });

  it('takes a prefix off the server’s names (customer.height → height)', () => {
    const err = new ApiClientError(422, 'x', { 'customer.height': ['h'], index: ['i'] });
    expect(splitFieldErrors(err, ['height'] as const, 'customer.')).toEqual({ fields: [['height', 'h']], rest: ['i'] });
  });

  it('a refusal is a 404, 409 or 410 of the API, nothing else', () => {
    expect(isRefusal(new ApiClientError(410, 'x'))).toBe(true);
    expect(isRefusal(new ApiClientError(409, 'x'))).toBe(true);
    expect(isRefusal(new ApiClientError(500, 'x'))).toBe(false);
    expect(isRefusal(new ApiClientError(404, 'x'))).toBe(true);
    expect(isRefusal(new ApiClientError(422, 'x'))).toBe(false);
    expect(isRefusal(new Error('x'))).toBe(false);
  });
});
