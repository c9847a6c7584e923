// drizzle-orm's node-postgres transaction (0.45.4, the latest) takes a client from the pool and
// runs BEGIN before the try/finally that gives the client back. When BEGIN fails (the connection
// died between two uses: PostgreSQL restarted, the line was cut) the client stays taken for the
// life of the process: after `poolSize` such failures every request waits for a connection that
// never comes, and closing the pool never returns. The fault test (PostgreSQL stopped under a
// stream of orders) hung in one run of five on it. Reported upstream
// (https://github.com/drizzle-team/drizzle-orm/issues/6241); until a release fixes it, a client
// handed out by the pool's promise form of connect() (drizzle's transactions; the pool's own
// queries use the callback form) gives itself back, to be destroyed, when its first statement
// fails, and giving it back a second time is harmless.
import type pg from 'pg';

type Release = (err?: Error | boolean) => void;

function guardFirstStatement(client: pg.PoolClient): pg.PoolClient {
  const poolRelease: Release = client.release.bind(client);
  let released = false;
  const release: Release = (err) => {
    if (released) return;
    released = true;
    // The next hand-out gets the client's own query again, and the pool's fresh release.
    delete (client as { query?: unknown }).query;
    poolRelease(err);
  };
  client.release = release;
  const query = client.query;
  (client as { query: unknown }).query = function firstStatement(this: pg.PoolClient, ...args: unknown[]) {
    delete (client as { query?: unknown }).query;
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => release(err instanceof Error ? err : new Error(String(err))));
    }
    return result;
  };
  return client;
}

/** The pool, with the clients of its promise-form connect() given back when their first statement fails. */
export function releaseOnFailedBegin<P extends pg.Pool>(pool: P): P {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  (pool as { connect: unknown }).connect = (callback?: unknown) =>
    callback === undefined ? (connect() as Promise<pg.PoolClient>).then(guardFirstStatement) : connect(callback);
  return pool;
}
