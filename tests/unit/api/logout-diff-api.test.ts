// The answers of logout (src/api/logout.ts) and of the two diff routes (src/api/delivery.ts) read
// through the contract's schemas: through the real API client over a fake fetch, the
// contract's shape is answered, and a server that drifted from it is a rejection, not a silent `any`.
import { beforeEach, describe, expect, it } from 'vitest';
import { core } from 'zod/mini';
import { fakeFetchClient, type FetchCall } from '~tests/support/fake-api-client';

/** What the contract's zod/mini schemas throw on an answer that does not match. */
const ZodError = core.$ZodError;

const calls: FetchCall[] = [];
let respond: () => Response;

/** The client the requests are made with: a fake fetch at the boundary. */
const api = fakeFetchClient({ token: () => 'Bearer tok-1234567890', calls, answer: () => respond() });
/** The requests made, as `METHOD /path?query`. */
const sent = () => calls.map((call) => `${call.method} ${call.url.pathname}${call.url.search}`);
/** The client as the stores load it on demand. */
const loadClient = async () => api;

const { revokeToken, sendRevocation } = await import('~/api/logout');
const { handOutDiff, lineDiff } = await import('~/api/delivery');

const period = { from: '2027-01-10', to: '2027-01-12', days: 3, amount: 45 };
const diff = { id_order_detail: 5, delivery_detail_id: 9, product_label: 'City bike', status: 'out', booked: period, actual: period, diff: 0 };

beforeEach(() => {
  calls.length = 0;
});

describe('logout', () => {
  it("POSTs v1/logout with the token it is given (not the session's), kept alive across a navigation", async () => {
    respond = () => Response.json({ message: 'Disconnessione effettuata' });
    expect(await revokeToken(api, 'Bearer old-1234567890')).toBe('Disconnessione effettuata');
    expect(sent()).toEqual(['POST /api/v1/logout']);
    expect(calls[0]!.init).toMatchObject({ keepalive: true, headers: { Authorization: 'Bearer old-1234567890' } });
  });

  it('rejects an answer without the message', async () => {
    respond = () => Response.json({ data: { ok: true } });
    await expect(revokeToken(api, 'Bearer old-1234567890')).rejects.toBeInstanceOf(ZodError);
  });

  it('sent for a page about to leave: resolves with the request already made, without its answer', async () => {
    // A server that never answers: the caller navigates all the same, the keepalive request exists.
    respond = () => new Promise<never>(() => {}) as never;
    await sendRevocation(loadClient, 'Bearer old-1234567890');
    expect(sent()).toEqual(['POST /api/v1/logout']);
    expect(calls[0]!.init).toMatchObject({ keepalive: true, headers: { Authorization: 'Bearer old-1234567890' } });
  });

  it('sent for a page about to leave: a refusal or no answer is nobody\'s business (no rejection)', async () => {
    respond = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(sendRevocation(loadClient, 'Bearer old-1234567890')).resolves.toBeUndefined();
    respond = () => Response.json({ data: { ok: true } });
    await expect(sendRevocation(loadClient, 'Bearer old-1234567890')).resolves.toBeUndefined();
    // Let the swallowed answers settle: an unhandled rejection would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent()).toEqual(['POST /api/v1/logout', 'POST /api/v1/logout']);
  });

  it('without a token, asks nothing', async () => {
    await sendRevocation(loadClient, null);
    expect(sent()).toEqual([]);
  });

  it('when the client cannot load (offline, not cached), resolves all the same: the token is forgotten here', async () => {
    await expect(sendRevocation(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'Bearer old-1234567890')).resolves.toBeUndefined();
    expect(sent()).toEqual([]);
  });
});

describe('price differences', () => {
  it('reads both routes through the envelope', async () => {
    respond = () => Response.json({ data: diff });
    expect(await handOutDiff(api, 9, '2027-01-12')).toEqual(diff);
    expect(await lineDiff(api, 5)).toEqual(diff);
    expect(sent()).toEqual(['GET /api/v1/delivery_details/9/diff?to=2027-01-12', 'GET /api/v1/order_details/5/diff']);
  });

  it('rejects a difference outside the envelope or with an unknown status', async () => {
    respond = () => Response.json(diff);
    await expect(handOutDiff(api, 9, '2027-01-12')).rejects.toBeInstanceOf(ZodError);
    respond = () => Response.json({ data: { ...diff, status: 'lost' } });
    await expect(lineDiff(api, 5)).rejects.toBeInstanceOf(ZodError);
  });
});
