// The embedded database's turn queue (server/db/pglite-queue.ts): callers wait their
// turn for a bounded time; one that gives up was never run, so a 503 never changes data later.
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { DatabaseBusyError, isDatabaseBusy, queuedPglite, TurnQueue } from '~server/db/pglite-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('TurnQueue', () => {
  it('runs one at a time in order, and drops a waiter that timed out before it ran', async () => {
    const queue = new TurnQueue(30);
    const gate = deferred();
    const ran: string[] = [];
    const first = queue.run(async () => {
      ran.push('first');
      await gate.promise;
    });
    const late = queue.run(async () => void ran.push('late'));
    await expect(late).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(queue.length).toBe(0);
    const next = queue.run(async () => void ran.push('next'));
    gate.resolve();
    await first;
    await next;
    expect(ran).toEqual(['first', 'next']);
  });

  it('recognises the busy error also when wrapped as a cause', () => {
    expect(isDatabaseBusy(new Error('Failed query', { cause: new DatabaseBusyError(1) }))).toBe(true);
    expect(isDatabaseBusy(new Error('other'))).toBe(false);
  });
});

describe('queuedPglite', () => {
  it('a query behind a long transaction gives up and never runs', async () => {
    const raw = await PGlite.create('memory://');
    const client = queuedPglite(raw, 50);
    await client.exec('CREATE TABLE t (v int)');
    const gate = deferred();
    const tx = client.transaction(async (t) => {
      await t.query('INSERT INTO t VALUES (1)');
      await gate.promise;
    });
    await expect(client.query('INSERT INTO t VALUES (2)')).rejects.toBeInstanceOf(DatabaseBusyError);
    gate.resolve();
    await tx;
    expect((await client.query<{ v: number }>('SELECT v FROM t ORDER BY v')).rows).toEqual([{ v: 1 }]);
    await raw.close();
  });
});
