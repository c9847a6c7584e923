// The cash desk's payment store (src/features/kiosk/cash-desk/stores/cash-desk.ts, stores/cashier.ts) against the real API
// (a seeded PGlite database) and the real terminal simulator: one payment per order whatever
// happens — double taps, a reload in the middle, a second desk, an API outage after the charge, a
// declined card, an order cancelled meanwhile — and the cashier close's comparison.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { startPosSimulator, POS_NOTES, type PosSimulator } from '~server/pos/simulator';
import { orders, posLogs } from '~server/db/schema/index';
import type { TestApi } from '~tests/support/app';
import { routeFetchToApi } from '../support';
import { cashDeskForTheFile, freshCashDesk, resetCashDesk } from './support';
import { day } from '~tests/support/orders';
import { call, pair, payAtDesk, placeOrder, totemOf } from '~tests/support/staff';
import { OrderEnvelopeSchema } from '~/api/contract/orders';
import { noticeText } from '~/domain/messages';
import { loadT } from '~/i18n/client';

beforeAll(() => {
  useTestStorageEngine();
});

const configuration = await import('~/stores/configuration');
const { createCashier, CashierRecordError } = await import('~/features/kiosk/cash-desk/stores/cashier');
/** The cash desk's stores as the page makes them (new for each test). */
let desk: ReturnType<typeof freshCashDesk>;
const { $deskPayments } = await import('~/features/kiosk/cash-desk/stores/desk-payments');
let cashier: ReturnType<typeof createCashier>;

let api: TestApi;
let pos: PosSimulator;
let cashToken: string;
/** Requests the store made, as `METHOD path` (the API's) or `POS [operations]` (the terminal's). */
let requests: string[];
/** Makes the API unreachable for requests whose path matches (an outage). */
let apiDown: RegExp | null;
/** The API does the work for matching paths but the answer never arrives. */
let loseAnswer: RegExp | null;

const world = cashDeskForTheFile((opened) => ({ api, pos, token: cashToken } = opened));

beforeEach(async () => {
  cleanTestStorage();
  desk = freshCashDesk();
  cashier = createCashier();
  requests = [];
  apiDown = null;
  loseAnswer = null;
  await resetCashDesk(world);
  routeFetchToApi(api, {
    terminalUrl: pos.url,
    onTerminal: (operations) => requests.push(`POS ${JSON.stringify(operations)}`),
    before: ({ method, path }) => {
      requests.push(`${method} ${path}`);
      if (apiDown?.test(path)) throw new TypeError('fetch failed');
    },
    after: ({ path }) => {
      if (loseAnswer?.test(path)) throw new TypeError('network connection lost');
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const fresh = async (id: number) => OrderEnvelopeSchema.parse((await call(api, 'GET', `/api/v1/orders/${id}`, cashToken)).body).data;
const newOrder = async (n: number) => fresh((await placeOrder(api, { from: day(n) })).id);
const control = (body: object) => fetch(`${pos.url}/control`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const terminalCalls = () => requests.filter((r) => r.startsWith('POS ['));

describe('taking a payment', () => {
  it('claims, charges, records, prints, and leaves nothing in flight', async () => {
    const order = await newOrder(20);
    const outcome = await desk.payOrder(order);
    expect(outcome).toMatchObject({ status: 'paid', order: { id: order.id, paid: true } });
    expect(requests).toEqual([`POST /api/v1/orders/${order.id}/payment_claim`, 'POS [10]', `POST /api/v1/orders/${order.id}/pay`, 'POS [20,30]']);
    expect($deskPayments.get()).toEqual({});
    const [row] = await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentLog).toMatchObject({ totem: 'BARD-03', pos_log: { operation: 10, operation_completed: true, amount: order.total_amount } });
  });

  it('charges once for a double tap', async () => {
    const order = await newOrder(21);
    const [first, second] = await Promise.all([desk.payOrder(order), desk.payOrder(order)]);
    expect([first.status, second.status].sort()).toEqual(['paid', 'pending']);
    expect(terminalCalls()).toEqual(['POS [10]', 'POS [20,30]']);
  });

  it('after a reload in the middle asks staff instead of charging again, then records what they saw', async () => {
    const order = await newOrder(22);
    // The page that asked the terminal is gone: its claim and its record are all that is left.
    const attempt = randomUUID();
    await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim`, cashToken, { attempt });
    $deskPayments.set({ [order.uuid]: { uuid: order.uuid, id: order.id, number: order.number, amount: order.total_amount, attempt, stage: 'charging', startedAt: new Date().toISOString(), error: null, receiptFailed: false } });
    await desk.resumeDeskPayments();
    expect($deskPayments.get()[order.uuid]!.stage).toBe('uncertain');
    expect(await desk.payOrder(order)).toEqual({ status: 'pending' });
    expect(terminalCalls()).toEqual([]);
    const outcome = await desk.confirmTerminalCharge(order.uuid, true);
    expect(outcome).toMatchObject({ status: 'paid' });
    expect(terminalCalls()).toEqual(['POS [20,30]']);
    const [row] = await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentLog).toMatchObject({ pos_log: { confirmed_by_staff: true, amount: order.total_amount } });
  });

  it('lets staff say the terminal did not charge: the claim is released and the order can be paid', async () => {
    const order = await newOrder(23);
    // The terminal is off: no answer at all, so whether it charged is uncertain.
    const off = await startPosSimulator({ port: 0 });
    await off.close();
    configuration.$configuration.set({ ...configuration.$configuration.get(), totem: { ...configuration.$configuration.get().totem!, pos: off.url } });
    const outcome = await desk.payOrder(order);
    expect(outcome).toEqual({ status: 'pending' });
    // Kept as a key: the screen says it in its own language, also after a reload in another one.
    const stored = $deskPayments.get()[order.uuid]!;
    expect(stored).toMatchObject({ stage: 'uncertain', error: { key: 'kiosk.pos.unreachable' } });
    expect(noticeText(stored.error!, await loadT('it'))).toBe('Errore: Verificare pos orchestrator.');
    expect(noticeText(stored.error!, await loadT('en'))).toBe('Error: check the POS orchestrator.');
    expect(await api.deps.database.db.select().from(posLogs).where(eq(posLogs.orderNumber, order.number))).toHaveLength(1);
    configuration.$configuration.set({ ...configuration.$configuration.get(), totem: { ...configuration.$configuration.get().totem!, pos: pos.url } });
    expect(await desk.confirmTerminalCharge(order.uuid, false)).toEqual({ status: 'refused', message: '' });
    expect(await desk.payOrder(order)).toMatchObject({ status: 'paid' });
  });

  it("shows a declined card's note, logs it, releases the claim and charges nothing", async () => {
    const order = await newOrder(24);
    await control({ failure: 'declined', once: true });
    expect(await desk.payOrder(order)).toEqual({ status: 'refused', message: POS_NOTES.declined });
    expect($deskPayments.get()).toEqual({});
    const logs = await api.deps.database.db.select().from(posLogs).where(eq(posLogs.orderNumber, order.number));
    expect(logs.map((l) => l.response)).toEqual([{ results: [expect.objectContaining({ notes: POS_NOTES.declined })] }]);
    expect(await desk.payOrder(order)).toMatchObject({ status: 'paid' });
  });

  it('keeps a charged payment the API did not record and records it once the API answers', async () => {
    const order = await newOrder(25);
    apiDown = /\/pay$/;
    expect(await desk.payOrder(order)).toEqual({ status: 'pending' });
    expect($deskPayments.get()[order.uuid]).toMatchObject({ stage: 'charged', error: { key: 'errors.network' } });
    expect((await fresh(order.id)).paid).toBe(false);
    apiDown = null;
    expect(await desk.retryRecording(order.uuid)).toMatchObject({ status: 'paid' });
    expect(terminalCalls()).toEqual(['POS [10]', 'POS [20,30]']);
    expect($deskPayments.get()).toEqual({});
  });

  it('a recording that landed but whose answer was lost is answered as recorded on the retry (same attempt)', async () => {
    const order = await newOrder(26);
    loseAnswer = /\/pay$/;
    expect(await desk.payOrder(order)).toEqual({ status: 'pending' });
    expect((await fresh(order.id)).paid).toBe(true);
    loseAnswer = null;
    expect(await desk.retryRecording(order.uuid)).toMatchObject({ status: 'paid', order: { paid: true } });
    expect($deskPayments.get()).toEqual({});
  });

  it('a charge the API cannot record because another payment was recorded meanwhile is money to give back', async () => {
    const order = await newOrder(32);
    apiDown = /\/pay$/;
    await desk.payOrder(order);
    // The desk looked gone: staff released its claim, and another payment took the order and was recorded.
    const release = { password: totemOf('BARD-03').password, totem: 'BARD-03' };
    expect((await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim/release`, cashToken, release)).status).toBe(200);
    expect((await payAtDesk(api, order.id, cashToken, { pos_log: { other: true } })).status).toBe(200);
    apiDown = null;
    expect(await desk.retryRecording(order.uuid)).toEqual({ status: 'pending' });
    expect($deskPayments.get()[order.uuid]).toMatchObject({ stage: 'conflict', error: "L'ordine è già stato pagato" });
  });

  it('charges the total the API answers when the desk claims the order, not the one on screen', async () => {
    const order = await newOrder(33);
    const stale = { ...order, total_amount: order.total_amount + 50 };
    expect(await desk.payOrder(stale)).toMatchObject({ status: 'paid' });
    const [row] = await api.deps.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentLog).toMatchObject({ amount: order.total_amount, pos_log: { amount: order.total_amount } });
  });

  it('an answer from the terminal that does not say (an error status) leaves the charge uncertain', async () => {
    const order = await newOrder(34);
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) =>
      new URL(String(input)).pathname === '/process' ? Response.json({ message: 'Errore interno' }, { status: 500 }) : realFetch(input, init),
    );
    expect(await desk.payOrder(order)).toEqual({ status: 'pending' });
    expect($deskPayments.get()[order.uuid]).toMatchObject({ stage: 'uncertain', error: 'Errore interno' });
  });

  it("refuses while another device of the desk charges the order, naming the desk, and charges nothing", async () => {
    const order = await newOrder(27);
    const other = await pair(api, totemOf('BARD-03').pairingCode);
    await call(api, 'POST', `/api/v1/orders/${order.id}/payment_claim`, other, { attempt: randomUUID() });
    const outcome = await desk.payOrder(order);
    expect(outcome).toEqual({ status: 'refused', message: 'Pagamento in corso alla cassa BARD-03: attendi che finisca', claimedBy: 'BARD-03' });
    expect(terminalCalls()).toEqual([]);
  });

  it('keeps a receipt that could not be printed to print again, the payment recorded', async () => {
    const order = await newOrder(28);
    await control({ failure: 'paper_out' });
    expect(await desk.payOrder(order)).toMatchObject({ status: 'paid' });
    expect($deskPayments.get()[order.uuid]).toMatchObject({ stage: 'recorded', receiptFailed: true, error: POS_NOTES.paperOut });
    await control({ failure: null });
    expect(await desk.printReceipt(await fresh(order.id))).toBe(true);
    expect($deskPayments.get()).toEqual({});
  });
});

describe('closing the cashier', () => {
  it("sets the terminal's totals against the API's and keeps the report when the API does not answer", async () => {
    await cashier.closeCashier().catch(() => undefined); // a clean terminal day for this test
    const a = await newOrder(30);
    const b = await newOrder(31);
    await desk.payOrder(a);
    await desk.payOrder(b);
    apiDown = /close_cashier$/;
    const error = await cashier.closeCashier().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CashierRecordError);
    const report = (error as InstanceType<typeof CashierRecordError>).report;
    expect(report.totals).toEqual({ payments: 2, amount: Math.round((a.total_amount + b.total_amount) * 100) / 100 });
    apiDown = null;
    const comparison = await cashier.recordClose();
    // The API counts every payment this desk took today (other tests' too): the difference shows.
    expect(comparison.terminal).toEqual(report.totals);
    expect(comparison.recorded.orders_count).toBeGreaterThanOrEqual(2);
    expect(comparison.difference).toBe(Math.round((report.totals!.amount - comparison.recorded.total) * 100) / 100);
    expect(terminalCalls().filter((c) => c === 'POS [40]')).toHaveLength(2);
  });
});
