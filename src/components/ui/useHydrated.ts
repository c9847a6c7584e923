// False during the first render, true after mount. Islands render static HTML at build time, when
// no visitor's cart or session exists; the first browser render must match it, so anything read
// from persisted stores is shown only once hydrated (otherwise React reports a mismatch, #423).
import { useEffect, useState, type RefObject } from 'react';
import { ISLAND_READY_EVENT } from '~/scripts/island-events';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Tells the island's `client:lazy` directive that it is live (committed, handlers attached), from an
 * element inside it: the event bubbles to that island's own element only, so another island
 * mounting at the same moment cannot release this one's held click (see client-lazy.ts).
 */
export function useIslandReady(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    ref.current?.dispatchEvent(new Event(ISLAND_READY_EVENT, { bubbles: true }));
  }, [ref]);
}
