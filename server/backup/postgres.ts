// PostgreSQL in a backup: pg_dump's custom format and pg_restore (Debian's postgresql-client),
// PostgreSQL's own tools: pg_dump reads one snapshot, so a backup taken while the API processes
// run is consistent, and it carries what the migrations made besides tables (the cache triggers
// and their functions, sequences and their values). The password travels in PGPASSWORD, never on
// the command line, where `ps` would show it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { APPLIED_MIGRATIONS_SQL, BackupRefusal, schemaVersionOf, type SchemaVersion } from './manifest';
import { childProcessEnv } from '../config';
import { makePrivateFolderSync } from '../private-files';

/** The database's file inside the archive's `database/` folder. */
export const POSTGRES_DUMP = 'postgres.dump';

/** The schemas the application's migrations create (drizzle keeps its record in `drizzle`). */
const APP_SCHEMAS = ['public', 'drizzle'] as const;

/** The URL without its password, and the environment carrying it. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: childProcessEnv(password ? { PGPASSWORD: password } : {}) };
}

function run(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): void {
  const { dbname, env } = connection(url);
  const result = spawnSync(tool, [...args, `--dbname=${dbname}`], { env, encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new BackupRefusal(`${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client, the server's major version or newer).`);
  }
  if (result.status !== 0) {
    throw new Error(`${tool} failed (exit ${result.status ?? result.signal}):\n${(result.stderr || '').trim()}`);
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function schemaVersion(client: pg.Client): Promise<SchemaVersion | null> {
  const { rows } = await client.query<{ exists: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists");
  if (!rows[0]?.exists) return null;
  const applied = await client.query<{ created_at: string }>(APPLIED_MIGRATIONS_SQL);
  return schemaVersionOf(applied.rows.map((r) => Number(r.created_at)));
}

/** Dumps the database to `file`; answers the schema version it holds. */
export async function dumpPostgres(url: string, file: string): Promise<SchemaVersion> {
  const version = await withClient(url, schemaVersion);
  if (!version) throw new BackupRefusal('The database DATABASE_URL names has no migration applied: there is nothing to back up.');
  run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url);
  return version;
}

/** What stands in the target: tables of the application's schemas, and other sessions on it. */
export async function postgresTarget(url: string): Promise<{ tables: number; sessions: number }> {
  return withClient(url, async (client) => {
    const tables = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = ANY($1)', [APP_SCHEMAS]);
    const sessions = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    );
    return { tables: tables.rows[0]!.n, sessions: sessions.rows[0]!.n };
  });
}

/** What a database dump of the target is kept as before --force drops its tables. */
export const REPLACED_POSTGRES_DUMP = 'postgres-before-restore.dump';

/** The archive's table of contents, read by the tools that will restore it: refused before anything is dropped. */
function assertReadableDump(file: string): void {
  const result = spawnSync('pg_restore', ['--list', file], { encoding: 'utf8' });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new BackupRefusal('pg_restore was not found: install PostgreSQL\'s client tools (Debian: apt-get install postgresql-client, the server\'s major version or newer).');
  }
  if (result.status !== 0) {
    throw new BackupRefusal(`pg_restore cannot read this backup's database (${(result.stderr || '').trim().split('\n')[0]}): use client tools as new as the ones that made it; nothing was changed.`);
  }
}

/**
 * Restores `file` into the database. `keepAside` (--force over a database that holds data): the
 * database is first dumped there, then the application's schemas are dropped, so a restore that
 * fails after the drop leaves the old data in that dump, not nowhere. The restore itself is one
 * transaction, so a failure leaves no half of it behind.
 */
export async function restorePostgres(url: string, file: string, { keepAside }: { keepAside: string | null }): Promise<SchemaVersion | null> {
  assertReadableDump(file);
  if (keepAside) {
    makePrivateFolderSync(keepAside);
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(keepAside, REPLACED_POSTGRES_DUMP)}`], url);
    await withClient(url, (client) =>
      client.query('BEGIN; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; COMMIT;'),
    );
  }
  run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file], url);
  return withClient(url, schemaVersion);
}
