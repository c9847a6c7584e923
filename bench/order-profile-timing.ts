// Where an order's time goes (bench/order-profile.ts): the timing of every query, transaction and
// wait for the database, recorded against the order whose request caused it (an AsyncLocalStorage
// per order), on PGlite or on PostgreSQL's client and pool.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { StatementCache } from '../server/db/pglite-statements';

interface QueryRecord {
  label: string;
  ms: number;
}
export interface OrderRecord {
  queries: QueryRecord[];
  /** Each transaction: from its BEGIN to its end (COMMIT included). */
  transactions: number[];
  /** Waits for the database: PGlite's turn queue, PostgreSQL's pool. */
  waits: number[];
  total: number;
  status: number;
}

/** The order whose request is running: its queries, transactions and waits are recorded in it. */
export const current = new AsyncLocalStorage<OrderRecord>();

/** "insert orders", "select products for update", "begin"…: the statement's verb and first table. */
function label(sql: unknown): string {
  const text = (typeof sql === 'string' ? sql : ((sql as { text?: string } | null)?.text ?? '')).replace(/"/g, '').toLowerCase().trim();
  const verb = /^\w+/.exec(text)?.[0] ?? '?';
  const table =
    /^insert into (\w+)/.exec(text)?.[1] ??
    /^update (\w+)/.exec(text)?.[1] ??
    /^delete from (\w+)/.exec(text)?.[1] ??
    /\bfrom (\w+)/.exec(text)?.[1] ??
    /^select (\w+)\(/.exec(text)?.[1] ??
    '';
  return `${verb} ${table}${/for update/.test(text) ? ' for update' : ''}`.trim();
}

function record(sql: unknown, startedAt: number) {
  current.getStore()?.queries.push({ label: label(sql), ms: performance.now() - startedAt });
}

async function timedCall<T>(sql: unknown, run: () => Promise<T>): Promise<T> {
  const startedAt = performance.now();
  try {
    return await run();
  } finally {
    record(sql, startedAt);
  }
}

/** Times every query of PGlite (the client's and a transaction's) and every transaction. */
export function instrumentPglite() {
  const base = Object.getPrototypeOf(PGlite.prototype) as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec'] as const) {
    const original = base[name]!;
    base[name] = function (this: unknown, ...args: unknown[]) {
      return timedCall(args[0], () => original.apply(this, args));
    };
  }
  // Plain reads and writes run as named statements (server/db/pglite-statements.ts), not through
  // the client's own `query`.
  const run = StatementCache.prototype.run;
  StatementCache.prototype.run = function (this: StatementCache, ...args: Parameters<typeof run>) {
    return timedCall(args[0], () => run.apply(this, args));
  } as typeof run;
  const transaction = base.transaction!;
  base.transaction = function (this: unknown, work: unknown) {
    const startedAt = performance.now();
    const wrapped = (tx: Record<string, (...a: unknown[]) => Promise<unknown>>) => {
      const timedTx = new Proxy(tx, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if ((property === 'query' || property === 'exec') && typeof value === 'function') {
            return (...args: unknown[]) => timedCall(args[0], () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
          }
          return value;
        },
      });
      return (work as (t: unknown) => Promise<unknown>)(timedTx);
    };
    return transaction.call(this, wrapped).finally(() => current.getStore()?.transactions.push(performance.now() - startedAt));
  };
}

/** Times every statement sent to PostgreSQL, each transaction (BEGIN … COMMIT) and each wait for a pooled connection. */
export function instrumentPg() {
  const began = new WeakMap<object, number>();
  const query = pg.Client.prototype.query as unknown as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = label(args[0]);
    if (text === 'begin') began.set(this, performance.now());
    const ends = text === 'commit' || text === 'rollback' ? began.get(this) : undefined;
    const startedAt = performance.now();
    const store = current.getStore();
    const done = () => {
      store?.queries.push({ label: text, ms: performance.now() - startedAt });
      if (ends !== undefined) store?.transactions.push(performance.now() - ends);
    };
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      args[args.length - 1] = (...result: unknown[]) => {
        done();
        return (callback as (...r: unknown[]) => unknown)(...result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown>;
    result.then(done, done);
    return result;
  } as typeof pg.Client.prototype.query;
  const connect = pg.Pool.prototype.connect as unknown as (...a: unknown[]) => Promise<unknown>;
  pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
    if (args.length > 0) return connect.apply(this, args);
    const startedAt = performance.now();
    const store = current.getStore();
    return connect.apply(this, args).finally(() => store?.waits.push(performance.now() - startedAt));
  } as typeof pg.Pool.prototype.connect;
}
