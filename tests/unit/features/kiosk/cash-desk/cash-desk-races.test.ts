// The cash desk's payment store (src/features/kiosk/cash-desk/stores/cash-desk.ts) when its requests race or hang, against
// the real API (PGlite) and the real terminal simulator: one recording (and one receipt) per charge
// however many triggers fire at once, a recorded payment never turned into money to give back by
// a late answer, the claim kept while the charge is unresolved, a reload while printing, a lost
// claim answer, and a recording that never answers.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import type { PosSimulator } from '~server/pos/simulator';
import { orders } from '~server/db/schema/index';
import type { TestApi } from '~tests/support/app';
import { routeFetchToApi } from '../support';
import { cashDeskForTheFile, freshCashDesk, resetCashDesk } from './support';
import { day } from '~tests/support/orders';
import { call, placeOrder } from '~tests/support/staff';
import { OrderEnvelopeSchema, type OrderResponse } from '~/api/contract/orders';
import type { DeskPayment } from '~/features/kiosk/shared/stores/payment-storage';
import { DESK_RECORD_TIMEOUT_MS } from '~/domain/desk-payments';

beforeAll(() => {
  useTestStorageEngine();
});

/** The cash desk store as the page makes it (new for each test). */
let desk: ReturnType<typeof freshCashDesk>;
const { $deskPayments } = await import('~/features/kiosk/cash-desk/stores/desk-payments');

let api: TestApi;
let pos: PosSimulator;
let cashToken: string;
/** Requests the store made, as `METHOD path` (the API's) or `POS [operations]` (the terminal's). */
let requests: string[];
/** Answers a matching API request itself instead of the API (a held or hung answer). */
let intercept: ((method: string, path: string, init: RequestInit) => Promise<Response> | undefined) | null;

const world = cashDeskForTheFile((opened) => ({ api, pos, token: cashToken } = opened));

beforeEach(async () => {
  cleanTestStorage();
  desk = freshCashDesk();
  requests = [];
  intercept = null;
  await resetCashDesk(world);
  routeFetchToApi(api, {
    terminalUrl: pos.url,
    onTerminal: (operations) => requests.push(`POS ${JSON.stringify(operations)}`),
    before: ({ method, path, init }) => {
      requests.push(`${method} ${path}`);
      return intercept?.(method, path, init);
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const fresh = async (id: number) => OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, cashToken)).body).data;
const newOrder = async (n: number) => fresh((await placeOrder(api, { from: day(n) })).id);
const count = (request: string) => requests.filter((r) => r === request).length;

/** A charge this kiosk took (claimed by `attempt`) and left in storage at `stage`. */
async function leftInFlight(order: OrderResponse, stage: DeskPayment['stage'], extra: Partial<DeskPayment> = {}): Promise<DeskPayment> {
  const attempt = randomUUID();
  expect((await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim`, cashToken, { attempt })).status).toBe(200);
  const payment: DeskPayment = {
    uuid: order.uuid,
    id: order.id,
    number: order.number,
    amount: order.total_amount,
    attempt,
    stage,
    startedAt: new Date().toISOString(),
    error: null,
    receiptFailed: false,
    ...extra,
  };
  $deskPayments.set({ [order.uuid]: payment });
  return payment;
}

/** A promise the test resolves, and one that says when the held request was sent. */
function held() {
  let release!: (response: Response) => void;
  let sent!: () => void;
  const wasSent = new Promise<void>((r) => (sent = r));
  const answer = new Promise<Response>((r) => (release = r));
  return { answer, release, sent, wasSent };
}

describe('recording a charge', () => {
  it('records and prints once when the retry, "retry now" and the line coming back fire together', async () => {
    const order = await newOrder(40);
    await leftInFlight(order, 'charged', { posResult: { ok: true } });
    const outcomes = await Promise.all([desk.retryRecording(order.uuid), desk.retryRecording(order.uuid), desk.resumeDeskPayments().then(() => desk.retryRecording(order.uuid))]);
    expect(outcomes.map((o) => o.status)).toEqual(['paid', 'paid', 'paid']);
    expect(count(`POST /api/v1/orders/${order.id}/pay`)).toBe(1);
    expect(count('POS [20,30]')).toBe(1);
    expect($deskPayments.get()).toEqual({});
  });

  it('keeps a payment recorded when a late answer of the same charge says 410', async () => {
    const order = await newOrder(41);
    const payment = await leftInFlight(order, 'charged', { posResult: { ok: true } });
    const pay = held();
    intercept = (method, path) => {
      if (method !== 'POST' || !path.endsWith('/pay')) return undefined;
      pay.sent();
      return pay.answer;
    };
    const outcome = desk.retryRecording(order.uuid);
    await pay.wasSent;
    // Another tab recorded it meanwhile; its receipt did not print.
    $deskPayments.set({ [order.uuid]: { ...payment, stage: 'recorded', receiptFailed: true } });
    pay.release(Response.json({ message: "L'ordine è già stato pagato" }, { status: 410 }));
    expect(await outcome).toEqual({ status: 'pending' });
    expect($deskPayments.get()[order.uuid]).toMatchObject({ stage: 'recorded', receiptFailed: true });
  });

  it('gives up on a recording that never answers and keeps the charge to retry', async () => {
    const order = await newOrder(42);
    await leftInFlight(order, 'charged', { posResult: { ok: true } });
    const pay = held();
    intercept = (method, path, init) => {
      if (method !== 'POST' || !path.endsWith('/pay')) return undefined;
      pay.sent();
      // Hung: only the request's own deadline ends it.
      return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outcome = desk.retryRecording(order.uuid);
    await pay.wasSent;
    await vi.advanceTimersByTimeAsync(DESK_RECORD_TIMEOUT_MS);
    expect(await outcome).toEqual({ status: 'pending' });
    expect($deskPayments.get()[order.uuid]).toMatchObject({ stage: 'charged', error: { key: 'errors.network' } });
    vi.useRealTimers();
    intercept = null;
    expect(await desk.retryRecording(order.uuid)).toMatchObject({ status: 'paid' });
  });
});

describe('opening a kiosk page with payments in flight', () => {
  it('takes the claims of unresolved charges again, so their lifetime counts from now', async () => {
    const charged = await newOrder(43);
    const uncertain = await newOrder(44);
    const a = await leftInFlight(charged, 'charged', { posResult: { ok: true } });
    const b = await leftInFlight(uncertain, 'uncertain');
    $deskPayments.set({ [a.uuid]: a, [b.uuid]: b });
    // Recording stays down: only the claims go through.
    intercept = (_method, path) => (path.endsWith('/pay') ? Promise.reject(new TypeError('fetch failed')) : undefined);
    const later = new Date(Date.now() + 5 * 60_000);
    api.setNow(later);
    try {
      await desk.resumeDeskPayments();
    } finally {
      api.setNow(new Date());
    }
    for (const order of [charged, uncertain]) {
      expect(count(`POST /api/v1/orders/${order.id}/payment_claim`)).toBe(1);
      const [row] = await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row!.paymentClaimedAt?.getTime()).toBe(later.getTime());
    }
  });

  it('offers to print again a receipt whose printing a reload cut off', async () => {
    const order = await newOrder(45);
    await leftInFlight(order, 'recorded');
    await desk.resumeDeskPayments();
    expect($deskPayments.get()[order.uuid]).toMatchObject({ stage: 'recorded', receiptFailed: true });
    expect(requests.filter((r) => r.startsWith('POS'))).toEqual([]);
  });
});

describe('claiming', () => {
  it('claims again with the same attempt after a claim whose answer was lost, so it cannot block the order', async () => {
    const order = await newOrder(46);
    // The claim lands but its answer is lost, and the release cannot get through either.
    intercept = (method, path, init) => {
      if (!path.endsWith('/payment_claim')) return undefined;
      if (method === 'DELETE') return Promise.reject(new TypeError('fetch failed'));
      return api.request(path, { method, headers: init.headers, body: init.body }).then(() => Promise.reject(new TypeError('network connection lost')));
    };
    expect(await desk.payOrder(order)).toMatchObject({ status: 'refused' });
    intercept = null;
    expect(await desk.payOrder(order)).toMatchObject({ status: 'paid' });
    expect(count('POS [10]')).toBe(1);
  });

  it('keeps the attempt of an unanswered claim across a reload, so the next tap still pays', async () => {
    const order = await newOrder(47);
    // The claim lands, and the page is reloaded before its answer (nor any release) arrives.
    const claim = held();
    intercept = (method, path, init) => {
      if (!path.endsWith('/payment_claim')) return undefined;
      if (method === 'DELETE') return Promise.reject(new TypeError('fetch failed'));
      claim.sent();
      return api.request(path, { method, headers: init.headers, body: init.body }).then(() => claim.answer);
    };
    void desk.payOrder(order);
    await claim.wasSent;
    await vi.waitFor(async () => expect((await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentClaimAttempt).not.toBeNull());
    desk = freshCashDesk();
    intercept = null;
    // A new page: what was in memory is gone, the storage is not.
    expect(await desk.payOrder(order)).toMatchObject({ status: 'paid' });
    expect(count('POS [10]')).toBe(1);
    claim.release(Response.json({ message: 'too late' }, { status: 500 }));
  });
});
