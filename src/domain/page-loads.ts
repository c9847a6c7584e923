// How a page change looks and recovers (spec §9), run by src/scripts/page-transitions.ts: the
// loading bar, the reload after a failed script chunk, and the idle prefetch of links in view.

export const PROGRESS_BAR_THROTTLE_MS = 200;
export const PROGRESS_BAR_DURATION_MS = 5000;
export const PROGRESS_BAR_HEIGHT = '7px';
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
