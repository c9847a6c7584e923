// The production scheduler behind AppDeps.schedule (server/deps.ts): the late payment confirmation's
// in-process timer. Fake timers move the time; nothing sleeps.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timerSchedule } from '~server/deps';
import { ManualScheduler } from '~tests/support/scheduler';

describe('timerSchedule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the task once, when its time has passed', () => {
    const task = vi.fn(async () => undefined);
    timerSchedule(2500, task);
    vi.advanceTimersByTime(2499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('unrefs its timer', () => {
    const unref = vi.fn();
    const spy = vi.spyOn(globalThis, 'setTimeout').mockReturnValue({ unref } as unknown as ReturnType<typeof setTimeout>);
    try {
      timerSchedule(10, async () => undefined);
      expect(unref).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('ManualScheduler (the API tests’ timers)', () => {
  it('runs the timers due when advanced, earliest first, and waits for their work', async () => {
    const timers = new ManualScheduler();
    const done: string[] = [];
    timers.schedule(300, async () => void done.push('b'));
    timers.schedule(100, async () => {
      await Promise.resolve();
      done.push('a');
      // Armed by a running timer and already due: runs in the same advance.
      timers.schedule(0, async () => void done.push('a2'));
    });
    await timers.advance(99);
    expect(done).toEqual([]);
    await timers.advance(1);
    expect(done).toEqual(['a', 'a2']);
    expect(timers.armed).toBe(1);
    await timers.advance(200);
    expect(done).toEqual(['a', 'a2', 'b']);
    expect(timers.armed).toBe(0);
  });
});
