// Opens the database: embedded PGlite (a data folder on disk) by default, PostgreSQL through
// node-postgres when a connection URL is given. Both speak the same schema and migrations.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';
import { PGLITE_QUEUE_TIMEOUT_MS, queuedPglite, TurnQueue } from './pglite-queue';
import { timedPgPool, timedPglite } from './slow-queries';
import { releaseOnFailedBegin } from './failed-begin';
import { logger } from '../log';
import { withDrizzleTextTypes } from './pglite-parsers';
import { withPreparedStatements } from './pglite-statements';
import { NamedStatementsClient } from './pg-statements';
import { lockDataDir, prepareDataDir, unusableDataDir } from './data-dir';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL: the connection string, for connections outside the pool (LISTEN). */
  url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool, whose counts the metrics read at each scrape (server/metrics/). */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** PGlite: the queue in front of the single backend, watched by the metrics. */
  queue?: TurnQueue;
  /** PGlite: the whole database as one tarball (PGlite's dumpDataDir), which `loadDataDir` opens again. */
  dump?: () => Promise<Blob>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string;
  /** PGlite data folder; `memory://` (or undefined with `inMemory`) keeps everything in RAM, for tests. */
  dataDir?: string;
  /**
   * PGlite: start from this tarball (a `dump()`) instead of an empty database. The tests open a
   * migrated template this way rather than running every migration for each test file.
   */
  loadDataDir?: Blob;
  /** node-postgres pool size. */
  poolSize?: number;
  /** PGlite: how long a query waits for its turn (default PGLITE_QUEUE_TIMEOUT_MS). */
  queueTimeoutMs?: number;
  /**
   * PostgreSQL: reads and writes as named statements, parsed once per connection (default on). Off
   * for a pooler that hands each transaction another server connection (PgBouncer in transaction
   * mode without `max_prepared_statements`), where a connection's statements are not its own.
   */
  namedStatements?: boolean;
}

/**
 * Longest a request waits for a connection (a free one of the pool, or a new one) before it gives
 * up with a 503: far above a busy pool's queue (the order benchmark's p99 under load is ~6 s), so
 * it only ends the wait on a server that does not answer at all.
 */
const CONNECT_TIMEOUT_MS = 30_000;
/** The embedded database's buffer pool (PostgreSQL's shared_buffers). */
const PGLITE_SHARED_BUFFERS = '8MB';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const migrationsFolder = path.join(projectRoot, 'server/db/migrations');
export const defaultDataDir = path.join(projectRoot, '.data/db');

/** True when `dataDir` holds no PGlite database yet (first start). */
export function isFreshDataDir(dataDir: string = defaultDataDir): boolean {
  return !dataDir.startsWith('memory://') && !existsSync(path.join(dataDir, 'PG_VERSION'));
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url) {
    // A server that is down refuses at once; one that is unreachable (a cut network) would hold
    // a request forever without a connect timeout. Either way the request answers 503 and the
    // pool opens fresh connections once the server answers again (server/db/errors.ts).
    // A transaction whose BEGIN fails gives its client back (./failed-begin.ts).
    const pool = releaseOnFailedBegin(timedPgPool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, Client: options.namedStatements === false ? pg.Client : NamedStatementsClient }));
    // An idle client that errors (e.g. the server restarts) must not crash the process.
    pool.on('error', (err) => logger.warn({ err }, 'database: idle client error'));
    // Nor one checked out (a transaction between two statements): node-postgres emits its lost
    // connection as an 'error' event, which without a listener ends the process; the statement
    // in flight fails on its own and the request answers 503.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      url: options.url,
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
      pool,
    };
  }
  const dataDir = options.dataDir ?? defaultDataDir;
  // A folder that cannot hold the database, or one another process has open, stops here with a
  // message naming it (server/db/data-dir.ts).
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk) prepareDataDir(dataDir);
  const unlock = onDisk ? lockDataDir(dataDir) : () => undefined;
  // A reference shop's data is a few MB, and PGlite reads its files through the operating system's
  // page cache (outside this process): 8 MB of buffers instead of PGlite's 128 MB keeps the
  // process small (docs/performance-log.md, memory: 32 MB cost 10–20 MB more RSS at idle than 16, and
  // 16 about 6 MB more than 8, measured; the orders load ran no slower on 8).
  // PGlite's own start flags are kept (among them -F: no fsync per commit, so a killed process
  // loses nothing but a power cut could; production runs on PostgreSQL).
  const startParams = [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = await PGlite.create(dataDir, { startParams, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) }).catch((err: unknown) => {
    unlock();
    throw onDisk ? unusableDataDir(dataDir, err) : err;
  });
  // Requests wait for the single backend at most PGLITE_QUEUE_TIMEOUT_MS, then answer 503.
  const queue = new TurnQueue(options.queueTimeoutMs ?? PGLITE_QUEUE_TIMEOUT_MS);
  const db = drizzlePglite(queuedPglite(timedPglite(withDrizzleTextTypes(withPreparedStatements(client))), queue), { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: async () => {
      await client.close();
      unlock();
    },
    queue,
    dump: () => client.dumpDataDir('none'),
  };
}
