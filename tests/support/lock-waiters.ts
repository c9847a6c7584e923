// For the PostgreSQL race tests: a test holds a row through a connection of its own, starts the
// requests that must wait on it, and goes on only once they do.
import type pg from 'pg';

const POLL_MS = 20;

/**
 * Resolves once at least `count` sessions of this database wait on a lock in a statement matching
 * `queryLike` (ILIKE); rejects after `timeoutMs`, naming how many did. `client` may be inside a
 * transaction: it drops its snapshot of the activity view before each look (a transaction keeps
 * one, and would not see a wait that began later). Only this database's sessions count: other test
 * files share the server.
 */
export async function lockWaiters(client: pg.Client, queryLike: string, count = 1, timeoutMs = 10_000): Promise<void> {
  for (let waited = 0; ; waited += POLL_MS) {
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1",
      [queryLike],
    );
    if (Number(rows[0]!.n) >= count) return;
    if (waited > timeoutMs) throw new Error(`${rows[0]!.n} of ${count} sessions waited on a lock in "${queryLike}"`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
