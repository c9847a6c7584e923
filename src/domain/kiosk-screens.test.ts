import { describe, expect, it } from 'vitest';
import { TotemPages, TotemTypes } from './kiosk';
import { initialTapState, kioskHome, kioskSheetPages, kioskShopRedirect, mayOpenTotemPage, totemPageOf, shouldReloadToday, tapCounter, type TapState } from './kiosk-screens';

describe('tapCounter', () => {
  const run = (times: number[]): TapState[] => {
    const states: TapState[] = [];
    let state: TapState | undefined;
    for (const t of times) states.push((state = tapCounter(state, t)));
    return states;
  };

  it.each<[string, number[], boolean[]]>([
    ['5 taps within 30 s open on the 5th', [0, 1000, 2000, 3000, 4000], [false, false, false, false, true]],
    ['5th tap at 29 999 ms still opens', [0, 1, 2, 3, 29_999], [false, false, false, false, true]],
    ['a 5th tap at 30 000 ms starts over', [0, 1, 2, 3, 30_000], [false, false, false, false, false]],
    ['4 taps never open', [0, 100, 200, 300], [false, false, false, false]],
    ['after opening, counting restarts', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [false, false, false, false, true, false, false, false, false, true]],
    ['a new window after a slow start', [0, 40_000, 40_001, 40_002, 40_003, 40_004], [false, false, false, false, false, true]],
  ])('%s', (_name, times, expected) => {
    expect(run(times).map((s) => s.open)).toEqual(expected);
  });

  it('tracks count and window start', () => {
    expect(tapCounter(undefined, 500)).toEqual({ count: 1, windowStart: 500, open: false });
    expect(tapCounter({ count: 1, windowStart: 500, open: false }, 900)).toEqual({ count: 2, windowStart: 500, open: false });
    expect(tapCounter(initialTapState, 123)).toEqual({ count: 1, windowStart: 123, open: false });
    expect(tapCounter({ count: 3, windowStart: 0, open: false }, 30_000)).toEqual({ count: 1, windowStart: 30_000, open: false });
  });
});

describe('shouldReloadToday', () => {
  const now = new Date('2026-12-24T10:00:00Z');
  it.each<[string | null, Date, boolean]>([
    [null, now, true], // never refreshed
    ['2026-12-23', now, true], // another day
    ['2026-12-24', now, false], // already today
    ['2026-12-24', new Date('2026-12-24T23:30:00Z'), true], // already the 25th in Rome
    ['2026-12-25', new Date('2026-12-24T23:30:00Z'), false],
  ])('last %s at %s → %s', (last, at, expected) => {
    expect(shouldReloadToday(last, at)).toBe(expected);
  });

  it('defaults now to the current time', () => {
    expect(shouldReloadToday('2000-01-01')).toBe(true);
  });
});

describe('kiosk pages', () => {
  const publicKiosk = { type: TotemTypes.PUBLIC };
  const admin = { type: TotemTypes.ADMIN };
  const cashDesk = { type: TotemTypes.ADMIN_CASH_DESK };

  it('finds the page of a path, with or without a trailing slash or an id', () => {
    expect(totemPageOf('/totem/cash-desk/')).toBe(TotemPages.CASH_DESK);
    expect(totemPageOf('/totem/cash-desk/6f1c')).toBe(TotemPages.CASH_DESK);
    expect(totemPageOf('/totem/products/S01-SCI-01')).toBe(TotemPages.PRODUCTS);
    expect(totemPageOf('/totem/push_in_queue')).toBe(TotemPages.PUSH_IN_QUEUE);
    expect(totemPageOf('/totem/cash-deskx')).toBeNull();
    expect(totemPageOf('/prenota/x')).toBeNull();
  });

  it('sends a browser without a totem away from every kiosk page (totem)', () => {
    for (const page of Object.values(TotemPages)) expect(mayOpenTotemPage(page, null, true)).toBe(false);
    expect(mayOpenTotemPage('/noleggi', null)).toBe(true);
  });

  it('sends a public kiosk away from the admin pages (totem-admin)', () => {
    for (const page of [TotemPages.CASH_DESK, TotemPages.DELIVERY, TotemPages.PICKUP, TotemPages.INVENTORY, TotemPages.PRODUCTS]) {
      expect(mayOpenTotemPage(page, publicKiosk)).toBe(false);
      expect(mayOpenTotemPage(`${page}/x`, admin)).toBe(true);
      expect(mayOpenTotemPage(page, cashDesk)).toBe(true);
    }
    expect(mayOpenTotemPage(TotemPages.BOARD, publicKiosk)).toBe(true);
    expect(mayOpenTotemPage(TotemPages.PUSH_IN_QUEUE, publicKiosk)).toBe(true);
  });

  it('opens the configuration only with canSeeConfig', () => {
    expect(mayOpenTotemPage(TotemPages.CONFIGURATION, cashDesk, false)).toBe(false);
    expect(mayOpenTotemPage(TotemPages.CONFIGURATION, publicKiosk, true)).toBe(true);
  });

  it('starts a public kiosk on its shop, the others at the cash desk', () => {
    expect(kioskHome(publicKiosk, 'bardonecchia-sport-rent')).toBe('/prenota/bardonecchia-sport-rent');
    expect(kioskHome(admin, 'x')).toBe(TotemPages.CASH_DESK);
    expect(kioskHome(cashDesk, 'x')).toBe(TotemPages.CASH_DESK);
  });

  it('offers cash desk, delivery and pickup to admin totems only', () => {
    expect(kioskSheetPages(publicKiosk)).toEqual([]);
    expect(kioskSheetPages(admin)).toEqual([TotemPages.CASH_DESK, TotemPages.DELIVERY, TotemPages.PICKUP]);
    expect(kioskSheetPages(cashDesk)).toEqual([TotemPages.CASH_DESK, TotemPages.DELIVERY, TotemPages.PICKUP]);
  });

  it("keeps a kiosk on its own shop's booking pages", () => {
    expect(kioskShopRedirect('/prenota/other/calendar', 'mine')).toBe('/prenota/mine/calendar');
    expect(kioskShopRedirect('/prenota/other', 'mine')).toBe('/prenota/mine');
    expect(kioskShopRedirect('/prenota/mine/order', 'mine')).toBeNull();
    expect(kioskShopRedirect('/noleggio/other', 'mine')).toBeNull();
  });
});
