// Several API processes may start at once on one PostgreSQL (a cluster, a rolling deploy): the
// migrations and the seed run under a session advisory lock, one process after the other, so two
// of them never apply the same migration or seed the same rows side by side.
import pg from 'pg';
import type { Database } from '../db/client';

/** The advisory lock key of the start-up work (any constant shared by every process). */
export const STARTUP_LOCK_KEY = 150_015;

export async function underStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.driver !== 'postgres' || !database.url) return work();
  const client = new pg.Client({ connectionString: database.url, application_name: 'rentalp-startup' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases the lock, also if the unlock itself fails.
    await client.end().catch(() => undefined);
  }
}
