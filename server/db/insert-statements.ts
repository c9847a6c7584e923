// Inserts whose SQL drizzle builds once. Drizzle's query builder writes a statement's text and
// parameter list again on every call: for an order's row with its `returning()` list that is 330 µs
// of the event loop, its lines 125 µs (measured alone; server README, "Where an order's time
// goes"). Its prepared statements build once, but one prepared on the database cannot run inside a
// transaction, whose statements go through the transaction's own session. Here the text is built
// once per table, column set and row count with placeholders, and each call hands it with the
// row's values, encoded as drizzle's builder encodes them (./built-statements.ts), to the session it
// runs on (the transaction's, or the database's), which maps the returned rows as drizzle's own
// insert does.
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { placeholdersOf, runBuilt, type BuiltStatement } from './built-statements';

/** Shapes kept per table (column sets × row counts); past it, a new shape is built each time. */
const MAX_SHAPES_PER_TABLE = 32;

interface Shape {
  statement: BuiltStatement;
  /** The returned columns in the table's order, as drizzle's `returning()` lists them. */
  fields: { path: string[]; field: ReturnType<typeof getTableColumns>[string] }[];
}

/** Per table, per shape: the statement, or null where it cannot be reused. */
const shapes = new WeakMap<PgTable, Map<string, Shape | null>>();

/** The keys of `row` with a value: a key left undefined gets the column's default, as in drizzle. */
function givenKeys(row: object): string {
  return Object.entries(row)
    .flatMap(([key, value]) => (value === undefined ? [] : [key]))
    .join(',');
}

/**
 * Builds the statement of `rowCount` rows giving `keys`, every value a placeholder. Null when a
 * parameter is not one: a column left out that has a default computed in JavaScript (`$defaultFn`,
 * `$onUpdateFn`) is given its value when the statement is built, which a reused text would freeze.
 */
function build(db: Db, table: PgTable, keys: string[], rowCount: number): Shape | null {
  const placeholders = Array.from({ length: rowCount }, (_, r) => Object.fromEntries(keys.map((key) => [key, sql.placeholder(`${r}:${key}`)])));
  const statement = placeholdersOf(db.insert(table).values(placeholders as never).returning().toSQL());
  if (!statement) return null;
  return { statement, fields: Object.entries(getTableColumns(table)).map(([key, column]) => ({ path: [key], field: column })) };
}

/**
 * `db.insert(table).values(rows).returning()`, with the statement built once per shape. `db` is the
 * database or a transaction. Rows that do not all give the same keys go through drizzle's builder.
 */
export async function insertReturning<T extends PgTable>(db: Db, table: T, rows: readonly T['$inferInsert'][]): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const given = givenKeys(rows[0]!);
  const plain = () => db.insert(table).values(rows as never).returning() as unknown as Promise<T['$inferSelect'][]>;
  if (rows.some((row) => givenKeys(row) !== given)) return plain();
  const keys = given === '' ? [] : given.split(',');
  const shapeKey = `${rows.length}|${given}`;
  let byShape = shapes.get(table);
  if (!byShape) shapes.set(table, (byShape = new Map()));
  let shape = byShape.get(shapeKey);
  if (shape === undefined) {
    shape = build(db, table, keys, rows.length);
    if (byShape.size < MAX_SHAPES_PER_TABLE) byShape.set(shapeKey, shape);
  }
  if (!shape) return plain();
  const values: Record<string, unknown> = {};
  rows.forEach((row, r) => {
    for (const key of keys) values[`${r}:${key}`] = (row as Record<string, unknown>)[key];
  });
  return runBuilt<T['$inferSelect']>(db, shape.statement, shape.fields, values);
}
