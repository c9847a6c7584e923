// Database errors the API turns into answers instead of 500s.

/** Whether `err`, or the error it wraps (drizzle wraps the driver's once), has one of `codes`. */
function hasCode(err: unknown, codes: readonly string[]): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return [code(err), code((err as { cause?: unknown } | null)?.cause)].some((c) => typeof c === 'string' && codes.includes(c));
}

/** PostgreSQL's unique_violation (PGlite reports the same code), raised directly or as a cause. */
export function isUniqueViolation(err: unknown): boolean {
  return hasCode(err, ['23505']);
}

/**
 * The database answered and refused the statement (a PostgreSQL error with its severity and
 * SQLSTATE, on `err` or the error it wraps), rather than could not be reached: a socket error, a
 * closed client, a timeout or a connection-class code (`databaseFault`) say the opposite.
 */
export function isStatementRefusal(err: unknown): boolean {
  if (databaseFault(err) !== null) return false;
  const refusal = (e: unknown) => typeof (e as { severity?: unknown } | null)?.severity === 'string' && typeof (e as { code?: unknown }).code === 'string';
  return refusal(err) || refusal((err as { cause?: unknown } | null)?.cause);
}

/**
 * Socket errors of a server that is down, restarting or unreachable (node's codes), and
 * PostgreSQL's own for the same: class 08 (connection exception), 57P01-57P03 (shut down by an
 * administrator, crash, not accepting connections yet), 53300 (too many connections).
 */
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** node-postgres and its pool raise these as plain errors without a code. */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;
/** How deep a chain of `cause`s is followed (drizzle wraps the driver's error once). */
const MAX_CAUSE_DEPTH = 5;

/**
 * What says the database cannot be reached right now, if `err` (or an error it wraps) does: a
 * node or PostgreSQL code, or node-postgres's own message. The request did not run, or was cut off
 * mid-way (a server that stops rolls back what is in flight), and the same request can succeed
 * once the server is back. Null for any other error.
 */
export function databaseFault(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return code;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return current.message;
    current = current.cause;
  }
  return null;
}
