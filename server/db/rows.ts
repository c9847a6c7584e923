// The rows of `db.execute(sql…)`: PGlite and node-postgres both answer an object with `rows`, while
// Drizzle types the answer by driver; one reading of it for every raw statement.

/** The rows a raw statement answered, typed as the caller's SELECT list says. */
export function executedRows<T>(result: unknown): T[] {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as T[];
}
