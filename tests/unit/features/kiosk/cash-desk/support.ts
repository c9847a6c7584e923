// The world of the cash desk's unit tests: the test API (PGlite), the real payment-terminal
// simulator and the cash desk BARD-03 paired with it, opened once per file and reset per test; and
// a cash desk store of the test's own, whose recording retries are cleared when the test ends.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startPosSimulator, type PosSimulator } from '~server/pos/simulator';
import { createCashDesk } from '~/features/kiosk/cash-desk/stores/cash-desk';
import { testDrivers } from '~tests/support/databases';
import { createTestApi, type TestApi } from '~tests/support/app';
import { actAsKiosk } from '../support';
import { pair, totemOf } from '~tests/support/staff';
import { clearedAtTheEnd } from '~tests/support/timers';

const timers = clearedAtTheEnd();
afterEach(() => timers.clear());

/** A cash desk store as a page makes it (nothing of an earlier test's payments driven or resumed). */
export function freshCashDesk() {
  return createCashDesk(timers.schedule);
}

export interface CashDesk {
  api: TestApi;
  pos: PosSimulator;
  /** The desk's token (without `Bearer`). */
  token: string;
}

export async function openCashDesk(): Promise<CashDesk> {
  const api = await createTestApi(testDrivers[0]!);
  const pos = await startPosSimulator({ port: 0, delayMs: 0 });
  return { api, pos, token: await pair(api, totemOf('BARD-03').pairingCode) };
}

export async function closeCashDesk({ api, pos }: CashDesk): Promise<void> {
  await pos.close();
  await api.dispose();
}

/**
 * The world opened once for the file (before its tests) and closed after them: the object returned
 * is filled in then, and `ready` is handed it as soon as it is.
 */
export function cashDeskForTheFile(ready: (world: CashDesk) => void = () => undefined): CashDesk {
  const world = {} as CashDesk;
  beforeAll(async () => {
    ready(Object.assign(world, await openCashDesk()));
  }, 120_000);
  afterAll(() => closeCashDesk(world));
  return world;
}

/** Before each test: the terminal's counters and settings reset, the stores the paired desk. */
export async function resetCashDesk({ pos, token }: CashDesk): Promise<void> {
  await fetch(`${pos.url}/control/reset`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
  actAsKiosk({ type: 30, code: 'BARD-03', pos: pos.url }, token);
}
