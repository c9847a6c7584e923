// Is this process worth sending traffic to: the database answers, and every migration this code
// ships is applied (drizzle's own record, drizzle.__drizzle_migrations, holds each applied
// migration's folder time: the newest must be the journal's newest). Behind GET /api/health/ready.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { log } from '../log';
import { migrationsFolder, type Database } from './client';
import { isStatementRefusal } from './errors';

/** A probe is answered within this, whatever the database does (a pool waiting for a dead server waits 30 s). */
export const READINESS_TIMEOUT_MS = 3000;

export interface Readiness {
  status: 'ready' | 'not_ready';
  database: 'ok' | 'unreachable';
  migrations: 'applied' | 'pending' | 'unknown';
}

let newestShipped: number | undefined;

/** The newest migration this code ships (drizzle-kit's journal: `when` is the folder time drizzle records). */
function newestShippedMigration(): number {
  if (newestShipped === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
    newestShipped = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newestShipped;
}

function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One statement, which also says the database answers: under load a probe waits its turn with the
 * requests (PGlite runs one statement at a time), so a second statement would double its wait.
 */
export async function readiness(database: Database, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  let applied = 0;
  try {
    const query = database.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    // Both drivers answer { rows }; bigint arrives as a string on PostgreSQL, a number on PGlite.
    const result = (await withinTimeout(query, timeoutMs)) as unknown as { rows: { newest: string | number | null }[] };
    applied = Number(result.rows[0]?.newest ?? 0);
  } catch (err) {
    if (!isStatementRefusal(err)) {
      log().warn({ err }, 'not ready: the database does not answer');
      return { status: 'not_ready', database: 'unreachable', migrations: 'unknown' };
    }
    // The database answered, without a record it lets us read: never migrated (no table), or not ours to read.
    log().warn({ err }, 'not ready: no migration record');
  }
  if (applied < newestShippedMigration()) {
    log().warn('not ready: migrations pending (npm run db:migrate, or start the server once)');
    return { status: 'not_ready', database: 'ok', migrations: 'pending' };
  }
  return { status: 'ready', database: 'ok', migrations: 'applied' };
}
