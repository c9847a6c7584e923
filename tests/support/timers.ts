// A Schedule (src/stores/schedule.ts) for the stores a unit test makes: real timers, each of which
// the test clears when it ends, so a retry an instance left armed never runs during the next test
// (against the same API and the next test's fetch).
import { afterDelay, type Schedule } from '~/stores/schedule';

export function clearedAtTheEnd(): { schedule: Schedule; clear(): void } {
  const armed = new Set<() => void>();
  const schedule: Schedule = (ms, task) => {
    const cancel = afterDelay(ms, () => {
      armed.delete(cancel);
      return task();
    });
    armed.add(cancel);
    return () => {
      armed.delete(cancel);
      cancel();
    };
  };
  return {
    schedule,
    clear() {
      for (const cancel of armed) cancel();
      armed.clear();
    },
  };
}
