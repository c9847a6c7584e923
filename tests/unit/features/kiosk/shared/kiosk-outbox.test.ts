// The kiosk's outbox (src/features/kiosk/shared/stores/kiosk-outbox.ts) against the real API (a seeded PGlite database):
// a confirmation is kept with its Idempotency-Key from before its first try, queued while the API
// cannot be reached, sent again with the same key when it answers, oldest first; what the API
// refuses while staff are at it comes back to them, what it refuses on a replay stays listed.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import type { TestApi } from '~tests/support/app';
import { actAsKiosk, pairedForTheFile, routeFetchToApi } from '../support';
import { day } from '~tests/support/orders';
import { call, placeOrder, unit, type StaffOrderJson } from '~tests/support/staff';
import { clearedAtTheEnd } from '~tests/support/timers';
import { IDEMPOTENCY_HEADER } from '~/api/contract/idempotency';
import { OrderEnvelopeSchema } from '~/api/contract/orders';

beforeAll(() => {
  useTestStorageEngine();
});

const { createOutbox } = await import('~/features/kiosk/shared/stores/kiosk-outbox');

const timers = clearedAtTheEnd();
/** An outbox as a kiosk page makes it: its queue read from storage, its retries cleared when the test ends. */
const newOutbox = (requestTimeoutMs?: number) => createOutbox({ requestTimeoutMs, schedule: timers.schedule });
let outbox: ReturnType<typeof newOutbox>;

let api: TestApi;
let token: string;
/** Each API request the store made: `METHOD path key`. */
let requests: string[];
let apiDown = false;
/** The API does the work but its answer never arrives (the line drops on the way back). */
let loseAnswer = false;

pairedForTheFile('BARD-02', (kiosk) => ({ api, token } = kiosk));

beforeEach(() => {
  cleanTestStorage();
  outbox = newOutbox();
  requests = [];
  apiDown = false;
  loseAnswer = false;
  actAsKiosk({ type: 20, code: 'BARD-02' }, token);
  routeFetchToApi(api, {
    before: ({ method, path, init }) => {
      requests.push(`${method} ${path} ${(init.headers as Record<string, string>)[IDEMPOTENCY_HEADER] ?? '-'}`);
      if (apiDown) throw new TypeError('fetch failed');
    },
    after: () => {
      if (loseAnswer) throw new TypeError('network connection lost');
    },
  });
});
afterEach(() => {
  timers.clear();
  vi.unstubAllGlobals();
});

const parse = (data: unknown) => OrderEnvelopeSchema.parse(data).data;
const handOut = (order: StaffOrderJson, code: string) => ({
  order_id: order.id,
  delivery_details: [{ internal_code: code, id_order_detail: order.order_detail_pools[0]!.order_details[0]!.id }],
});
const deliveriesOf = async (id: number) => parse((await call(api, 'GET', `/api/v1/orders/${id}`, token)).body).delivery.delivery_details;

describe('kiosk outbox', () => {
  it('sends at once when the API answers and keeps nothing', async () => {
    const order = await placeOrder(api, { from: day(40), code: 'CIASPOLE' });
    const outcome = await outbox.sendConfirmation('delivery', 'v1/delivery', handOut(order, unit('CIASPOLE', 1)), order.number, parse);
    expect(outcome.status).toBe('sent');
    expect(outbox.$outbox.get()).toEqual([]);
    expect(requests).toEqual([expect.stringMatching(/^POST \/api\/v1\/delivery [0-9a-f-]{36}$/)]);
    expect(await deliveriesOf(order.id)).toHaveLength(1);
  });

  it('queues what cannot reach the API, then sends it once with the same key when the API answers', async () => {
    const order = await placeOrder(api, { from: day(41), code: 'CIASPOLE' });
    apiDown = true;
    const outcome = await outbox.sendConfirmation('delivery', 'v1/delivery', handOut(order, unit('CIASPOLE', 2)), order.number, parse);
    expect(outcome).toEqual({ status: 'queued' });
    expect(outbox.$apiUnreachable.get()).toBe(true);
    expect(outbox.$outbox.get()).toMatchObject([{ kind: 'delivery', ref: order.number, state: 'pending' }]);
    const landed = vi.fn();
    outbox.onConfirmationLanded(landed);
    apiDown = false;
    await outbox.flushOutbox();
    expect(outbox.$outbox.get()).toEqual([]);
    expect(outbox.$apiUnreachable.get()).toBe(false);
    expect(landed).toHaveBeenCalledOnce();
    const keys = requests.map((r) => r.split(' ')[2]);
    expect(new Set(keys).size).toBe(1);
    expect(await deliveriesOf(order.id)).toHaveLength(1);
  });

  it('a confirmation that landed but whose answer was lost is replayed by the API, never handed out twice', async () => {
    const order = await placeOrder(api, { from: day(44), code: 'CIASPOLE' });
    loseAnswer = true;
    expect(await outbox.sendConfirmation('delivery', 'v1/delivery', handOut(order, unit('CIASPOLE', 8)), order.number, parse)).toEqual({ status: 'queued' });
    expect(await deliveriesOf(order.id)).toHaveLength(1);
    loseAnswer = false;
    const landed = vi.fn();
    outbox.onConfirmationLanded(landed);
    await outbox.flushOutbox();
    // The retry carried the same key: the API answered its first answer (200), not "already out".
    expect(landed).toHaveBeenCalledOnce();
    expect(outbox.$outbox.get()).toEqual([]);
    expect(await deliveriesOf(order.id)).toHaveLength(1);
  });

  it('sends what waits first: a new confirmation joins the queue', async () => {
    const order = await placeOrder(api, { from: day(42), code: 'CIASPOLE', count: 2 });
    apiDown = true;
    const first = { order_id: order.id, delivery_details: [{ internal_code: unit('CIASPOLE', 3), id_order_detail: order.order_detail_pools[0]!.order_details[0]!.id }] };
    await outbox.sendConfirmation('delivery', 'v1/delivery', first, order.number, parse);
    apiDown = false;
    const second = { order_id: order.id, delivery_details: [{ internal_code: unit('CIASPOLE', 4), id_order_detail: order.order_detail_pools[1]!.order_details[0]!.id }] };
    expect(await outbox.sendConfirmation('delivery', 'v1/delivery', second, order.number, parse)).toEqual({ status: 'queued' });
    await outbox.flushOutbox();
    expect(outbox.$outbox.get()).toEqual([]);
    expect((await deliveriesOf(order.id)).map((d) => d.delivery_detail_specific_product?.specific_product.internal_code)).toEqual([unit('CIASPOLE', 3), unit('CIASPOLE', 4)]);
  });

  it("gives a refusal back to staff at once and keeps nothing; a replay's refusal stays listed until resolved", async () => {
    const order = await placeOrder(api, { from: day(43), code: 'CIASPOLE' });
    const refused = await outbox.sendConfirmation('delivery', 'v1/delivery', handOut(order, 'S06-NOPE-01'), order.number, parse);
    expect(refused).toEqual({ status: 'refused', message: 'Risorsa non trovata', errors: { 'delivery_details.0.internal_code': ['Risorsa non trovata'] } });
    expect(outbox.$outbox.get()).toEqual([]);

    apiDown = true;
    await outbox.sendConfirmation('delivery', 'v1/delivery', handOut(order, unit('CIASPOLE', 5)), order.number, parse);
    // Meanwhile another desk hands the same line out.
    await call(api, 'POST', '/api/v1/delivery', token, handOut(order, unit('CIASPOLE', 6)));
    apiDown = false;
    await outbox.flushOutbox();
    const [entry] = outbox.$outbox.get();
    expect(entry).toMatchObject({ state: 'refused', ref: order.number, error: { message: expect.any(String) } });
    // A refused entry does not hold back new confirmations.
    const other = await placeOrder(api, { from: day(43), code: 'CIASPOLE' });
    expect((await outbox.sendConfirmation('delivery', 'v1/delivery', handOut(other, unit('CIASPOLE', 7)), other.number, parse)).status).toBe('sent');
    outbox.dismissOutboxEntry(entry!.key);
    expect(outbox.$outbox.get()).toEqual([]);
  });

  it('a try that hangs without an answer counts as no answer: queued, not blocking the next ones', async () => {
    const order = await placeOrder(api, { from: day(45), code: 'CIASPOLE' });
    const impatient = newOutbox(50);
    const answering = globalThis.fetch;
    // A half-open connection: the request never gets an answer, until it is given up.
    vi.stubGlobal('fetch', (_input: URL, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason))));
    expect(await impatient.sendConfirmation('delivery', 'v1/delivery', handOut(order, unit('CIASPOLE', 5)), order.number, parse)).toEqual({ status: 'queued' });
    expect(impatient.$apiUnreachable.get()).toBe(true);
    vi.stubGlobal('fetch', answering);
    // The next page, with the usual patience (the in-process API may take more than 50 ms), sends what was queued.
    timers.clear();
    const patient = newOutbox();
    await patient.flushOutbox();
    expect(patient.$outbox.get()).toEqual([]);
    expect(await deliveriesOf(order.id)).toHaveLength(1);
  });

  it('with nothing queued, finds the API back through its health check', async () => {
    apiDown = true;
    outbox.$apiUnreachable.set(true);
    await outbox.flushOutbox();
    expect(outbox.$apiUnreachable.get()).toBe(true);
    apiDown = false;
    await outbox.flushOutbox();
    expect(outbox.$apiUnreachable.get()).toBe(false);
    expect(requests.at(-1)).toBe('GET /api/health -');
  });
});
