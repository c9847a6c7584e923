// The configuration's simulated POS at the cash desk (stores/desk-terminal.ts, stores/cash-desk.ts)
// against the real API (PGlite) and the real terminal simulator: used only where the kiosk's
// settings say the server allows it (demo mode), its payments marked `simulated`, and one the
// server refuses (settings read before it left demo mode) dropped with nothing to give back.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import type { TestApi } from '~tests/support/app';
import { routeFetchToApi } from '../support';
import { cashDeskForTheFile, freshCashDesk, resetCashDesk } from './support';
import { day } from '~tests/support/orders';
import { call, placeOrder } from '~tests/support/staff';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { simulatedPosAllowed } from '~/domain/terminal';

beforeAll(() => {
  useTestStorageEngine();
});

const configuration = await import('~/stores/configuration');
const device = await import('~/stores/kiosk-device');
const terminal = await import('~/features/kiosk/cash-desk/stores/desk-terminal');

let api: TestApi;
let cashToken: string;
/** Terminal operations asked of the real terminal (the simulator), in order. */
let terminalCalls: string[];
/** The bodies of the store's POST v1/orders/{id}/pay requests. */
let payBodies: Record<string, unknown>[];
/** The cash desk store as the page makes it (new for each test). */
let desk: ReturnType<typeof freshCashDesk>;
const { $deskPayments } = await import('~/features/kiosk/cash-desk/stores/desk-payments');

const world = cashDeskForTheFile((opened) => ({ api, token: cashToken } = opened));

beforeEach(async () => {
  cleanTestStorage();
  desk = freshCashDesk();
  terminalCalls = [];
  payBodies = [];
  await resetCashDesk(world);
  routeFetchToApi(api, {
    terminalUrl: world.pos.url,
    onTerminal: (operations) => terminalCalls.push(JSON.stringify(operations)),
    before: ({ method, path, init }) => {
      if (method === 'POST' && path.endsWith('/pay')) payBodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  api.deps.demoData = true;
});

const fresh = async (id: number) => OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, cashToken)).body).data;
const newOrder = async (n: number) => fresh((await placeOrder(api, { from: day(n) })).id);

/** The kiosk's stored settings say whether the server allows the simulated POS; the switch is on. */
function fakePosOn(allowed: boolean | undefined) {
  const totem = configuration.$configuration.get().totem!;
  configuration.$configuration.set({ ...configuration.$configuration.get(), totem: { ...totem, simulated_pos_allowed: allowed } });
  device.$kioskDevice.set({ ...device.$kioskDevice.get(), fakePos: true });
}

describe('the simulated POS switch', () => {
  it('is ignored where the server does not allow it (or the settings predate it): the real terminal charges', async () => {
    for (const [n, allowed] of [[90, false], [91, undefined]] as const) {
      fakePosOn(allowed);
      expect(simulatedPosAllowed(configuration.$configuration.get().totem)).toBe(false);
      expect(terminal.terminalSettings().fakePos).toBe(false);
      terminalCalls = [];
      payBodies = [];
      expect(await desk.payOrder(await newOrder(n))).toMatchObject({ status: 'paid' });
      expect(terminalCalls).toEqual(['[10]', '[20,30]']);
      expect(payBodies).toEqual([expect.objectContaining({ simulated: false })]);
    }
  });

  it('where the server allows it, answers without the terminal and marks the payment simulated', async () => {
    fakePosOn(true);
    expect(simulatedPosAllowed(configuration.$configuration.get().totem)).toBe(true);
    const order = await newOrder(92);
    expect(await desk.payOrder(order)).toMatchObject({ status: 'paid', order: { paid: true } });
    expect(terminalCalls).toEqual([]);
    expect(payBodies).toEqual([expect.objectContaining({ simulated: true, attempt: expect.any(String), amount: order.total_amount })]);
  });

  it('a simulated payment the server refuses (out of demo mode since the settings were read) is dropped: nothing to give back, the order free', async () => {
    fakePosOn(true);
    api.deps.demoData = false;
    const order = await newOrder(93);
    expect(await desk.payOrder(order)).toEqual({ status: 'refused', message: 'Il POS simulato non registra pagamenti su questo server: usa il terminale' });
    expect($deskPayments.get()).toEqual({});
    expect((await fresh(order.id)).paid).toBe(false);
    expect((await call(api, 'GET', `/api/v1/orders/${order.id}/payment_claim`, cashToken)).body.data).toBeNull();
  });
});
