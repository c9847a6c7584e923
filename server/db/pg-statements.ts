// node-postgres sends every query as an unnamed statement, which PostgreSQL parses and plans anew
// each time. The API sends the same few hundred texts over and over (drizzle writes a call site's
// SQL the same way every time), so each read or write text gets a name: a connection then parses
// it once and afterwards only binds and executes it (pg keeps, per connection, which names it has
// parsed). DDL and other statements stay unnamed. PostgreSQL replans a statement after a schema
// change by itself, except when the change alters what the statement returns (a column's type):
// then it refuses it once ("cached plan must not change result type"), and the text gets a new
// name, parsed afresh by every connection. The same idea as server/db/pglite-statements.ts for the
// embedded database.
import pg from 'pg';
import { isPlainReadOrWrite } from './pglite-statements';

/** Texts given a name, for the process's life: the first this many distinct ones; later ones run unnamed. */
export const NAMED_STATEMENTS_MAX = 256;


const names = new Map<string, string>();
let counter = 0;
/** PostgreSQL's feature_not_supported, what a prepared statement whose result changed raises. */
const PLAN_RESULT_CHANGED = '0A000';

/** The name `text` runs under, or undefined for a text that runs unnamed. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= NAMED_STATEMENTS_MAX || !isPlainReadOrWrite(text)) return known;
  const name = `rentalp_${++counter}`;
  names.set(text, name);
  return name;
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/** pg's `query` arguments, with a name for a read or write given as text and values. */
export function withStatementName(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (typeof first === 'string') {
    const values = rest[0];
    // Without values (or with a callback in their place) pg runs the simple protocol: no statement to name.
    if (!Array.isArray(values)) return args;
    const name = statementName(first);
    return name ? [{ text: first, values, name }, ...rest.slice(1)] : args;
  }
  const config = first as QueryConfig | null;
  // A Query, cursor or stream object (it has `submit`) is pg's own; a config with a name keeps it.
  if (!config || typeof config !== 'object' || typeof config.text !== 'string' || config.name !== undefined || config.submit !== undefined) return args;
  const name = statementName(config.text);
  return name ? [{ ...config, name }, ...rest] : args;
}

/** After PostgreSQL refused a statement whose result changed, its text runs under a new name. */
function renameIfStale(err: unknown, text: string): void {
  if ((err as { code?: unknown } | null)?.code !== PLAN_RESULT_CHANGED || !names.has(text)) return;
  names.delete(text);
  statementName(text);
}

/** A node-postgres client whose reads and writes run as named statements. */
export class NamedStatementsClient extends pg.Client {
  override query(...args: unknown[]): never {
    const named = withStatementName(args);
    const config = named[0] as { text?: string; name?: string } | null;
    const run = super.query as (...a: unknown[]) => unknown;
    if (named === args || !config?.name) return run.apply(this, args) as never;
    const text = config.text!;
    const last = named[named.length - 1];
    if (typeof last === 'function') {
      // The callback form (the pool's own query uses it).
      const callback = last as (err: unknown, result: unknown) => void;
      return run.apply(this, [
        ...named.slice(0, -1),
        (err: unknown, result: unknown) => {
          renameIfStale(err, text);
          callback(err, result);
        },
      ]) as never;
    }
    const result = run.apply(this, named) as Promise<unknown>;
    result.catch((err: unknown) => renameIfStale(err, text));
    return result as never;
  }
}
