// The configuration page's "orders by referral" (src/features/kiosk/referrals/stores/referral-report.ts)
// as an admin kiosk, against the real API (PGlite): the report of the period asked, a refused period
// under its field, no answer as an error without the rows of another period, and the first period
// (this month in Rome until today).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { orders } from '~server/db/schema/index';
import { createTestApi, type TestApi } from '~tests/support/app';
import { testDrivers } from '~tests/support/databases';
import { day, orderForm, pick, postOrder } from '~tests/support/orders';
import { pair, SHOP, totemOf } from '~tests/support/staff';
import { actAsKiosk, routeFetchToApi } from '~tests/unit/features/kiosk/support';

beforeAll(() => {
  useTestStorageEngine();
});

const { $referralReport, defaultPeriod, loadReferralReport } = await import('~/features/kiosk/pairing/referrals/stores/referral-report');

let api: TestApi;
let token: string;
let total: number;
/** When set, the line is down: no answer comes. */
let offline = false;
/** When set, the next request waits for it first: a slow answer. */
let holdNext: Promise<void> | null = null;

beforeAll(async () => {
  api = await createTestApi(testDrivers[0]!);
  token = await pair(api, totemOf('BARD-02').pairingCode);
  const { main } = await pick(api, SHOP, 'CITYBIKE', { from: day(20), to: day(20) });
  const placed = await postOrder(api, SHOP, orderForm({ from: day(20), cart: [{ prices: [main.id] }], extra: { ref: 'HOTEL42' } }));
  total = placed.order!.total_amount;
  await api.deps.database.db.update(orders).set({ createdAt: new Date('2030-01-10T10:00:00Z') }).where(eq(orders.id, placed.order!.id));
}, 120_000);
afterAll(() => api.dispose());

beforeEach(() => {
  cleanTestStorage();
  offline = false;
  holdNext = null;
  actAsKiosk({ type: 20, code: 'BARD-02' }, token);
  routeFetchToApi(api, {
    before: async () => {
      if (offline) throw new TypeError('Failed to fetch');
      const held = holdNext;
      holdNext = null;
      if (held) await held;
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the referral report', () => {
  it('reads the orders and totals per referral of the period asked', async () => {
    await loadReferralReport('2030-01-01', '2030-01-31');
    expect($referralReport.get()).toEqual({
      state: 'ready',
      from: '2030-01-01',
      to: '2030-01-31',
      report: { from: '2030-01-01', to: '2030-01-31', rows: [{ ref: 'HOTEL42', orders: 1, total_amount: total }], orders: 1, total_amount: total },
      errors: {},
    });
  });

  it('puts a refused period under its field, and no answer as an error, without the rows of the last period', async () => {
    await loadReferralReport('2030-01-01', '2030-01-31');
    await loadReferralReport('2030-01-31', '2030-01-01');
    expect($referralReport.get()).toMatchObject({ state: 'error', from: '2030-01-31', to: '2030-01-01', report: null });
    expect(Object.keys($referralReport.get().errors)).toEqual(['to']);
    expect($referralReport.get().errors.to![0]).toMatch(/\S/);

    offline = true;
    await loadReferralReport('2030-01-01', '2030-01-31');
    expect($referralReport.get()).toEqual({ state: 'error', from: '2030-01-01', to: '2030-01-31', report: null, errors: {} });
  });

  it('drops a slow answer for a period staff have changed since', async () => {
    let release!: () => void;
    holdNext = new Promise((resolve) => (release = resolve));
    const slow = loadReferralReport('2030-01-01', '2030-01-31');
    await vi.waitFor(() => expect(holdNext).toBeNull());
    await loadReferralReport('2031-01-01', '2031-01-31');
    release();
    await slow;
    expect($referralReport.get()).toMatchObject({ state: 'ready', from: '2031-01-01', report: { rows: [] } });
  });

  it('starts with this month in Rome until today', () => {
    // 23:30 UTC on 31 January is already 1 February in Rome.
    expect(defaultPeriod(new Date('2030-01-31T23:30:00Z'))).toEqual({ from: '2030-02-01', to: '2030-02-01' });
    expect(defaultPeriod(new Date('2030-03-15T10:00:00Z'))).toEqual({ from: '2030-03-01', to: '2030-03-15' });
  });
});
