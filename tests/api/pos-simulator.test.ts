// The payment-terminal simulator: POST /process answers one result per operation (10 pay,
// 20 receipt, 30 print, 40 close cashier) after a delay; each failure branch (declined card,
// printer out of paper, network timeout) can be injected by configuration or by POST /control.
// `npm start` runs it next to the product, with the local realtime endpoint, and closes both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPosApp, POS_NOTES, startPosSimulator, type PosSimulator } from '~server/pos/simulator';
import { receiptItems, terminalDate, TerminalOperation } from '~/domain/terminal';
import { startProduct } from '../support/process';
import { freePort } from '../support/free-port';
import { PosProcessResponseSchema, PosStateSchema } from '~/api/contract/pos';
import { answer, outcome } from '../support/contract';

const ORDER = {
  number: '06-0000042',
  date_to: terminalDate('2026-12-24 18:00:00'),
  total_amount: 44,
  order_detail_pools: [{ order_details: [{ id: 1, product_label: 'Bici da città', unit_price: 11, total_price: 44, total_tax: 7.93, total_taxable: 36.07 }] }],
};
const { PAY, RECEIPT, PRINT, CLOSE_CASHIER } = TerminalOperation;

describe('payment-terminal simulator', () => {
  let pos: PosSimulator;
  beforeAll(async () => {
    pos = await startPosSimulator({ port: 0, delayMs: 30, hangMs: 100 });
  });
  afterAll(() => pos.close());

  const process = (operations: number[], payload: Record<string, unknown> = {}) =>
    fetch(`${pos.url}/process`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operations, payload, order: ORDER }),
    });
  const control = async (body: unknown) => {
    const res = await fetch(`${pos.url}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: await outcome(res, PosStateSchema) };
  };
  const results = async (operations: number[], payload?: Record<string, unknown>) => {
    const res = await process(operations, payload);
    expect(res.status).toBe(200);
    return (await answer(res, PosProcessResponseSchema)).results;
  };

  it('pays, issues the receipt and prints, taking the configured time; CORS for the kiosk page', async () => {
    const started = Date.now();
    const res = await process([PAY, RECEIPT, PRINT], { amount: 44, items: receiptItems(ORDER) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const { results: list } = await answer(res, PosProcessResponseSchema);
    expect(list).toEqual([
      { operation: PAY, operation_completed: true, notes: null, amount: 44, transaction_id: expect.stringMatching(/^[0-9a-f]{12}$/) },
      { operation: RECEIPT, operation_completed: true, notes: null, receipt_lines: 1 },
      { operation: PRINT, operation_completed: true, notes: null, receipt_lines: 1 },
    ]);
  });

  it('declines the card when told to: the pay entry fails with its notes, later operations are not run', async () => {
    expect((await control({ failure: 'declined' })).body).toMatchObject({ failure: 'declined' });
    expect(await results([PAY, RECEIPT])).toEqual([
      { operation: PAY, operation_completed: false, notes: POS_NOTES.declined, amount: 44 },
      { operation: RECEIPT, operation_completed: false, notes: POS_NOTES.skipped },
    ]);
    await control({ failure: null });
  });

  it('runs out of paper when told to: receipts and prints fail, payments still go through', async () => {
    await control({ failure: 'paper_out' });
    expect(await results([PAY, RECEIPT])).toEqual([
      expect.objectContaining({ operation: PAY, operation_completed: true }),
      { operation: RECEIPT, operation_completed: false, notes: POS_NOTES.paperOut },
    ]);
    expect(await results([PRINT])).toEqual([{ operation: PRINT, operation_completed: false, notes: POS_NOTES.paperOut }]);
    await control({ failure: null });
  });

  it('times out when told to: no answer, the connection drops', async () => {
    await control({ failure: 'timeout', once: true });
    await expect(process([PAY])).rejects.toThrow();
    // `once`: the next request is answered again.
    expect((await results([PAY]))[0]).toMatchObject({ operation_completed: true });
  });

  it('closes the cashier with the payments taken since the last close', async () => {
    await fetch(`${pos.url}/control/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    await control({ delay_ms: 5 });
    await results([PAY], { amount: 10 });
    await results([PAY], { amount: 15.5 });
    expect(await results([CLOSE_CASHIER])).toEqual([{ operation: CLOSE_CASHIER, operation_completed: true, notes: null, totals: { payments: 2, amount: 25.5 } }]);
    expect((await results([CLOSE_CASHIER]))[0]).toMatchObject({ totals: { payments: 0, amount: 0 } });
  });

  it('answers bad requests with 422 {message, errors}', async () => {
    const bad = await fetch(`${pos.url}/process`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ operations: [50] }) });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ message: expect.any(String), errors: { 'operations.0': expect.any(Array) } });
    const fullDate = await fetch(`${pos.url}/process`, { method: 'POST', body: JSON.stringify({ operations: [PAY], order: { ...ORDER, date_to: '2026-12-24 18:00:00' } }) });
    expect(fullDate.status).toBe(422);
    expect((await fetch(`${pos.url}/process`, { method: 'POST', body: 'nope' })).status).toBe(422);
    expect((await control({ failure: 'fire' })).status).toBe(422);
  });

  it('takes about a second by default and can start with a failure configured', async () => {
    const app = createPosApp({ failure: 'declined' });
    const state = await answer(await app.request('/control'), PosStateSchema);
    expect(state).toMatchObject({ delay_ms: 1000, failure: 'declined' });
  });
});

describe('npm start with the simulator and the realtime endpoint', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'staff-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves both next to the product and closes them on SIGTERM', async () => {
    const port = await freePort();
    const posPort = await freePort();
    const product = await startProduct(dataDir, port, { POS_PORT: String(posPort), POS_DELAY_MS: '5', PUSHER_KEY: 'start-key', PUSHER_SECRET: 'start-secret' });
    try {
      const res = await fetch(`http://127.0.0.1:${posPort}/process`, { method: 'POST', body: JSON.stringify({ operations: [PAY], payload: { amount: 3 } }) });
      expect((await answer(res, PosProcessResponseSchema)).results[0]!.operation_completed).toBe(true);
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/start-key?protocol=7`);
      const first = await new Promise<{ event: string }>((resolve) => ws.once('message', (raw) => resolve(JSON.parse(raw.toString()))));
      expect(first.event).toBe('pusher:connection_established');
      // An open WebSocket must not hold the shutdown.
      product.child.kill('SIGTERM');
      expect(await product.exited).toBe(0);
      await expect(fetch(`http://127.0.0.1:${posPort}/health`)).rejects.toThrow();
    } finally {
      product.child.kill('SIGKILL');
    }
  }, 120_000);
});
