// src/api/booking-requests.ts through the real API client over a fake fetch: the call it makes
// (method, path, language, JSON body) and the answer read with the contract's response schema.
import { beforeEach, describe, expect, it } from 'vitest';
import { core } from 'zod/mini';
import { ApiClientError, NetworkError } from '~/api/client';
import type { ShownMessage } from '~/domain/messages';
import { fakeFetchClient, type FetchCall as Call } from '~tests/support/fake-api-client';

/** What the contract's zod/mini schemas throw on an answer that does not match. */
const ZodError = core.$ZodError;

const calls: Call[] = [];
const notices: ShownMessage[] = [];
let respond: (call: Call) => Response | Promise<Response>;

/** The client the requests are made with: a guest's, a fake fetch at the boundary. */
const api = fakeFetchClient({ locale: 'fr', token: () => null, calls, notices, answer: (call) => respond(call) });

const { sendBookingRequest } = await import('~/api/booking-requests');

const body = {
  shop_id: '1',
  first_name: 'Anna',
  last_name: 'Neri',
  email: 'anna@example.com',
  phone: '',
  date_from: '2027-01-10',
  date_to: '2027-01-12',
  people: '4',
  message: 'Quatre paires de raquettes',
  locale: 'fr' as const,
};
const stored = {
  id: 7,
  shop_id: 1,
  first_name: 'Anna',
  last_name: 'Neri',
  email: 'anna@example.com',
  phone: null,
  date_from: '2027-01-10',
  date_to: '2027-01-12',
  people: 4,
  message: 'Quatre paires de raquettes',
  locale: 'fr',
  created_at: '2026-11-23T10:00:00.000Z',
  copied: true,
};

beforeEach(() => {
  calls.length = 0;
  notices.length = 0;
  respond = () => Response.json({ data: stored, message: 'Demande envoyée' }, { status: 201 });
});

describe('sendBookingRequest', () => {
  it('POSTs the body as JSON to v1/booking_requests in the page language and answers the stored request', async () => {
    expect(await sendBookingRequest(api, body)).toEqual(stored);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body });
    expect(calls[0]!.url.href).toBe('https://shop.example.com/api/v1/booking_requests');
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.headers['Content-Language']).toBe('fr_FR');
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('rejects an answer that does not match the contract', async () => {
    respond = () => Response.json({ data: { ...stored, people: 'four' }, message: 'ok' }, { status: 201 });
    await expect(sendBookingRequest(api, body)).rejects.toBeInstanceOf(ZodError);
  });

  it('hands 422 field errors and 429 to the caller, without a snackbar notice', async () => {
    respond = () => Response.json({ message: 'Magasin inconnu', errors: { shop_id: ['Magasin inconnu'] } }, { status: 422 });
    const invalid = await sendBookingRequest(api, body).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiClientError);
    expect(invalid).toMatchObject({ status: 422, errors: { shop_id: ['Magasin inconnu'] } });
    respond = () => Response.json({ message: 'Trop de tentatives' }, { status: 429 });
    await expect(sendBookingRequest(api, body)).rejects.toMatchObject({ status: 429, message: 'Trop de tentatives' });
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(sendBookingRequest(api, body)).rejects.toBeInstanceOf(NetworkError);
    expect(notices).toEqual([]);
  });
});
