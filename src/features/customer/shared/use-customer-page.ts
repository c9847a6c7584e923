// The pages that need a customer (the orders list, the account): when a 401 or another tab ends
// the session while one is open, it goes home (spec §4, src/features/customer/shared/stores/session-watch.ts). The watch is
// loaded on demand, so the pages' first scripts stay as they were.
import { useEffect } from 'react';
import { $token } from '~/stores/session';
import { localizePath, toLocale } from '~/i18n/index';

/**
 * The session as the page's scripts started: read when the island's modules run, before the app
 * bar (which wakes at idle) can have had a 401 end it; by the island's first render it may be gone.
 */
const startedLoggedIn = typeof window !== 'undefined' && !!$token.get();

export function useCustomerPage(locale: string): void {
  useEffect(() => {
    const wasLoggedIn = startedLoggedIn || !!$token.get();
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import('./stores/session-watch').then(({ watchCustomerSession }) => {
      if (!unmounted) stop = watchCustomerSession(wasLoggedIn, () => location.assign(localizePath(toLocale(locale), '/')));
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [locale]);
}
