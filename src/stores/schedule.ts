// Time for the stores' actions that wait (a retry, a re-read): a Schedule is given to them, so a
// unit test runs the timers itself, or clears at its end the ones an instance left armed.
/** Runs `task` after `ms` milliseconds; answers a function that cancels it. */
export type Schedule = (ms: number, task: () => unknown) => () => void;

/** The page's Schedule: setTimeout. */
export const afterDelay: Schedule = (ms, task) => {
  const timer = setTimeout(task, ms);
  return () => clearTimeout(timer);
};
