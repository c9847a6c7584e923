// The cashier close's store (src/features/kiosk/cash-desk/stores/cashier.ts) with the real terminal simulator and a fake API
// at the fetch boundary: the terminal's report and the close's progress live in the kiosk's storage,
// so a reload after the terminal closed still shows its totals and records them; every retry sends
// the close's own Idempotency-Key and day; the terminal is closed once; the result survives a reload.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { startPosSimulator, type PosSimulator } from '~server/pos/simulator';
import { IDEMPOTENCY_HEADER } from '~/api/contract/idempotency';
import { actAsKiosk } from '../support';

beforeAll(() => {
  useTestStorageEngine();
});

/** The store as a page loads it: a fresh module over what the kiosk's storage holds. */
const loadCashier = () => import('~/features/kiosk/cash-desk/stores/cashier');

let pos: PosSimulator;
/** The closes the API got: Idempotency-Key and body. */
let closes: { key: string | null; body: { date: string; pos_log: unknown } }[];
let terminalCloses: number;
/** The API records the close but its answer never arrives (a dropped line). */
let loseAnswer: boolean;

beforeAll(async () => {
  pos = await startPosSimulator({ port: 0, delayMs: 0 });
});
afterAll(() => pos.close());

beforeEach(async () => {
  cleanTestStorage();
  vi.resetModules();
  closes = [];
  terminalCloses = 0;
  loseAnswer = false;
  await fetch(`${pos.url}/control/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
  actAsKiosk({ type: 30, code: 'BARD-03', pos: pos.url }, 'desk');
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    if (url.origin === new URL(pos.url).origin) {
      if (url.pathname === '/process' && JSON.parse(String(init.body)).operations.includes(40)) terminalCloses++;
      return realFetch(input, init);
    }
    if (url.pathname !== '/api/v1/totem/close_cashier') return Response.json({ message: 'unexpected' }, { status: 500 });
    const body = JSON.parse(String(init.body)) as { date: string; pos_log: unknown };
    closes.push({ key: (init.headers as Record<string, string>)[IDEMPOTENCY_HEADER] ?? null, body });
    if (loseAnswer) throw new TypeError('network connection lost');
    return Response.json({ data: { id: 7, date: body.date, totem: 'BARD-03', orders_count: 0, total: 0 } }, { status: 201 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('closing the cashier', () => {
  it('keeps the terminal report across a reload and records it with the same key, closing the terminal once', async () => {
    const page = await loadCashier();
    loseAnswer = true;
    const error = await page.closeCashier().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(page.CashierRecordError);
    const kept = page.$cashierClose.get();
    expect(kept).toMatchObject({ step: 'unrecorded', report: { operation: 40 } });
    expect(kept.step === 'unrecorded' && kept.error).toBeTruthy();
    expect(closes).toHaveLength(1);

    // The page is reloaded: the report, its key and its day are still there.
    vi.resetModules();
    const reloaded = await loadCashier();
    expect(reloaded).not.toBe(page);
    expect(reloaded.$cashierClose.get()).toEqual(kept);

    // The retry (and a tap on "close" while one waits) records that close, never closes the terminal again.
    loseAnswer = false;
    const comparison = await reloaded.closeCashier();
    expect(terminalCloses).toBe(1);
    expect(closes).toHaveLength(2);
    expect(closes[1]).toEqual(closes[0]);
    expect(closes[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(comparison).toMatchObject({ recorded: { orders_count: 0, total: 0 } });

    // The result is shown again after another reload.
    vi.resetModules();
    const later = await loadCashier();
    expect(later.$cashierClose.get()).toEqual({ step: 'done', date: closes[0]!.body.date, comparison, methods: [], cash: { expected: 0, counted: null, note: null } });
  });

  it('gives each close its own key, and a reload during the terminal close says so instead of losing it', async () => {
    const page = await loadCashier();
    await page.closeCashier();
    await page.closeCashier();
    expect(terminalCloses).toBe(2);
    expect(new Set(closes.map((c) => c.key)).size).toBe(2);

    // A page that died while the terminal was closing: the next one knows a close was under way.
    page.$cashierClose.set({ step: 'terminal', key: 'k-interrupted', date: '2026-11-25' });
    vi.resetModules();
    const reloaded = await loadCashier();
    expect(reloaded.$cashierClose.get()).toEqual({ step: 'terminal', key: 'k-interrupted', date: '2026-11-25' });
    expect(reloaded.$cashierBusy.get()).toBe(false);
  });

  it('retries with recordClose() only when a close waits to be recorded', async () => {
    const page = await loadCashier();
    await expect(page.recordClose()).rejects.toThrow();
    expect(closes).toEqual([]);
  });
});
