// Kiosk screens never stay stuck on a request that never answers (src/api/client.ts `timeoutMs`,
// used by lookUpUnit and fetchBoard): a unit lookup hung on a half-open Wi-Fi lets its scan go the
// "unchecked" way after KIOSK_LOOKUP_TIMEOUT_MS and the scans queued behind it go on; a board read
// that never answers gives up after BOARD_READ_TIMEOUT_MS and the later reads happen. The API is a
// fake fetch at the boundary; fake timers stand for the wait (no sleeping).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import type { ReadableAtom } from 'nanostores';
import { BOARD_READ_TIMEOUT_MS } from '~/domain/kiosk-screens';
import { KIOSK_LOOKUP_TIMEOUT_MS } from '~/domain/delivery';
import { freshCounters, type Counters } from '../counter/support';

beforeAll(() => {
  useTestStorageEngine();
});

const board = await import('~/features/kiosk/board/stores/board');
const channel = await import('~/features/kiosk/shared/stores/shop-channel');
const device = await import('~/stores/kiosk-device');

/** One request the fake API got, answered when the test says so (or never). */
interface Held {
  path: string;
  answer: (response: Response) => void;
}

let requests: Held[];
let waiters: (() => void)[];

/** Resolves once the fake API has got `count` requests: the test then drives the clock. */
function requested(count: number): Promise<void> {
  if (requests.length >= count) return Promise.resolve();
  return new Promise((resolve) => waiters.push(() => requests.length >= count && resolve()));
}

/** Resolves when the store's value passes `check`: the store's own signal, not a timed wait. */
function when<T>(store: ReadableAtom<T>, check: (value: T) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check(store.get())) return resolve();
    const unbind = store.listen((value) => {
      if (!check(value)) return;
      unbind();
      resolve();
    });
  });
}

beforeEach(() => {
  cleanTestStorage();
  requests = [];
  waiters = [];
  // Only timers: the API client's lazy imports still resolve on the real event loop.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('fetch', (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    return new Promise<Response>((resolve, reject) => {
      // Like fetch: an aborted request rejects with the signal's reason (a TimeoutError here).
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
      requests.push({ path: url.pathname, answer: resolve });
      waiters.forEach((wake) => wake());
    });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a unit lookup that never answers', () => {
  let pickup: Counters['pickup'];
  beforeEach(() => {
    ({ pickup } = freshCounters());
  });

  it('lets the scan go the "unchecked" way after the timeout, and the next scan is looked up then', async () => {
    const first = pickup.scanForPickup('HUNG-1');
    const second = pickup.scanForPickup('NEXT-2');
    await requested(1);
    expect(requests.map((r) => r.path)).toEqual(['/api/v1/specific_products/HUNG-1']);

    await vi.advanceTimersByTimeAsync(KIOSK_LOOKUP_TIMEOUT_MS - 1);
    expect(pickup.$pickupDraft.get().scans).toEqual([]); // still waiting, within the timeout
    await vi.advanceTimersByTimeAsync(1);
    expect(await first).toBe(true);
    expect(pickup.$pickupDraft.get().scans).toMatchObject([{ code: 'HUNG-1', checked: false }]);
    expect(pickup.$pickupFeedback.get()).toMatchObject({ code: 'HUNG-1', tone: 'warning', message: { key: 'kiosk.pickup.scan.unchecked' } });

    // The scan queued behind it is looked up now, and its answer counts.
    await requested(2);
    expect(requests[1]!.path).toBe('/api/v1/specific_products/NEXT-2');
    requests[1]!.answer(Response.json({ message: 'Not found' }, { status: 404 }));
    expect(await second).toBe(false);
    expect(pickup.$pickupFeedback.get()).toMatchObject({ code: 'NEXT-2', tone: 'refused', message: { key: 'kiosk.pickup.scan.unknown' } });
  });
});

describe('a board read that never answers', () => {
  const page = { protocol: 'http:', hostname: 'kiosk.local', port: '4321' };
  const today = { date: '2026-11-25', orders: [], truncated: false };

  it('gives up after the timeout, so the later reads happen and the wall moves again', async () => {
    // No realtime settings: the wall is offline and reads the board every CHANNEL_FALLBACK_POLL_MS.
    device.$kioskDevice.set({ token: 'Bearer kiosk', shop: null, realtime: null, fakePos: false });
    const stop = board.connectBoard(page);
    try {
      await vi.advanceTimersByTimeAsync(0); // the first read starts at once
      await requested(1);
      expect(requests[0]!.path).toBe('/api/v1/totem/board');
      expect(board.$boardReading.get()).toBe(true);

      await vi.advanceTimersByTimeAsync(BOARD_READ_TIMEOUT_MS);
      await when(board.$boardReading, (reading) => !reading); // the hung read is over: nothing pending
      expect(board.$board.get()).toBeNull();

      // The next fallback poll reads again; that read answers and the wall shows it.
      await vi.advanceTimersByTimeAsync(channel.CHANNEL_FALLBACK_POLL_MS - BOARD_READ_TIMEOUT_MS);
      await vi.advanceTimersByTimeAsync(channel.CHANNEL_COALESCE_MS); // the read it asks for starts within this
      await requested(2);
      requests[1]!.answer(Response.json({ data: today }));
      await when(board.$board, (b) => b !== null);
      expect(board.$board.get()).toEqual(today);
    } finally {
      stop();
    }
  });
});
