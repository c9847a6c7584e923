// Statements whose SQL drizzle builds once. Drizzle's query builder writes a statement's text and
// parameter list again on every call, 0.2–0.3 ms of the event loop for an insert or an update of a
// few columns (an order sent with an Idempotency-Key claimed its key and stored its answer through
// two of them: server README, "Orders sent with an Idempotency-Key"). Here a statement is built once
// with `sql.placeholder`s for its values, and each call hands the text with the values to the
// session it runs on (the database's, or a transaction's), which maps the returned rows as
// drizzle's own builder does. Values are encoded here as drizzle's builder encodes a value it is
// given: null stays SQL NULL, anything else goes through its column's encoder (drizzle's own
// placeholders would hand null to the encoder: JSON `null` in a jsonb column, a TypeError in a
// timestamp one). ./insert-statements.ts does the same for inserts whose shape varies.
import { is, Param, Placeholder, sql, type Query } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A statement's text with its parameters as bare placeholders, and how each named value is encoded. */
export interface BuiltStatement {
  query: Query;
  /** Per placeholder name: its column's encoder, or null for a value bound as it is. */
  encoders: Map<string, ((value: unknown) => unknown) | null>;
}

/**
 * `query` ready to be run again with other values, or null when a parameter is not a placeholder
 * (a value would be frozen into the text for every later call).
 */
export function placeholdersOf(query: Query): BuiltStatement | null {
  const encoders = new Map<string, ((value: unknown) => unknown) | null>();
  const params: unknown[] = [];
  for (const param of query.params) {
    if (is(param, Placeholder)) {
      if (!encoders.has(param.name)) encoders.set(param.name, null);
      params.push(param);
    } else if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      encoders.set(param.value.name, (value) => encoder.mapToDriverValue(value));
      params.push(param.value);
    } else return null;
  }
  return { query: { ...query, params }, encoders };
}

/** Runs `built` with `values` (by placeholder name) on `db`, the database or a transaction. */
export function runBuilt<R>(db: Db, built: BuiltStatement, fields: SelectedFieldsOrdered, values: Record<string, unknown>): Promise<R[]> {
  const encoded: Record<string, unknown> = {};
  for (const [name, encode] of built.encoders) {
    const value = values[name];
    encoded[name] = value === null || value === undefined ? null : encode ? encode(value) : value;
  }
  return db._.session.prepareQuery(built.query, fields, undefined, true).execute(encoded) as Promise<R[]>;
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
  let built: { statement: BuiltStatement; fields: SelectedFieldsOrdered } | undefined;
  return async (db, values) => {
    if (!built) {
      const builder = build(db);
      const query = builder.toSQL();
      const fields = returningOf(builder);
      if (!fields) throw new Error(`a statement built once returns its rows: ${query.sql}`);
      const statement = placeholdersOf(query);
      if (!statement) throw new Error(`a statement built once takes every value as a placeholder: ${query.sql}`);
      built = { statement, fields };
    }
    return runBuilt<R>(db, built.statement, built.fields, values);
  };
}

/**
 * `sql.placeholder(name)` where a value of type T is expected: drizzle's types take none in an
 * update's `set`, though at run time it binds one there through the column's encoder, as any value.
 */
export const valueOf = <T>(name: string): T => sql.placeholder(name) as unknown as T;
