// Fresh, isolated databases for server tests: an in-memory PGlite always, and a throwaway
// PostgreSQL database when TEST_DATABASE_URL points at a server (CI sets it). Each is a copy of
// the run's migrated template (tests/setup/database-templates.ts) when there is one; else it is
// migrated here.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '~server/db/client';
import { throwawayDatabase } from './throwaway-database';

/**
 * What the run's globalSetup provided; nothing outside a Vitest run (the benchmarks open test
 * databases too), where `inject` throws.
 */
function provided<K extends 'pgliteTemplate' | 'postgresTemplate' | 'pgliteSeededTemplate' | 'postgresSeededTemplate' | 'seededAt'>(key: K): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** A file the run's globalSetup wrote, read once per worker; undefined without it. */
function templateFile(key: 'pgliteTemplate' | 'pgliteSeededTemplate'): () => Blob | undefined {
  let bytes: Blob | null | undefined;
  return () => {
    if (bytes === undefined) {
      const file = provided(key);
      bytes = file ? new Blob([readFileSync(file)]) : null;
    }
    return bytes ?? undefined;
  };
}
const pgliteTemplate = templateFile('pgliteTemplate');
const pgliteSeededTemplate = templateFile('pgliteSeededTemplate');

/**
 * When the run's seeded templates were seeded, if there are any (tests/setup/database-templates.ts):
 * a test API made another day seeds its own, so that its demo orders are of its own day.
 */
export function templatesSeededAt(): Date | null {
  const at = provided('seededAt');
  return at ? new Date(at) : null;
}

export interface TestDriver {
  name: 'pglite' | 'postgres';
  /**
   * Opens a new empty, migrated database; `dispose` drops it. With `seeded`, a copy of the run's
   * seeded template when there is one (`seeded` true in the answer), else the same empty database.
   */
  create(options?: { poolSize?: number; seeded?: boolean }): Promise<{ database: Database; seeded?: boolean; dispose(): Promise<void> }>;
}

const pgliteDriver: TestDriver = {
  name: 'pglite',
  async create(options = {}) {
    const seeded = options.seeded ? pgliteSeededTemplate() : undefined;
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: seeded ?? pgliteTemplate() });
    // A copy of the template is migrated already: this only reads the journal and finds nothing to do.
    await database.migrate();
    return { database, seeded: seeded !== undefined, dispose: () => database.close() };
  },
};

function postgresDriver(adminUrl: string): TestDriver {
  return {
    name: 'postgres',
    async create(options = {}) {
      const seededTemplate = options.seeded ? provided('postgresSeededTemplate') : '';
      const throwaway = await throwawayDatabase(adminUrl, 'test', seededTemplate || provided('postgresTemplate'));
      const database = await openDatabase({ url: throwaway.url, poolSize: options.poolSize });
      await database.migrate();
      return {
        database,
        seeded: seededTemplate !== '',
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
