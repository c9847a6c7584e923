// A scheduler for AppDeps (server/http/context.ts `Schedule`) whose time moves only when a test moves
// it: a timer the server arms runs when the test advances past it, and the test waits for its work,
// instead of sleeping past a real timer whose end nobody can see.
import type { Schedule } from '~server/http/context';

interface Pending {
  at: number;
  seq: number;
  task: () => Promise<void>;
}

export class ManualScheduler {
  private elapsed = 0;
  private seq = 0;
  private pending: Pending[] = [];

  readonly schedule: Schedule = (ms, task) => {
    this.pending.push({ at: this.elapsed + Math.max(0, ms), seq: this.seq++, task });
  };

  /** Timers armed and not yet run. */
  get armed(): number {
    return this.pending.length;
  }

  /**
   * Moves this scheduler's time on by `ms`, then runs the timers due by then, earliest first (in
   * arming order on a tie), each to the end of its work; timers they arm that are due run too.
   */
  async advance(ms: number): Promise<void> {
    this.elapsed += ms;
    for (;;) {
      const due = this.pending.filter((p) => p.at <= this.elapsed).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) return;
      this.pending = this.pending.filter((p) => p !== due);
      await due.task();
    }
  }
}
