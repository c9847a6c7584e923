// The cash desk's order changes as outcomes (src/features/kiosk/cash-desk/stores/desk-changes.ts): what the
// screen shows for each answer, with the app's API client over a fake fetch.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { todayInRome } from '~/domain/dates';
import { orderResponse } from '~tests/support/order-response';

beforeAll(() => {
  useTestStorageEngine();
});

const { cancelAtDesk, changeDeskContact, changeDeskPoolCustomer, readDeskOrder } = await import('~/features/kiosk/cash-desk/stores/desk-changes');

const ORDER = orderResponse();
/** Answers in turn; an Error is no answer at all. */
let answers: (Response | Error)[] = [];
const asked: { method: string; url: URL; body: unknown }[] = [];

beforeEach(() => {
  answers = [];
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    asked.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers.shift();
    if (!next || next instanceof Error) throw new TypeError('Failed to fetch');
    return next;
  });
});
afterEach(() => vi.unstubAllGlobals());

const contact = { first_name: 'Giulia', last_name: 'Verdi', phone: '+39 333 1234567', email: 'g@example.com', invoice: false, fiscal_code: 'VRDGLI80A01H501X' };
const unprocessable = (errors: Record<string, string[]>) => Response.json({ message: 'I dati inseriti non sono validi', errors }, { status: 422 });

describe('changeDeskContact', () => {
  it('saves; without an invoice the fiscal code is not sent', async () => {
    answers = [Response.json({ data: orderResponse({ first_name: 'Giulia' }) })];
    const change = await changeDeskContact(ORDER, contact);
    expect(change).toMatchObject({ kind: 'saved', order: { first_name: 'Giulia' } });
    expect(asked[0]).toMatchObject({ method: 'PATCH', body: { first_name: 'Giulia', invoice: false } });
    expect(asked[0]!.body).not.toHaveProperty('fiscal_code');
  });

  it('a 422: field messages in page order, the fiscal code listed when the form hides it', async () => {
    answers = [unprocessable({ email: ['Email non valida'], first_name: ['Obbligatorio'], fiscal_code: ['Codice non valido'] })];
    expect(await changeDeskContact(ORDER, contact)).toEqual({
      kind: 'invalid',
      fields: [
        ['first_name', 'Obbligatorio'],
        ['email', 'Email non valida'],
      ],
      rest: ['Codice non valido'],
    });
    answers = [unprocessable({ fiscal_code: ['Codice non valido'] })];
    expect(await changeDeskContact(ORDER, { ...contact, invoice: true })).toEqual({ kind: 'invalid', fields: [['fiscal_code', 'Codice non valido']], rest: [] });
  });

  it('refused by the order’s state: the server’s why, and the order read again', async () => {
    answers = [Response.json({ message: 'La cassa 2 sta incassando questo ordine' }, { status: 409 }), Response.json({ data: orderResponse({ paid: true }) })];
    const change = await changeDeskContact(ORDER, contact);
    expect(change).toMatchObject({ kind: 'refused', message: 'La cassa 2 sta incassando questo ordine' });
    expect(await (change.kind === 'refused' ? change.current : null)).toMatchObject({ paid: true });
    expect(asked.map((a) => [a.method, a.url.pathname])).toEqual([
      ['PATCH', `/api/v1/orders/${ORDER.id}`],
      ['GET', `/api/v1/orders/${ORDER.uuid}`],
    ]);
  });

  it('another answer is said by its message; no answer says nothing more', async () => {
    answers = [Response.json({ message: 'Errore del server' }, { status: 500 })];
    expect(await changeDeskContact(ORDER, contact)).toEqual({ kind: 'error', message: 'Errore del server' });
    answers = [new Error('offline')];
    expect(await changeDeskContact(ORDER, contact)).toEqual({ kind: 'failed' });
  });
});

describe('changeDeskPoolCustomer', () => {
  it('sends the measures as numbers and maps customer.* messages to the form', async () => {
    answers = [Response.json({ data: ORDER })];
    const values = { first_name: ' Luca ', last_name: '', height: '180,5', weight: '', shoe_size: '43', level: 'esperto' };
    expect((await changeDeskPoolCustomer(ORDER.uuid, 301, values)).kind).toBe('saved');
    expect(asked[0]).toMatchObject({ method: 'PATCH', body: { customer: { first_name: 'Luca', height: '180.5', shoe_size: '43', weight: '' } } });
    expect(asked[0]!.url.pathname).toBe('/api/v1/order_detail_pools/301');
    answers = [unprocessable({ 'customer.height': ['Fuori misura'], 'customer.weight': ['Fuori misura'] })];
    expect(await changeDeskPoolCustomer(ORDER.uuid, 301, values)).toEqual({
      kind: 'invalid',
      fields: [
        ['height', 'Fuori misura'],
        ['weight', 'Fuori misura'],
      ],
      rest: [],
    });
  });

  it('refused (410): the order the pool belongs to is read again; one that cannot be read is null', async () => {
    answers = [Response.json({ message: 'Ordine già consegnato' }, { status: 410 }), new Error('offline')];
    const change = await changeDeskPoolCustomer(ORDER.uuid, 301, { first_name: '', last_name: '', height: '', weight: '', shoe_size: '', level: '' });
    expect(change.kind).toBe('refused');
    expect(await (change.kind === 'refused' ? change.current : undefined)).toBeNull();
    expect(asked[1]!.url.pathname).toBe(`/api/v1/orders/${ORDER.uuid}`);
  });
});

describe('cancelAtDesk and readDeskOrder', () => {
  it('cancels for today in Rome with the server’s message', async () => {
    answers = [Response.json({ data: orderResponse({ status: 'cancelled' }), message: 'Ordine annullato' })];
    expect(await cancelAtDesk(ORDER)).toMatchObject({ kind: 'saved', message: 'Ordine annullato', order: { status: 'cancelled' } });
    expect(asked[0]!.url.searchParams.get('date')).toBe(todayInRome());
  });

  it('a 422 on cancelling is an error to say, not a form’s', async () => {
    answers = [unprocessable({ date: ['Data non valida'] })];
    expect(await cancelAtDesk(ORDER)).toEqual({ kind: 'error', message: 'I dati inseriti non sono validi' });
  });

  it('readDeskOrder answers the order, or null', async () => {
    answers = [Response.json({ data: ORDER }), new Error('offline')];
    expect(await readDeskOrder(ORDER.uuid)).toEqual(ORDER);
    expect(await readDeskOrder(ORDER.uuid)).toBeNull();
  });
});
