// Fresh, isolated databases for server tests: an in-memory PGlite always, and a throwaway
// PostgreSQL database when TEST_DATABASE_URL points at a server (CI sets it).
import { openDatabase, type Database } from '../../server/db/client';
import { throwawayDatabase } from './throwaway-database';

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
      const throwaway = await throwawayDatabase(adminUrl, 'test');
      const database = await openDatabase({ url: throwaway.url, poolSize: options.poolSize });
      await database.migrate();
      return {
        database,
        async dispose() {
          await database.close();
          await throwaway.drop();
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
