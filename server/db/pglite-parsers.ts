// drizzle's PGlite driver sends the same parsers with every query: dates, timestamps and
// intervals (and their arrays) kept as the text PostgreSQL wrote. PGlite merges a query's parsers
// into a copy of its whole table (~300 types once the array types are read) on every query: 0.24 ms
// of CPU a query, more than the insert itself (docs/performance-log.md, "where an order's time goes").
// So the client keeps them in its own table once, and a query that brings exactly that set leaves
// it out: the rows come back the same, without the copy.
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle-orm/pglite reads as text (its PglitePreparedQuery's `parsers`): timestamp,
 * timestamptz, interval, date, and the arrays of numeric, timestamp, timestamptz, interval and
 * date. tests/unit/server/db/pglite-parsers.test.ts fails if drizzle's set changes.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

const asText = (value: string) => value;
const drizzleSet = new Set(DRIZZLE_TEXT_TYPES.map(String));

/** True when `parsers` names exactly drizzle's text types (its parsers return the text as is). */
function isDrizzleSet(parsers: QueryOptions['parsers']): boolean {
  if (!parsers) return false;
  const keys = Object.keys(parsers);
  return keys.length === drizzleSet.size && keys.every((key) => drizzleSet.has(key));
}

type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

function withoutDrizzleParsers(query: Query, owner: object): Query {
  return (sql, params, options) => {
    if (!isDrizzleSet(options?.parsers)) return query.call(owner, sql, params, options);
    const { parsers: _sameAsTheClients, ...rest } = options!;
    return query.call(owner, sql, params, rest);
  };
}

/**
 * `client` reading drizzle's text types as text in its own table, its `query` (and a
 * transaction's) leaving out drizzle's per-query copy of them.
 */
export function withDrizzleTextTypes(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      // Methods run on the client itself (PGlite keeps private state the proxy does not have).
      if (property === 'query') return withoutDrizzleParsers(value as Query, target);
      if (property === 'transaction') {
        const transaction = value as PGlite['transaction'];
        return <T>(work: (tx: Transaction) => Promise<T>) =>
          transaction.call(target, (tx: Transaction) => {
            const query = withoutDrizzleParsers(tx.query as Query, tx);
            // A proxy, not a copy: the transaction's `closed` is a getter.
            return work(new Proxy(tx, { get: (t, p) => (p === 'query' ? query : Reflect.get(t, p)) }));
          });
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
