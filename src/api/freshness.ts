// Keeps data read from the API fresh while the page is seen (fresh availability): a
// re-read before the data turns `maxAgeMs` old, one at once when the tab becomes visible again,
// none while it is hidden (a background tab costs the server nothing), and a forced one on demand
// (just before adding to the cart). Framework-free: time, timers and the page's visibility come
// from a FreshnessEnv, so the tests drive them by hand instead of sleeping.
import { AVAILABILITY_MAX_AGE_MS, AVAILABILITY_READ_ALLOWANCE_MS, AVAILABILITY_RETRY_MS } from '../domain/freshness';

export interface FreshnessEnv {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  isVisible(): boolean;
  /** Calls `changed` whenever the page's visibility changes; returns the unsubscribe. */
  onVisibilityChange(changed: () => void): () => void;
}

/** The real page: Date.now, setTimeout, document.visibilityState. */
export function browserFreshnessEnv(): FreshnessEnv {
  return {
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
    onVisibilityChange(changed) {
      if (typeof document === 'undefined') return () => undefined;
      document.addEventListener('visibilitychange', changed);
      return () => document.removeEventListener('visibilitychange', changed);
    },
  };
}

export interface FreshnessOptions {
  maxAgeMs: number;
  /** How long before `maxAgeMs` a re-read starts (its round trip). */
  allowanceMs: number;
  retryMs: number;
  /** When the data already shown was read (epoch ms); null: read it now. */
  readAt?: number | null;
}

export const AVAILABILITY_FRESHNESS: FreshnessOptions = {
  maxAgeMs: AVAILABILITY_MAX_AGE_MS,
  allowanceMs: AVAILABILITY_READ_ALLOWANCE_MS,
  retryMs: AVAILABILITY_RETRY_MS,
};

/** One read: resolves when its answer is applied; rejects when there was none (or it was aborted). */
export type FreshRead = (signal: AbortSignal) => Promise<void>;

export interface FreshWatch {
  /**
   * Resolves true once a first answer is applied (at once when `readAt` was fresh), false if the
   * first read failed or the watch stopped before.
   */
  readonly first: Promise<boolean>;
  /** A read now (any read in flight is dropped: it started earlier); true when its answer is applied. */
  refresh(): Promise<boolean>;
  /** When the data shown was read (the request's start: the server's state is at least that recent). */
  readAt(): number | null;
  stop(): void;
}

export function keepFresh(read: FreshRead, env: FreshnessEnv, options: FreshnessOptions): FreshWatch {
  let readAt = options.readAt ?? null;
  let failed = false;
  let stopped = false;
  let timer: unknown = null;
  let inFlight: AbortController | null = null;
  // The first read's outcome; a first read replaced by a newer one (the tab came back meanwhile)
  // hands this to the one that replaced it.
  let settleFirst: (ok: boolean) => void = () => undefined;
  const first = new Promise<boolean>((resolve) => (settleFirst = resolve));

  const cancelTimer = () => {
    if (timer !== null) env.clearTimer(timer);
    timer = null;
  };

  function schedule() {
    cancelTimer();
    if (stopped || inFlight || !env.isVisible()) return;
    const due = failed || readAt === null ? options.retryMs : readAt + options.maxAgeMs - options.allowanceMs - env.now();
    timer = env.setTimer(() => {
      timer = null;
      void start();
    }, Math.max(0, due));
  }

  function start(): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    cancelTimer();
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const startedAt = env.now();
    return read(controller.signal).then(
      () => {
        if (controller.signal.aborted) return false;
        readAt = startedAt;
        failed = false;
        settleFirst(true);
        return true;
      },
      () => {
        if (controller.signal.aborted) return false;
        failed = true;
        settleFirst(false);
        return false;
      },
    ).then((ok) => {
      // A read that was replaced leaves the scheduling to the one that replaced it.
      if (inFlight === controller) {
        inFlight = null;
        schedule();
      }
      return ok;
    });
  }

  const unsubscribe = env.onVisibilityChange(() => {
    if (stopped) return;
    // Back on screen: whatever happened meanwhile is read now. Hidden: no timer runs.
    if (env.isVisible()) void start();
    else cancelTimer();
  });

  const fresh = readAt !== null && env.now() - readAt < options.maxAgeMs;
  if (fresh) {
    settleFirst(true);
    schedule();
  } else void start();

  return {
    first,
    refresh: start,
    readAt: () => readAt,
    stop() {
      stopped = true;
      settleFirst(false);
      cancelTimer();
      unsubscribe();
      inFlight?.abort();
      inFlight = null;
    },
  };
}
