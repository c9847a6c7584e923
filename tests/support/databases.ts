// Fresh, isolated databases for server tests: an in-memory PGlite always, and a throwaway
// PostgreSQL database when TEST_DATABASE_URL points at a server (CI sets it).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';

export interface TestDriver {
  name: 'pglite' | 'postgres';
  /** Opens a new empty, migrated database; `dispose` drops it. */
  create(options?: { poolSize?: number }): Promise<{ database: Database; dispose(): Promise<void> }>;
}

const pgliteDriver: TestDriver = {
  name: 'pglite',
  async create() {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, dispose: () => database.close() };
  },
};

function postgresDriver(adminUrl: string): TestDriver {
  return {
    name: 'postgres',
    async create(options = {}) {
      const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString(), poolSize: options.poolSize });
      await database.migrate();
      return {
        database,
        async dispose() {
          await database.close();
          const cleanup = new pg.Client({ connectionString: adminUrl });
          await cleanup.connect();
          await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await cleanup.end();
        },
      };
    },
  };
}

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl && !process.env.__PG_SKIP_NOTICE) {
  process.env.__PG_SKIP_NOTICE = '1';
  console.warn('[tests] TEST_DATABASE_URL is not set: PostgreSQL runs of the database tests are SKIPPED (PGlite only).');
}

/** Every driver the database tests must pass on, for `describe.each`. */
export const testDrivers: TestDriver[] = pgUrl ? [pgliteDriver, postgresDriver(pgUrl)] : [pgliteDriver];
