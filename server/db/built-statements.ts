// Statements whose SQL drizzle builds once. Drizzle's query builder writes a statement's text and
// parameter list again on every call, 0.2–0.3 ms of the event loop for an insert or an update of a
// few columns (an order sent with an Idempotency-Key claimed its key and stored its answer through
// two of them: server README, "Where an order's time goes"). Here a statement is built once with
// `sql.placeholder`s for its values, and each call hands the text with the values to the session it
// runs on (the database's, or a transaction's), which binds them through each column's own encoder
// and maps the returned rows as drizzle's own builder does. ./insert-statements.ts does the same for
// inserts whose shape varies (column sets, row counts).
import { is, Param, Placeholder, sql, type Query } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Whether every parameter of `query` is a placeholder: a value would be frozen into the text. */
export function onlyPlaceholders(query: Query): boolean {
  return query.params.every((p) => is(p, Placeholder) || (is(p, Param) && is(p.value, Placeholder)));
}

/** An insert's or an update's builder with its `returning` given. */
type ReturningBuilder<R> = PromiseLike<R[]> & { toSQL(): Query };

/** The `returning` fields in order, as the builder's own `_prepare` hands them to the session. */
const returningOf = (builder: object) => (builder as { config?: { returning?: SelectedFieldsOrdered } }).config?.returning;

/**
 * An insert or update `build(db)` (with `.returning(…)` and every value a `sql.placeholder`) built
 * once, then run with `values` (by placeholder name) on `db`, the database or a transaction.
 * Building it with a value that is not a placeholder throws: the first value would be frozen into
 * the text for every later call.
 */
export function builtOnce<R>(build: (db: Db) => ReturningBuilder<R>): (db: Db, values: Record<string, unknown>) => Promise<R[]> {
  let built: { query: Query; fields: SelectedFieldsOrdered } | undefined;
  return async (db, values) => {
    if (!built) {
      const builder = build(db);
      const query = builder.toSQL();
      const fields = returningOf(builder);
      if (!fields) throw new Error(`a statement built once returns its rows: ${query.sql}`);
      if (!onlyPlaceholders(query)) throw new Error(`a statement built once takes every value as a placeholder: ${query.sql}`);
      built = { query, fields };
    }
    return (await db._.session.prepareQuery(built.query, built.fields, undefined, true).execute(values)) as R[];
  };
}

/**
 * `sql.placeholder(name)` where a value of type T is expected: drizzle's types take none in an
 * update's `set`, though at run time it binds one there through the column's encoder, as any value.
 */
export const valueOf = <T>(name: string): T => sql.placeholder(name) as unknown as T;
