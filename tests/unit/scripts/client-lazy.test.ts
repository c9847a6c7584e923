// When `client:lazy` wakes an island, by what it waits for: an interaction (or idle with something
// to show), or being on a kiosk. The browser parts the directive touches are stood in for
// with the platform's own EventTarget and Map-backed storages.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import lazy, { LAZY_WAITS } from '~/scripts/client-lazy';
import { WAKE_ISLANDS_EVENT } from '~/scripts/island-events';
import { CONFIGURATION_KEY, PENDING_NOTICE_KEY } from '~/stores/keys';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

let idle: (() => void)[] = [];
let win: EventTarget & { requestIdleCallback(cb: () => void): void };

beforeEach(() => {
  idle = [];
  win = Object.assign(new EventTarget(), { requestIdleCallback: (cb: () => void) => void idle.push(cb) });
  vi.stubGlobal('window', win);
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});

afterEach(() => vi.unstubAllGlobals());

/** Runs the directive on an island; `load` counts how often it was asked to hydrate. */
function island(value: string | boolean) {
  const load = vi.fn(async () => async () => undefined);
  const element = Object.assign(new EventTarget(), { contains: () => false });
  // Astro types the value as a string; `client:lazy` alone hands `true` (the page's `opts`).
  void lazy(load, { name: 'Island', value: value as string }, element as unknown as HTMLElement);
  const runIdle = () => idle.splice(0).forEach((cb) => cb());
  return { load, runIdle };
}

const kiosk = () => localStorage.setItem(CONFIGURATION_KEY, JSON.stringify({ totem: { type: 1 } }));

describe('client:lazy', () => {
  it('wakes on the first interaction, and at idle only with something to show', () => {
    const quiet = island(LAZY_WAITS.interaction);
    quiet.runIdle();
    expect(quiet.load).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('pointerdown'));
    expect(quiet.load).toHaveBeenCalledTimes(1);

    localStorage.setItem('auth._token.local', 'token');
    const session = island(LAZY_WAITS.interaction);
    session.runIdle();
    expect(session.load).toHaveBeenCalledTimes(1);
  });

  it('wakes when another island has something for it (a notice), or at idle for one the previous page left', () => {
    const snackbar = island(LAZY_WAITS.interaction);
    win.dispatchEvent(new Event(WAKE_ISLANDS_EVENT));
    expect(snackbar.load).toHaveBeenCalledTimes(1);

    sessionStorage.setItem(PENDING_NOTICE_KEY, JSON.stringify({ text: 'Logged out', type: 'info' }));
    const next = island(LAZY_WAITS.interaction);
    next.runIdle();
    expect(next.load).toHaveBeenCalledTimes(1);
  });

  it('"kiosk": never on a customer device, whatever happens; at idle on a kiosk', () => {
    localStorage.setItem('auth._token.local', 'token');
    const customer = island(LAZY_WAITS.kiosk);
    customer.runIdle();
    for (const name of ['pointerdown', 'keydown', 'scroll', WAKE_ISLANDS_EVENT]) win.dispatchEvent(new Event(name));
    expect(customer.load).not.toHaveBeenCalled();

    kiosk();
    const footer = island(LAZY_WAITS.kiosk);
    expect(footer.load).not.toHaveBeenCalled();
    footer.runIdle();
    expect(footer.load).toHaveBeenCalledTimes(1);
  });
});
