// The embedded database's queue reports each wait to its watchers (the metrics): a turn at once, a
// turn after the holder finished, a timeout; an unsubscribed watcher hears nothing more.
import { describe, expect, it } from 'vitest';
import { DatabaseBusyError, TurnQueue } from '~server/db/pglite-queue';

describe('TurnQueue.watch', () => {
  it('reports every turn with its wait, and the timeouts', async () => {
    const queue = new TurnQueue(40);
    const seen: { waitedMs: number; outcome: string }[] = [];
    const stop = queue.watch((waitedMs, outcome) => seen.push({ waitedMs, outcome }));
    let release!: () => void;
    const holder = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const second = queue.run(async () => 'second');
    expect(queue.length).toBe(1);
    setTimeout(() => release(), 15);
    await holder;
    expect(await second).toBe('second');
    expect(seen.map((s) => s.outcome)).toEqual(['turn', 'turn']);
    expect(seen[0]!.waitedMs).toBeLessThan(5);
    expect(seen[1]!.waitedMs).toBeGreaterThanOrEqual(10);

    // Held past the timeout: the waiter gives up, reported as such, and never runs.
    let releaseAgain!: () => void;
    const blocker = queue.run(() => new Promise<void>((resolve) => (releaseAgain = resolve)));
    await expect(queue.run(async () => 'never')).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(seen.map((s) => s.outcome)).toEqual(['turn', 'turn', 'turn', 'timeout']);
    releaseAgain();
    await blocker;

    stop();
    await queue.run(async () => undefined);
    expect(seen).toHaveLength(4);
  });
});
