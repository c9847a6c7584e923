// The session watch of the pages that need a customer (src/features/customer/shared/stores/session-watch.ts, spec §4): a
// 401 ending the session leaves the page once, its message kept for the next page, even when the
// watch started after it; another tab's logout leaves; this tab's own logout (it goes home itself)
// and a login leave nothing.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { atom } from 'nanostores';
import { useTestStorageEngine } from '@nanostores/persistent';
import type { Notice } from '~/stores/notifications';
import { PENDING_NOTICE_KEY } from '~/stores/keys';
import { MemoryStorage } from '~tests/support/browser-storage';

beforeAll(() => useTestStorageEngine());
const { watchCustomerSession } = await import('~/features/customer/shared/stores/session-watch');

const SERVER_401: Notice = { id: 1, message: 'Sessione non valida o scaduta: accedi di nuovo', type: 'error', color: 'error', icon: null, timeout: 8000 };

function setup(token: string | undefined) {
  const deps = {
    token: atom<string | undefined>(token),
    notice: atom<Notice | null>(null),
    carried: [] as [string, string][],
    pending: [] as (() => void)[],
    otherTab: null as (() => void) | null,
  };
  const left: number[] = [];
  const watch = (wasLoggedIn: boolean) =>
    watchCustomerSession(wasLoggedIn, () => left.push(1), {
      token: deps.token,
      notice: deps.notice,
      carry: (text, type) => deps.carried.push([text, type]),
      later: (run) => deps.pending.push(run),
      onOtherTabLogout: (run) => {
        deps.otherTab = run;
        return () => (deps.otherTab = null);
      },
    });
  /** Runs what the watch put off (after the client's 401 handling). */
  const flush = () => deps.pending.splice(0).forEach((run) => run());
  return Object.assign(deps, { left, watch, flush });
}

describe('watchCustomerSession', () => {
  it('a 401 ends the session: the page is left once, its server message carried to the next page', () => {
    const s = setup('Bearer a');
    s.watch(true);
    s.token.set(undefined); // the client's onUnauthorized: clearSession()
    s.notice.set(SERVER_401); // then its notifyError, before the watch acts
    s.token.set('Bearer b');
    s.token.set(undefined);
    expect(s.left).toEqual([]);
    s.flush();
    expect(s.left).toEqual([1]);
    expect(s.carried).toEqual([[SERVER_401.message, 'error']]);
  });

  it('a 401 before the watch was loaded still leaves the page', () => {
    const s = setup(undefined);
    s.notice.set(SERVER_401);
    s.watch(true);
    s.flush();
    expect(s.left).toEqual([1]);
    expect(s.carried).toEqual([[SERVER_401.message, 'error']]);
  });

  it("this tab's own logout (no error to say) leaves it to the user menu", () => {
    const s = setup('Bearer a');
    s.watch(true);
    s.token.set(undefined);
    s.flush();
    expect(s.left).toEqual([]);
  });

  it("another tab's logout leaves at once; a login on the page stays", () => {
    const s = setup(undefined);
    s.watch(false);
    s.token.set('Bearer new');
    s.flush();
    expect(s.left).toEqual([]);
    s.otherTab!();
    s.otherTab?.();
    expect(s.left).toEqual([1]);
    expect(s.otherTab).toBeNull();
  });

  it("a guest's page is not left for another tab's storage writes", () => {
    const s = setup(undefined);
    s.watch(false);
    s.otherTab!();
    expect(s.left).toEqual([]);
  });

  it('stopped (the island unmounted), it leaves nothing', () => {
    const s = setup('Bearer a');
    s.watch(true)();
    s.notice.set(SERVER_401);
    s.token.set(undefined);
    s.flush();
    expect(s.left).toEqual([]);
    expect(s.otherTab).toBeNull();
  });

  it('on the page: the real session and notices, the notice kept in sessionStorage for the next page only', async () => {
    const { $token } = await import('~/stores/session');
    const { notify, showPendingNotice, $notice, createNotifications } = await import('~/stores/notifications');
    const storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('window', new EventTarget());
    $token.set('Bearer page');
    const left = new Promise<void>((resolve) => watchCustomerSession(true, resolve));
    $token.set(undefined);
    notify(SERVER_401.message, 'error');
    await left;
    expect(JSON.parse(storage.getItem(PENDING_NOTICE_KEY)!)).toMatchObject({ text: SERVER_401.message, type: 'error' });
    // The page goes on while home loads: its snackbar, woken by the 401's notice, leaves the message
    // for home (it took it along before, and home said nothing).
    showPendingNotice();
    expect(storage.getItem(PENDING_NOTICE_KEY)).not.toBeNull();
    const home = createNotifications();
    home.showPendingNotice();
    expect(home.$notice.get()).toMatchObject({ message: SERVER_401.message, type: 'error' });
    expect($notice.get()).toMatchObject({ message: SERVER_401.message });
    vi.unstubAllGlobals();
  });
});
