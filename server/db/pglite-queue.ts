// The embedded database runs one query or transaction at a time (PGlite is one PostgreSQL backend
// in this process). PGlite queues the rest without limit, so when something holds it (a slow
// transaction, a flood of requests) every request waits however long it takes: the browser gives
// up, the customer retries, the queue grows. Here callers wait in our own queue for at most
// `timeoutMs`; one that times out is taken out *before* it ran, so a request answered 503 "busy"
// never changes anything later. PostgreSQL has a pool and its own lock timeouts.
import type { PGlite } from '@electric-sql/pglite';

/** How long a query may wait for its turn on the embedded database before the request gives up. */
export const PGLITE_QUEUE_TIMEOUT_MS = 10_000;

/**
 * Resolves in a later turn of the event loop, after the I/O it had waiting (setImmediate runs
 * after the poll phase). Work queued on the embedded database never waits for I/O of its own:
 * handed from one caller to the next in promise callbacks, a queue of 50 orders ran as one
 * stretch of 100-400 ms without the event loop reading a socket, and since libuv accepts one
 * connection per poll, a client connecting during that load waited one stretch per connection
 * ahead of it (seconds, at the start of the orders bench). Handed over through here, each turn
 * is followed by the I/O that arrived during it.
 */
export function afterPendingIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Thrown to a caller whose query did not get its turn in time; it was never run. */
export class DatabaseBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`the embedded database was busy for ${waitedMs} ms`);
  }
}

/** True for a DatabaseBusyError, also when a query builder wrapped it (drizzle keeps it as `cause`). */
export function isDatabaseBusy(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DatabaseBusyError) return true;
  }
  return false;
}

/**
 * What a caller's wait ended in: its turn after `waitedMs`, or a timeout (it never ran). Reported
 * to the queue's watchers (the metrics, server/metrics/): they read, they change nothing.
 */
export type TurnWatcher = (waitedMs: number, outcome: 'turn' | 'timeout') => void;

/**
 * A FIFO of one: `run` waits its turn for at most `timeoutMs`, then runs alone. A turn taken at
 * once starts at once; a turn handed over by the previous caller starts after the I/O pending then
 * (`afterPendingIo`).
 */
export class TurnQueue {
  private busy = false;
  private readonly waiting: { start(): void }[] = [];
  private readonly watchers = new Set<TurnWatcher>();

  constructor(private readonly timeoutMs: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.turn();
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  /** Callers waiting for their turn (for tests and monitoring). */
  get length(): number {
    return this.waiting.length;
  }

  /** Calls `watcher` at the end of every wait (a turn taken at once counts as 0 ms); returns the unsubscribe. */
  watch(watcher: TurnWatcher): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private report(startedAt: number, outcome: 'turn' | 'timeout') {
    const waitedMs = performance.now() - startedAt;
    for (const watcher of this.watchers) watcher(waitedMs, outcome);
  }

  private turn(): Promise<void> {
    const startedAt = performance.now();
    if (!this.busy) {
      this.busy = true;
      this.report(startedAt, 'turn');
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        // The turn is this caller's from here (no timeout can take it back); it runs once the
        // event loop has polled.
        start: () => {
          clearTimeout(timer);
          this.report(startedAt, 'turn');
          void afterPendingIo().then(resolve);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        this.report(startedAt, 'timeout');
        reject(new DatabaseBusyError(this.timeoutMs));
      }, this.timeoutMs);
      this.waiting.push(waiter);
    });
  }

  private next() {
    const waiter = this.waiting.shift();
    if (waiter) waiter.start();
    else this.busy = false;
  }
}

/**
 * The PGlite client with its entry points (`query`, `exec`, `transaction`) behind a TurnQueue.
 * A transaction's own queries go through the transaction object, inside its turn. `queue`: its
 * timeout, or a queue made by the caller (the database keeps it for the metrics to read).
 */
export function queuedPglite(client: PGlite, queue: number | TurnQueue = PGLITE_QUEUE_TIMEOUT_MS): PGlite {
  const turns = typeof queue === 'number' ? new TurnQueue(queue) : queue;
  const queued = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      // Methods run on the client itself (PGlite keeps private state the proxy does not have).
      const method = value as (...a: unknown[]) => unknown;
      if (!queued.has(property)) return method.bind(target);
      return (...args: unknown[]) => turns.run(async () => method.apply(target, args));
    },
  });
}
