// PGlite runs every `query` as an unnamed statement: parse, describe the statement, bind, describe
// the portal, execute and sync, six calls into its WebAssembly, and PostgreSQL parses and plans
// the text each time. The API sends the same few hundred texts over and over (drizzle writes a
// call site's SQL the same way every time), so a text seen once is kept as a named statement:
// afterwards a query is bind, execute and sync in one call, with the parameter types and row
// description remembered. An order's insert: 0.30–0.43 → 0.12–0.16 ms of CPU measured alone
// (docs/performance-log.md, "where an order's time goes").
//
// Named statements are the session's, not a transaction's: a rollback keeps them. A statement
// whose plan a schema change could invalidate is not a worry at run time (migrations run before
// the server listens); any statement that is not a plain read or write (DDL, SET, TRUNCATE, …)
// still runs PGlite's own way and makes the cache forget what it holds, so no stale plan answers.
import { parse, type PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/** Texts kept as named statements, least recently used dropped first: a few MB of PostgreSQL's memory at most. */
export const PREPARED_STATEMENTS_MAX = 128;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** What PostgreSQL said of a named statement when it was prepared. */
interface Prepared {
  name: string;
  /** The parameters' types, which choose how each value is written (PGlite's serializers). */
  paramTypes: number[];
  /** The row description, absent for a statement that returns no rows. */
  rowDescription: BackendMessage | undefined;
}

const PLAIN_READ_OR_WRITE = /^\s*(select|insert|update|delete|with|values)\b/i;

/**
 * A plain read or write, the statements kept as named ones (here and in ./pg-statements.ts): their
 * plans depend on the schema only, which does not change under a running server.
 */
export function isPlainReadOrWrite(sql: string): boolean {
  return PLAIN_READ_OR_WRITE.test(sql);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Names unique in the process, so two caches on one client (tests) cannot collide. */
let statementCounter = 0;

type Query = <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** The named statements of one PGlite client (one backend, one session). */
export class StatementCache {
  private readonly byText = new Map<string, Prepared>();
  /** Statements forgotten but not yet closed in PostgreSQL: closed with the next preparation. */
  private readonly toClose: string[] = [];

  constructor(
    private readonly client: PGlite,
    readonly max = PREPARED_STATEMENTS_MAX,
  ) {}

  get size(): number {
    return this.byText.size;
  }

  /** Forget every statement (closed in PostgreSQL with the next preparation). */
  forget(): void {
    for (const { name } of this.byText.values()) this.toClose.push(name);
    this.byText.clear();
  }

  /** Whether `sql` goes through a named statement; when not, the caller runs PGlite's own query. */
  handles(sql: string, options?: QueryOptions): boolean {
    // A blob (COPY) and caller-given parameter types are PGlite's own business.
    return !options?.blob && !options?.paramTypes && isPlainReadOrWrite(sql);
  }

  /** Runs `sql` as a named statement; the caller holds PGlite's query turn. */
  async run<T>(sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const prepared = this.byText.get(sql) ?? (await this.prepare(sql));
    // Most recently used last: Map keeps insertion order.
    this.byText.delete(sql);
    this.byText.set(sql, prepared);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = prepared.paramTypes[i]!;
      const serialize = options?.serializers?.[type] ?? this.client.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    const { serialize } = protocol;
    const messages = await this.client.execProtocolStream(
      concat([serialize.bind({ statement: prepared.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    const described = prepared.rowDescription ? [prepared.rowDescription, ...messages] : messages;
    return parse.parseResults(described, this.client.parsers, options)[0] as Results<T>;
  }

  private async prepare(sql: string): Promise<Prepared> {
    const { serialize } = protocol;
    const name = `rentalp_${++statementCounter}`;
    const evicted = this.byText.size >= this.max ? this.byText.keys().next().value : undefined;
    if (evicted !== undefined) {
      this.toClose.push(this.byText.get(evicted)!.name);
      this.byText.delete(evicted);
    }
    const closing = this.toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    // One call: close what was forgotten, parse, describe, sync. A parse that fails (a syntax
    // error) throws here and nothing is kept.
    const messages = await this.client.execProtocolStream(
      concat([...closing, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const parameters = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    return { name, paramTypes: parameters?.dataTypeIDs ?? [], rowDescription: messages.find((m) => m.name === 'rowDescription') };
  }
}

/** The client's internals that its own `query` uses to take its turn (public, underscored). */
interface Turns {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

function cachedQuery(cache: StatementCache, client: PGlite, own: Query, owner: object, transaction?: Transaction): Query {
  const turns = client as unknown as Turns;
  return async <T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!cache.handles(sql, options)) {
      // Whatever else runs (DDL, SET, TRUNCATE) may change what a kept plan reads.
      cache.forget();
      return own.call(owner, sql, params, options) as Promise<Results<T>>;
    }
    const run = () => turns._runExclusiveQuery(() => cache.run<T>(sql, params, options));
    if (transaction) {
      // As PGlite's own transaction query: a finished transaction takes no more statements.
      if (transaction.closed) throw new Error('Transaction is closed');
      return run();
    }
    // Outside a transaction: PGlite's own query waits for any transaction, then writes its files.
    return turns._runExclusiveTransaction(async () => {
      const result = await run();
      await client.syncToFs();
      return result;
    });
  };
}

/**
 * `client` whose `query` (and a transaction's) runs each read or write as a named statement,
 * prepared the first time its text is seen. `exec` and other statements run as PGlite runs them.
 */
export function withPreparedStatements(client: PGlite, cache = new StatementCache(client)): PGlite {
  return new Proxy(client, {
    get(target, property) {
      // Getters and methods run on the client itself (PGlite keeps private state the proxy does not have).
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query') return cachedQuery(cache, target, value as Query, target);
      if (property === 'exec') {
        return (...args: unknown[]) => {
          cache.forget();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (property === 'transaction') {
        const transaction = value as PGlite['transaction'];
        return <T>(work: (tx: Transaction) => Promise<T>) =>
          transaction.call(target, (tx: Transaction) => {
            const query = cachedQuery(cache, target, tx.query as Query, tx, tx);
            const exec = (...args: unknown[]) => {
              cache.forget();
              return (tx.exec as (...a: unknown[]) => unknown).apply(tx, args);
            };
            // A proxy, not a copy: the transaction's `closed` is a getter.
            return work(new Proxy(tx, { get: (t, p) => (p === 'query' ? query : p === 'exec' ? exec : Reflect.get(t, p)) }));
          });
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
