// Paying an order (src/features/customer/shared/stores/payments.ts) and the account's changes (src/features/customer/account/stores/profile.ts):
// real stores, the app's API client over a fake fetch.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestStorageEngine } from '@nanostores/persistent';
import { MAX_UPLOAD_BYTES } from '~/domain/medias';

beforeAll(() => {
  useTestStorageEngine();
});

const { $user } = await import('~/stores/session');
const { payForOrder } = await import('~/features/customer/shared/stores/payments');
const { removeDocument, saveProfileDetails, storeDocument } = await import('~/features/customer/account/stores/profile');

let respond: () => Response = () => Response.json({});
const asked: { method: string; path: string; body: BodyInit | null | undefined }[] = [];

beforeEach(() => {
  asked.length = 0;
  $user.set(null);
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    asked.push({ method: init.method ?? 'GET', path: url.pathname, body: init.body });
    return respond();
  });
});
afterEach(() => vi.unstubAllGlobals());

const offline = () => {
  throw new TypeError('Failed to fetch');
};
const PAGE = 'https://shop.example.com/orders/u-1';
const session = (url: string) => () => Response.json({ data: { id: 's1', payment_url: url, amount: 42, expires_at: '2026-11-23T12:00:00.000Z' } }, { status: 201 });

describe('payForOrder', () => {
  it('answers the provider’s page to send the customer to', async () => {
    respond = session('https://shop.example.com/api/payments/simulator/s1');
    expect(await payForOrder('u-1', '/orders/u-1', PAGE)).toEqual({ kind: 'redirect', url: 'https://shop.example.com/api/payments/simulator/s1' });
    expect(asked.map((a) => [a.method, a.path])).toEqual([['POST', '/api/v1/orders/u-1/payments']]);
  });

  it('sends nobody to a page outside the trusted hosts', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    respond = session('https://phish.example.org/pay');
    expect(await payForOrder('u-1', '/orders/u-1', PAGE)).toEqual({ kind: 'unavailable' });
    expect(console).toHaveBeenCalledOnce();
    console.mockRestore();
  });

  it('answers the server’s message for an order that cannot be paid now, and fails quietly otherwise', async () => {
    for (const status of [404, 410, 422]) {
      respond = () => Response.json({ message: `rifiutato ${status}` }, { status });
      expect(await payForOrder('u-1', '/orders/u-1', PAGE)).toEqual({ kind: 'refused', message: `rifiutato ${status}` });
    }
    respond = () => Response.json({ message: 'Errore' }, { status: 500 });
    expect(await payForOrder('u-1', '/orders/u-1', PAGE)).toEqual({ kind: 'failed' });
    respond = offline;
    expect(await payForOrder('u-1', '/orders/u-1', PAGE)).toEqual({ kind: 'failed' });
  });
});

const USER = { id: 7, username: 'anna@example.com', first_name: 'Anna', medias: [] };
const withDocument = { ...USER, medias: [{ id: 3, name: 'carta.pdf', url: '/media/3' }] };

describe('profile', () => {
  it('saveProfileDetails: an emptied card removes it; the saved user is the session’s', async () => {
    respond = () => Response.json({ data: { ...USER, first_name: 'Annalisa' } });
    await saveProfileDetails({ first_name: 'Annalisa', last_name: 'Neve', phone: '', fidelity_card_number: '  ' });
    expect(JSON.parse(String(asked[0]!.body))).toEqual({ first_name: 'Annalisa', last_name: 'Neve', phone: '', fidelity_card_number: null });
    expect($user.get()?.first_name).toBe('Annalisa');
  });

  it('storeDocument uploads (or replaces) and shows the user as the server holds it', async () => {
    respond = () => Response.json({ data: withDocument });
    const file = new File(['%PDF-1.4'], 'carta.pdf', { type: 'application/pdf' });
    expect(await storeDocument(file, 2)).toEqual({ kind: 'done' });
    expect(asked[0]).toMatchObject({ method: 'POST', path: '/api/v1/user/media' });
    const form = asked[0]!.body as FormData;
    expect([(form.get('file') as File).name, form.get('replace')]).toEqual(['carta.pdf', '2']);
    expect($user.get()?.medias.map((m) => m.id)).toEqual([3]);
  });

  it('storeDocument refuses a file over the limit without sending it', async () => {
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'grande.pdf', { type: 'application/pdf' });
    expect(await storeDocument(big)).toEqual({ kind: 'tooLarge' });
    expect(asked).toEqual([]);
  });

  it('removeDocument deletes, then reads the user again', async () => {
    $user.set(withDocument);
    respond = () => Response.json({ data: USER });
    expect(await removeDocument(3)).toEqual({ kind: 'done' });
    expect(asked.map((a) => [a.method, a.path])).toEqual([
      ['DELETE', '/api/v1/media/3'],
      ['GET', '/api/v1/user'],
    ]);
    expect($user.get()?.medias).toEqual([]);
  });

  it('a refusal answers the API’s first message and keeps the user; no answer is a quiet failure', async () => {
    $user.set(withDocument);
    respond = () => Response.json({ message: 'Dati non validi', errors: { file: ['Formato non accettato'] } }, { status: 422 });
    expect(await storeDocument(new File(['x'], 'x.exe'))).toEqual({ kind: 'refused', message: 'Formato non accettato' });
    respond = () => Response.json({ message: 'Documento di un ordine non più modificabile' }, { status: 410 });
    expect(await removeDocument(3)).toEqual({ kind: 'refused', message: 'Documento di un ordine non più modificabile' });
    respond = offline;
    expect(await removeDocument(3)).toEqual({ kind: 'failed' });
    expect($user.get()).toEqual(withDocument);
  });
});
