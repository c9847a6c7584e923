// Database errors the API turns into answers instead of 500s.

/** PostgreSQL's unique_violation (PGlite reports the same code), raised directly or as a cause. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}
