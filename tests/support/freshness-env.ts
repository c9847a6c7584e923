// A FreshnessEnv (src/api/freshness.ts) driven by hand: time moves only when a test says so, timers
// fire as it passes their due time, and the page is hidden or shown on demand. No sleeps.
import type { FreshnessEnv } from '~/api/freshness';

interface Timer {
  id: number;
  due: number;
  run: () => void;
}

export interface ManualEnv extends FreshnessEnv {
  /** Moves time forward by `ms`, firing each timer due on the way, in order (and letting promises settle). */
  advance(ms: number): Promise<void>;
  /** Hides or shows the page and tells the listeners, as the browser's visibilitychange does. */
  setVisible(visible: boolean): Promise<void>;
  /** Timers still waiting. */
  pending(): number;
}

/** Lets every promise chain that is ready run (a few macrotask turns: fetch stubs, dynamic imports). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

export function manualEnv(start = 1_000_000): ManualEnv {
  let now = start;
  let visible = true;
  let nextId = 1;
  let timers: Timer[] = [];
  const listeners = new Set<() => void>();
  return {
    now: () => now,
    setTimer(run, ms) {
      const timer = { id: nextId++, due: now + ms, run };
      timers.push(timer);
      return timer.id;
    },
    clearTimer(handle) {
      timers = timers.filter((t) => t.id !== handle);
    },
    isVisible: () => visible,
    onVisibilityChange(changed) {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        await settle();
        const next = timers.filter((t) => t.due <= end).sort((a, b) => a.due - b.due)[0];
        if (!next) break;
        timers = timers.filter((t) => t !== next);
        now = next.due;
        next.run();
      }
      now = end;
      await settle();
    },
    async setVisible(value) {
      visible = value;
      for (const changed of listeners) changed();
      await settle();
    },
    pending: () => timers.length,
  };
}
