// A claim whose desk is gone (stores/desk-claims.ts, stores/cash-desk.ts) against the real API
// (PGlite) and the real terminal simulator: the refusal names the desk holding the order, staff
// release its claim with this kiosk's password and the payment goes through; a desk whose claim was
// released records its charge only under its claim, taken again first.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import type { TestApi } from '~tests/support/app';
import { routeFetchToApi } from '../support';
import { cashDeskForTheFile, freshCashDesk, resetCashDesk } from './support';
import { shownText } from '~tests/support/notices';
import { day } from '~tests/support/orders';
import { call, pair, placeOrder, totemOf } from '~tests/support/staff';
import { OrderEnvelopeSchema } from '~/api/contract/orders';

beforeAll(() => {
  useTestStorageEngine();
});

const claims = await import('~/features/kiosk/cash-desk/stores/desk-claims');
const notifications = await import('~/stores/notifications');

let api: TestApi;
let cashToken: string;
/** Requests the store made, as `METHOD path` (the API's) or `POS [operations]` (the terminal's). */
let requests: string[];
/** Makes the API unreachable for requests whose path matches (an outage). */
let apiDown: RegExp | null;
/** The cash desk store as the page makes it (new for each test). */
let desk: ReturnType<typeof freshCashDesk>;

const world = cashDeskForTheFile((opened) => ({ api, token: cashToken } = opened));

beforeEach(async () => {
  cleanTestStorage();
  desk = freshCashDesk();
  requests = [];
  apiDown = null;
  await resetCashDesk(world);
  routeFetchToApi(api, {
    terminalUrl: world.pos.url,
    onTerminal: (operations) => requests.push(`POS ${JSON.stringify(operations)}`),
    before: ({ method, path }) => {
      requests.push(`${method} ${path}`);
      if (apiDown?.test(path)) throw new TypeError('fetch failed');
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const fresh = async (id: number) => OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, cashToken)).body).data;
const newOrder = async (n: number) => fresh((await placeOrder(api, { from: day(n) })).id);
const charges = () => requests.filter((r) => r === 'POS [10]');
const PASSWORD = totemOf('BARD-03').password;

describe("another desk's claim", () => {
  it('refuses naming the desk; staff release its claim with the password, then the payment goes through', async () => {
    const order = await newOrder(80);
    // Another device of the desk claimed the order and was switched off before charging.
    const gone = await pair(api, totemOf('BARD-03').pairingCode);
    expect((await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim`, gone, { attempt: randomUUID() })).status).toBe(200);

    const refused = await desk.payOrder(order);
    expect(refused).toEqual({ status: 'refused', message: 'Pagamento in corso alla cassa BARD-03: attendi che finisca', claimedBy: 'BARD-03' });
    expect(charges()).toEqual([]);

    expect(await claims.releaseDeskClaim(order, 'BARD-03', 'not-the-password')).toEqual({ status: 'wrong-password', message: 'Valore non valido' });
    expect(await desk.payOrder(order)).toMatchObject({ status: 'refused', claimedBy: 'BARD-03' });
    const released = await claims.releaseDeskClaim(order, 'BARD-03', PASSWORD);
    expect(released).toMatchObject({ status: 'released', order: { id: order.id, paid: false } });
    expect(notifications.$notice.get()).toMatchObject({ message: { key: 'kiosk.pay.released', params: { totem: 'BARD-03' } }, type: 'success' });
    expect(await shownText(notifications.$notice.get())).toBe('Ordine liberato dalla cassa BARD-03: puoi incassare');

    expect(await desk.payOrder(order)).toMatchObject({ status: 'paid', order: { paid: true } });
    expect(charges()).toEqual(['POS [10]']);
  });

  it('a refusal without another claim (paid, cancelled) names no desk', async () => {
    const order = await newOrder(81);
    expect((await call(api, 'DELETE', `/api/v1/orders/${order.id}?date=${day(0)}`, cashToken)).status).toBe(200);
    const refused = await desk.payOrder(order);
    expect(refused).toEqual({ status: 'refused', message: "L'ordine non può più essere modificato" });
  });

  it('says when another desk took the order since staff were asked', async () => {
    const order = await newOrder(82);
    const other = await pair(api, totemOf('BARD-03').pairingCode);
    expect((await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim`, other, { attempt: randomUUID() })).status).toBe(200);
    const outcome = await claims.releaseDeskClaim(order, 'BARD-02', PASSWORD);
    expect(outcome).toEqual({ status: 'refused', message: 'Pagamento in corso alla cassa BARD-03: attendi che finisca' });
  });
});

describe('a desk whose claim was released while it was gone', () => {
  it('takes its claim again before recording its charge, so the charge is recorded when no other desk took the order', async () => {
    const order = await newOrder(83);
    apiDown = /\/pay$/;
    expect(await desk.payOrder(order)).toEqual({ status: 'pending' });
    // Staff at another desk released this desk's claim, and nobody charged the order since.
    const admin = await pair(api, totemOf('BARD-02').pairingCode);
    const release = { password: totemOf('BARD-02').password, totem: 'BARD-03' };
    expect((await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim/release`, admin, release)).status).toBe(200);
    apiDown = null;
    requests = [];
    expect(await desk.retryRecording(order.uuid)).toMatchObject({ status: 'paid' });
    expect(requests.slice(0, 2)).toEqual([`POST /api/v1/orders/${order.id}/payment_claim`, `POST /api/v1/orders/${order.id}/pay`]);
    expect(charges()).toEqual([]);
  });
});
