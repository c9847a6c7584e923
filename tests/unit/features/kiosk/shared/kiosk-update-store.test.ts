// When a kiosk takes a new build (src/features/kiosk/shared/stores/kiosk-update.ts): what the
// screens keep in storage says whether work is in flight, an open dialog or a recent touch holds
// the update back, and `whenKioskIdle` applies it once, at the first idle check.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASHIER_CLOSE_KEY, DESK_CLAIM_ATTEMPTS_KEY, DESK_PAYMENTS_KEY, KIOSK_OUTBOX_KEY } from '~/features/kiosk/shared/stores/storage-keys';

const storage = new Map<string, string>();
let openDialogs = 0;
const page = new EventTarget();

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-06T09:00:00Z') });
  storage.clear();
  openDialogs = 0;
  vi.stubGlobal('localStorage', { getItem: (key: string) => storage.get(key) ?? null });
  vi.stubGlobal('document', { querySelector: () => (openDialogs > 0 ? {} : null) });
  vi.stubGlobal('window', page);
  vi.resetModules();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const load = () => import('~/features/kiosk/shared/stores/kiosk-update');
const MINUTE = 60_000;

describe('kioskWorkInFlight', () => {
  it('is a card payment, a claim, a queued confirmation or the close under way, read from the screens’ storage', async () => {
    const { kioskWorkInFlight } = await load();
    expect(kioskWorkInFlight()).toBe(false);
    for (const [key, value] of [
      [DESK_PAYMENTS_KEY, '{"u1":{"stage":"charging"}}'],
      [DESK_CLAIM_ATTEMPTS_KEY, '{"u1":"a1"}'],
      [KIOSK_OUTBOX_KEY, '[{"key":"k"}]'],
      [CASHIER_CLOSE_KEY, '{"step":"terminal"}'],
    ] as const) {
      storage.clear();
      storage.set(key, value);
      expect(kioskWorkInFlight(), key).toBe(true);
    }
    storage.clear();
    storage.set(DESK_PAYMENTS_KEY, '{}');
    storage.set(KIOSK_OUTBOX_KEY, '[]');
    storage.set(CASHIER_CLOSE_KEY, '{"step":"done"}');
    expect(kioskWorkInFlight()).toBe(false);
  });
});

describe('whenKioskIdle', () => {
  it('applies once, after a minute without a touch and only with nothing in flight and no dialog open', async () => {
    const { whenKioskIdle } = await load();
    const apply = vi.fn();
    whenKioskIdle(apply);
    storage.set(DESK_PAYMENTS_KEY, '{"u1":{"stage":"charging"}}');
    openDialogs = 1;
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(apply).not.toHaveBeenCalled();
    // The payment is recorded; the dialog still holds the update back.
    storage.set(DESK_PAYMENTS_KEY, '{}');
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(apply).not.toHaveBeenCalled();
    openDialogs = 0;
    // A scan (the scanner types) a moment ago: another idle minute is due.
    page.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(MINUTE - 10_000);
    expect(apply).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(apply).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
