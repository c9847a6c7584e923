// Printing the rental sheet (src/features/kiosk/shared/stores/rental-sheet.ts) through the real API
// client over a fake fetch: the kiosk's token goes with the request, the PDF's bytes are opened as
// they came, a cancelled order (410) and no answer are told apart, and no notice is raised.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ShownMessage } from '~/domain/messages';
import { printRentalSheet } from '~/features/kiosk/shared/stores/rental-sheet';
import { fakeFetchClient, type FetchCall } from '~tests/support/fake-api-client';

const PDF = '%PDF-1.7\n%scheda\n';
const requests: FetchCall[] = [];
const notices: ShownMessage[] = [];
let respond: () => Response | Promise<Response> = () => new Response(PDF, { headers: { 'content-type': 'application/pdf' } });

const api = fakeFetchClient({ token: () => 'Bearer kiosk-token', isLoggedIn: () => false, calls: requests, notices, answer: () => respond() });

const opened: { pdf: Blob; name: string }[] = [];
const deps = { api: async () => api, open: (pdf: Blob, name: string) => void opened.push({ pdf, name }) };
const ORDER = { id: 41, number: '26-0000041' };

beforeEach(() => {
  requests.length = 0;
  notices.length = 0;
  opened.length = 0;
  respond = () => new Response(PDF, { headers: { 'content-type': 'application/pdf' } });
});

describe('printRentalSheet', () => {
  it('fetches GET v1/orders/{id}/rental_sheet.pdf with the kiosk token and opens its bytes', async () => {
    expect(await printRentalSheet(ORDER, deps)).toEqual({ ok: true });
    expect(requests[0]!.url.href).toBe('https://shop.example.com/api/v1/orders/41/rental_sheet.pdf');
    expect(requests[0]!.headers.Authorization).toBe('Bearer kiosk-token');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.name).toBe('scheda-26-0000041.pdf');
    expect(await opened[0]!.pdf.text()).toBe(PDF);
  });

  it('a cancelled order (410) is told apart from a failure; nothing opens and the button says it, not a notice', async () => {
    respond = () => Response.json({ message: 'Ordine annullato' }, { status: 410 });
    expect(await printRentalSheet(ORDER, deps)).toEqual({ ok: false, reason: 'cancelled' });
    respond = () => Response.json({ message: 'Errore' }, { status: 500 });
    expect(await printRentalSheet(ORDER, deps)).toEqual({ ok: false, reason: 'failed' });
    expect(opened).toHaveLength(0);
    expect(notices).toEqual([]);
  });

  it('no answer: failed (the client announces the lost line, as for every request)', async () => {
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await printRentalSheet(ORDER, deps)).toEqual({ ok: false, reason: 'failed' });
    expect(opened).toHaveLength(0);
  });
});
