// Spec §4: "when the logged-in state changes, go to home when it becomes true and to logout when
// false, unless the page needs no auth". The pages that need a customer (the orders list, the
// account) start this watch; when the session ends under them, the page is left for home (logout
// leads home, spec §2 layouts):
// - a 401 logged the customer out (the client cleared the session, then showed the server's
//   message): the message goes with the customer to the next page;
// - another tab logged out (a storage event, and the token is gone).
// This tab's own logout is not its business: the user menu goes home once the server's revocation
// is on its way (leaving earlier could lose it). A login on those pages keeps the customer there:
// they asked for it (requireLogin's sheet) and the page is what they came for. Loaded on demand by
// those islands, so the pages' first scripts do not carry it.
import type { ReadableAtom } from 'nanostores';
import { $notice, notifyOnNextPage, type Notice } from '~/stores/notifications';
import { $token } from '~/stores/session';

interface WatchDeps {
  token: ReadableAtom<string | undefined>;
  notice: ReadableAtom<Notice | null>;
  carry: (text: string, type: Notice['type']) => void;
  /** Runs after the client's 401 handling (logout, then its notice) has finished. */
  later: (run: () => void) => void;
  /** Calls back when another tab logs out; answers the function that stops listening. */
  onOtherTabLogout: (run: () => void) => () => void;
}

/**
 * Another tab wrote the storage and the token is gone: the persisted token follows the storage
 * event before this listener runs (it listens from the page's start), so reading it is enough and
 * the session's storage key stays session.ts's own business.
 */
function onOtherTabLogout(run: () => void): () => void {
  const listener = () => {
    if (!$token.get()) run();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

const PAGE_DEPS: WatchDeps = { token: $token, notice: $notice, carry: notifyOnNextPage, later: (run) => void setTimeout(run, 0), onOtherTabLogout };

/**
 * Watches the session of a page that needs a customer: when a 401 or another tab ends it, `leave`
 * is called once (the island goes home), a 401's message kept for the next page. `wasLoggedIn`: the
 * session when the page asked (the watch is loaded on demand, a 401 may have ended it meanwhile).
 * Answers the function that stops the watch.
 */
export function watchCustomerSession(wasLoggedIn: boolean, leave: () => void, deps: WatchDeps = PAGE_DEPS): () => void {
  let left = false;
  const go = () => {
    if (left) return;
    left = true;
    stop();
    leave();
  };
  const lost = () =>
    deps.later(() => {
      const notice = deps.notice.get();
      if (left || notice?.type !== 'error' || typeof notice.message !== 'string') return;
      deps.carry(notice.message, notice.type);
      go();
    });
  let loggedIn = wasLoggedIn;
  let hadSession = wasLoggedIn;
  const stopToken = deps.token.listen((token) => {
    if (loggedIn && !token) lost();
    loggedIn = !!token;
    hadSession ||= loggedIn;
  });
  // Only a session this page had: a guest's page is not left for another tab's storage writes.
  const stopTabs = deps.onOtherTabLogout(() => {
    if (hadSession) go();
  });
  const stop = () => {
    stopToken();
    stopTabs();
  };
  if (wasLoggedIn && !deps.token.get()) lost();
  return stop;
}
