// False during the first render, true after mount. Islands render static HTML at build time, when
// no visitor's cart or session exists; the first browser render must match it, so anything read
// from persisted stores is shown only once hydrated (otherwise React reports a mismatch, #423).
// Its mount effect also announces that the island is live (ISLAND_READY_EVENT, see client-lazy.ts).
import { useEffect, useState } from 'react';
import { ISLAND_READY_EVENT } from '../../scripts/island-events';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    window.dispatchEvent(new Event(ISLAND_READY_EVENT));
  }, []);
  return hydrated;
}
