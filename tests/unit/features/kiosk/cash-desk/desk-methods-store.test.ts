// The cash desk's payments by method (src/features/kiosk/cash-desk/stores/desk-methods.ts) against
// the real API (PGlite) and the terminal simulator: cash and outside the terminal recorded once
// whatever the taps, a split with the terminal charging only the rest under its claim, a wrong
// total refused under its field before anything is sent.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import type { TestApi } from '~tests/support/app';
import { routeFetchToApi } from '../support';
import { cashDeskForTheFile, freshCashDesk, resetCashDesk } from './support';
import { day } from '~tests/support/orders';
import { call, placeOrder } from '~tests/support/staff';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { createDeskMethods } from '~/features/kiosk/cash-desk/stores/desk-methods';

beforeAll(() => {
  useTestStorageEngine();
});

let api: TestApi;
let requests: string[];
let desk: ReturnType<typeof freshCashDesk>;
let methods: ReturnType<typeof createDeskMethods>;

const world = cashDeskForTheFile((opened) => (api = opened.api));

beforeEach(async () => {
  cleanTestStorage();
  requests = [];
  await resetCashDesk(world);
  desk = freshCashDesk();
  methods = createDeskMethods({ desk: async () => desk });
  routeFetchToApi(api, {
    terminalUrl: world.pos.url,
    onTerminal: (operations) => requests.push(`POS ${JSON.stringify(operations)}`),
    before: ({ method, path }) => void requests.push(`${method} ${path}`),
  });
});
afterEach(() => vi.unstubAllGlobals());

const fresh = async (id: number) => OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, world.token)).body).data;
const newOrder = async (n: number) => fresh((await placeOrder(api, { from: day(n) })).id);
const recordings = () => requests.filter((r) => /desk_payments|\/pay$/.test(r));

describe('payments by method', () => {
  it('records cash once for a double tap, with its change, and prints the receipt', async () => {
    const order = await newOrder(40);
    const parts = [{ method: 'cash' as const, amount: order.total_amount, received: 100 }];
    const [a, b] = await Promise.all([methods.payByMethods(order, parts), methods.payByMethods(order, parts)]);
    expect(a).toEqual(b);
    expect(a.status).toBe('paid');
    expect(recordings()).toHaveLength(1);
    // The receipt goes to the terminal's printer; the card is never charged.
    expect(requests.filter((r) => r.startsWith('POS')).length).toBeGreaterThan(0);
    expect(requests).not.toContain('POS [10]');
    const paid = await fresh(order.id);
    expect(paid.payments).toEqual([expect.objectContaining({ method: 'cash', received: 100, change: 100 - order.total_amount })]);
  });

  it('refuses a wrong total under its field without a request', async () => {
    const order = await newOrder(41);
    const outcome = await methods.payByMethods(order, [{ method: 'card', amount: 1 }]);
    expect(outcome).toMatchObject({ status: 'invalid', errors: { parts: ['paymentTotal'] } });
    expect(recordings()).toEqual([]);
  });

  it('charges only the rest of a split on the terminal and records both parts once', async () => {
    const order = await newOrder(42);
    const rest = Math.round((order.total_amount - 5) * 100) / 100;
    const parts = [
      { method: 'cash' as const, amount: 5, received: 5 },
      { method: 'terminal' as const, amount: rest },
    ];
    const [a, b] = await Promise.all([methods.payByMethods(order, parts), methods.payByMethods(order, parts)]);
    expect(a.status).toBe('paid');
    expect(b.status).toBe('paid');
    expect(requests.filter((r) => r === 'POS [10]')).toHaveLength(1);
    expect(recordings()).toHaveLength(1);
    const paid = await fresh(order.id);
    expect(paid.payments.map((p) => [p.method, p.amount])).toEqual([
      ['cash', 5],
      ['terminal', rest],
    ]);
  });

  it('records a transfer outside the terminal with its reference', async () => {
    const order = await newOrder(43);
    const outcome = await methods.payByMethods(order, [{ method: 'transfer', amount: order.total_amount, reference: 'CRO 99' }]);
    expect(outcome.status).toBe('paid');
    expect((await fresh(order.id)).payments).toEqual([expect.objectContaining({ method: 'transfer', reference: 'CRO 99' })]);
  });
});
