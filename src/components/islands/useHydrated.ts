// False during the first render, true after mount. Islands render static HTML at build time, when
// no visitor's cart or session exists; the first browser render must match it, so anything read
// from persisted stores is shown only once hydrated (otherwise React reports a mismatch, #423).
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
