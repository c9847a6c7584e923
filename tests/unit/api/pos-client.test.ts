// The payment-terminal orchestrator client (src/api/pos.ts) against the real terminal simulator
// of `npm start` (server/pos/simulator.ts): operations, receipt items, dates cut to the day,
// failures with the terminal's notes, no answer at all, pos_logs, and the fake-POS switch.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPosSimulator, POS_NOTES, type PosSimulator } from '~server/pos/simulator';
import { processUrl, runTerminal, terminalOperation, TerminalError, TerminalFailure, TerminalMessages, type TerminalDeps } from '~/api/pos';
import type { PosLogRequest } from '~/api/contract/staff';
import { FAKE_POS_DELAY_MS, receiptItems, TerminalOperation } from '~/domain/terminal';

const order = { number: 'BARD-000042', date_from: '2026-12-20 09:00:00', date_to: '2026-12-22T18:00:00+01:00', total_amount: 84.5 };

let pos: PosSimulator;
beforeAll(async () => {
  pos = await startPosSimulator({ port: 0, delayMs: 0, hangMs: 50 });
});
afterAll(() => pos.close());
afterEach(async () => {
  await fetch(`${pos.url}/control/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
  vi.restoreAllMocks();
});

function deps(overrides: Partial<TerminalDeps> = {}) {
  const logs: PosLogRequest[] = [];
  const sent: unknown[] = [];
  const d: TerminalDeps = {
    fetch: async (input, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return fetch(input, init);
    },
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    now: () => new Date('2026-12-20T10:00:00Z'),
    postPosLog: async (log) => void logs.push(log),
    ...overrides,
  };
  return { d, logs, sent };
}
const control = (body: object) => fetch(`${pos.url}/control`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const settings = () => ({ pos: pos.url, fakePos: false });

describe('terminal orchestrator client', () => {
  it('pays: posts the operation, the amount and the order with its dates cut to the day', async () => {
    const { d, sent, logs } = deps();
    const result = await terminalOperation(settings(), TerminalOperation.PAY, { payload: { amount: 84.5 }, order }, d);
    expect(result).toMatchObject({ operation: 10, operation_completed: true, amount: 84.5 });
    expect(result.transaction_id).toMatch(/^[0-9a-f]{12}$/);
    expect(sent).toEqual([{ operations: [10], payload: { amount: 84.5 }, order: { number: 'BARD-000042', date_from: '2026-12-20', date_to: '2026-12-22', total_amount: 84.5 } }]);
    expect(logs).toEqual([]);
  });

  it('prints a receipt with R1 items whose amounts are numbers and whose discount is never negative', async () => {
    const { d, sent } = deps();
    const items = receiptItems({
      order_detail_pools: [
        { order_details: [{ id: 1, product_label: 'Sci', unit_price: '40.00' as unknown as number, total_price: 32, total_tax: 5.77, total_taxable: 26.23 }] },
        { order_details: [{ id: 2, product_label: 'Casco', unit_price: 5, total_price: 6, total_tax: 1.08, total_taxable: 4.92 }] },
      ],
    });
    const results = await runTerminal(settings(), [TerminalOperation.RECEIPT, TerminalOperation.PRINT], { payload: { items }, order }, d);
    expect(results.map((r) => [r.operation, r.operation_completed, r.receipt_lines])).toEqual([
      [20, true, 2],
      [30, true, 2],
    ]);
    const payload = (sent[0] as { payload: { items: unknown[] } }).payload;
    expect(payload.items).toEqual([
      { description: 'Sci', product_category: 'R1', unit_price: 40, total_price: 32, total_tax: 5.77, total_taxable: 26.23, discount: 8 },
      { description: 'Casco', product_category: 'R1', unit_price: 5, total_price: 6, total_tax: 1.08, total_taxable: 4.92, discount: 0 },
    ]);
  });

  it("turns a declined card into the terminal's note, logged with the order before it is thrown", async () => {
    await control({ failure: 'declined' });
    const { d, logs } = deps();
    const error = await terminalOperation(settings(), TerminalOperation.PAY, { payload: { amount: 84.5 }, order }, d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TerminalError);
    expect(error).toMatchObject({ message: POS_NOTES.declined, kind: TerminalFailure.FAILED });
    expect(logs).toEqual([
      { order_number: 'BARD-000042', date: '2026-12-20T10:00:00.000Z', response: { results: [expect.objectContaining({ operation: 10, operation_completed: false, notes: 'Carta rifiutata' })] } },
    ]);
  });

  it('fails the whole request when a later operation fails (paper out after the payment)', async () => {
    await control({ failure: 'paper_out' });
    const { d, logs } = deps();
    await expect(runTerminal(settings(), [TerminalOperation.RECEIPT, TerminalOperation.PRINT], { order }, d)).rejects.toThrow(POS_NOTES.paperOut);
    expect(logs).toHaveLength(1);
  });

  it('says its "unreachable" message key when the terminal does not answer, stopped or dropping the line', async () => {
    const stopped = await startPosSimulator({ port: 0 });
    await stopped.close();
    const { d, logs } = deps();
    await expect(terminalOperation({ pos: stopped.url, fakePos: false }, TerminalOperation.PAY, { order }, d)).rejects.toMatchObject({
      shown: TerminalMessages.UNREACHABLE,
      kind: TerminalFailure.UNREACHABLE,
    });
    await control({ failure: 'timeout' });
    await expect(terminalOperation(settings(), TerminalOperation.PAY, { order }, d)).rejects.toMatchObject({ kind: TerminalFailure.UNREACHABLE });
    expect(logs.map((l) => l.response)).toEqual([
      { error: 'no_answer', operations: [10] },
      { error: 'no_answer', operations: [10] },
    ]);
  });

  it('shows the terminal error even when storing the pos log fails (that goes to the console only)', async () => {
    await control({ failure: 'declined' });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { d } = deps({ postPosLog: () => Promise.reject(new Error('API down')) });
    await expect(terminalOperation(settings(), TerminalOperation.PAY, { order }, d)).rejects.toThrow(POS_NOTES.declined);
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('logs nothing for a failure without an order (closing the cashier)', async () => {
    await control({ failure: 'paper_out' });
    const { d, logs } = deps();
    await expect(terminalOperation(settings(), TerminalOperation.CLOSE_CASHIER, {}, d)).rejects.toThrow(POS_NOTES.paperOut);
    expect(logs).toEqual([]);
  });

  it('closes the cashier with the totals the terminal took since the last close', async () => {
    const { d } = deps();
    await terminalOperation(settings(), TerminalOperation.PAY, { payload: { amount: 10.1 }, order }, d);
    await terminalOperation(settings(), TerminalOperation.PAY, { payload: { amount: 20.2 }, order }, d);
    const closed = await terminalOperation(settings(), TerminalOperation.CLOSE_CASHIER, {}, d);
    expect(closed.totals).toEqual({ payments: 2, amount: 30.3 });
  });

  it('with the fake-POS switch answers OK after 2 s without calling anything', async () => {
    const sleep = vi.fn(async () => undefined);
    const fetchSpy = vi.fn();
    const { d } = deps({ sleep, fetch: fetchSpy });
    const result = await terminalOperation({ pos: null, fakePos: true }, TerminalOperation.PAY, { payload: { amount: 5 }, order }, d);
    expect(result).toMatchObject({ operation: 10, operation_completed: true });
    expect(sleep).toHaveBeenCalledWith(FAKE_POS_DELAY_MS);
    expect(FAKE_POS_DELAY_MS).toBe(2000);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses to run without a configured terminal, and accepts operation_completed left out', async () => {
    const { d } = deps();
    await expect(terminalOperation({ pos: '', fakePos: false }, TerminalOperation.PAY, {}, d)).rejects.toMatchObject({ kind: TerminalFailure.NOT_CONFIGURED, shown: TerminalMessages.NOT_CONFIGURED });
    const bare = deps({ fetch: async () => Response.json({ results: [{ operation: 20 }] }) });
    expect(await terminalOperation(settings(), TerminalOperation.RECEIPT, {}, bare.d)).toEqual({ operation: 20 });
    const missing = deps({ fetch: async () => Response.json({ results: [] }) });
    // An answer that does not say (no result for the operation): unclear, not declined.
    await expect(terminalOperation(settings(), TerminalOperation.RECEIPT, { order }, missing.d)).rejects.toMatchObject({ shown: TerminalMessages.FAILED, kind: TerminalFailure.UNCLEAR });
    const broken = deps({ fetch: async () => Response.json({ message: 'Internal error' }, { status: 500 }) });
    await expect(terminalOperation(settings(), TerminalOperation.PAY, { order }, broken.d)).rejects.toMatchObject({ shown: 'Internal error', message: 'Internal error', kind: TerminalFailure.UNCLEAR });
    expect(missing.logs).toHaveLength(1);
  });

  it('builds the process URL from a host with or without a scheme', () => {
    expect(processUrl('192.168.1.20:4323')).toBe('http://192.168.1.20:4323/process');
    expect(processUrl('https://pos.shop.local/')).toBe('https://pos.shop.local/process');
  });
});
