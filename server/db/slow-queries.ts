// Queries that take longer than SLOW_QUERY_MS are logged with their SQL text (placeholders, never
// the bound values) and duration, through the request's logger so the line carries the request
// id. Timed at the driver, around the query's own run: on PGlite after its turn in the queue (a
// wait there is the queue's, watched by the metrics), on PostgreSQL from send to answer, for
// the pool's queries and a transaction's alike.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { log } from '../log';

/** A query slower than this is worth a line: an index gone missing, a lock held too long. */
export const SLOW_QUERY_MS = 500;
/** Enough of the statement to recognise it; drizzle's longest inserts run to several KB. */
const MAX_LOGGED_SQL_CHARS = 500;

function reportIfSlow(sql: unknown, startedAt: number, thresholdMs: number): void {
  const durationMs = Math.round(performance.now() - startedAt);
  if (durationMs < thresholdMs) return;
  const text = typeof sql === 'string' ? sql : ((sql as { text?: string } | null)?.text ?? '');
  log().warn({ durationMs, sql: text.slice(0, MAX_LOGGED_SQL_CHARS) }, 'slow query');
}

function timed<T>(run: () => Promise<T>, sql: unknown, thresholdMs: number): Promise<T> {
  const startedAt = performance.now();
  const result = run();
  // Failed queries are not "slow": their error reaches the caller, who logs it if it matters.
  result.then(() => reportIfSlow(sql, startedAt, thresholdMs), () => undefined);
  return result;
}

const TIMED_METHODS = new Set<PropertyKey>(['query', 'exec']);

function timedMethods<C extends object>(target: C, thresholdMs: number): C {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => Promise<unknown>;
      if (TIMED_METHODS.has(property)) return (...args: unknown[]) => timed(() => method.apply(object, args), args[0], thresholdMs);
      if (property === 'transaction') {
        return (work: (tx: Transaction) => Promise<unknown>) =>
          method.call(object, (tx: Transaction) => work(timedMethods(tx, thresholdMs)));
      }
      return method.bind(object);
    },
  });
}

/** The PGlite client with `query`, `exec` and a transaction's queries timed. */
export function timedPglite(client: PGlite, thresholdMs = SLOW_QUERY_MS): PGlite {
  return timedMethods(client, thresholdMs);
}

function timedQuery(thresholdMs: number, run: (args: unknown[]) => unknown, args: unknown[]): never {
  // The callback form is pg's own (the pool's query hands a client one): timed by the caller's promise.
  if (typeof args[args.length - 1] === 'function') return run(args) as never;
  return timed(() => run(args) as Promise<unknown>, args[0], thresholdMs) as never;
}

/**
 * A node-postgres pool whose queries are timed: the pool's own (drizzle's plain queries) and those
 * of a client taken from it (drizzle's transactions). Both are timed where the caller awaits
 * them, so the line goes to the caller's request, not to whichever request freed the connection.
 */
export function timedPgPool(options: pg.PoolConfig, thresholdMs = SLOW_QUERY_MS): pg.Pool {
  // The pool's own client class, when one is given (server/db/pg-statements.ts), runs the query.
  const Base = (options.Client ?? pg.Client) as typeof pg.Client;
  class TimedClient extends Base {
    override query(...args: unknown[]): never {
      return timedQuery(thresholdMs, (a) => (super.query as (...q: unknown[]) => unknown).apply(this, a), args);
    }
  }
  class TimedPool extends pg.Pool {
    override query(...args: unknown[]): never {
      return timedQuery(thresholdMs, (a) => (super.query as (...q: unknown[]) => unknown).apply(this, a), args);
    }
  }
  return new TimedPool({ ...options, Client: TimedClient });
}
