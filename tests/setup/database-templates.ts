// The database tests' migrated templates, made once per Vitest run (globalSetup): a PGlite dump
// every test file's in-memory database opens instead of running the 28 migrations itself, and,
// with TEST_DATABASE_URL, a migrated PostgreSQL database each throwaway one is copied from
// (CREATE DATABASE … TEMPLATE). Beside each, the same database seeded as most API tests seed it
// (tests/support/app.ts): a test API made the same day opens that copy instead of seeding again.
// tests/support/databases.ts opens them; without them (a run outside this config) it migrates
// and seeds as before.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '~server/db/client';
import { seed } from '~server/db/seed/index';
import { configureLogger } from '~server/log';
import { testSeedOptions } from '../support/config';
import { throwawayDatabase } from '../support/throwaway-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite database (`Database.dump()`). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database to copy, or '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
    /** The same PGlite database seeded (`seedTestApiDatabase`) at `seededAt`. */
    pgliteSeededTemplate: string;
    /** The same PostgreSQL database seeded at `seededAt`, or ''. */
    postgresSeededTemplate: string;
    /** When the seeded templates were seeded (ISO): their demo orders are that day's. */
    seededAt: string;
  }
}

/** What tests/support/app.ts's `createTestApi` seeds with its default options. */
const seedTestApiDatabase = (database: Database, now: Date) => seed(database.db, now, testSeedOptions({ demo: true }));

async function dumpTo(database: Database, file: string): Promise<string> {
  await writeFile(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  return file;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  configureLogger({ level: 'warn' });
  const seededAt = new Date();
  const dir = await mkdtemp(path.join(tmpdir(), 'db-template-'));
  const pglite = await openDatabase({ dataDir: 'memory://' });
  await pglite.migrate();
  project.provide('pgliteTemplate', await dumpTo(pglite, path.join(dir, 'pglite.tar')));
  await seedTestApiDatabase(pglite, seededAt);
  project.provide('pgliteSeededTemplate', await dumpTo(pglite, path.join(dir, 'pglite-seeded.tar')));
  await pglite.close();
  project.provide('seededAt', seededAt.toISOString());

  const pgUrl = process.env.TEST_DATABASE_URL;
  const template = pgUrl ? await throwawayDatabase(pgUrl, 'template') : null;
  const seededTemplate = template ? await throwawayDatabase(pgUrl!, 'seeded_template') : null;
  if (template && seededTemplate) {
    const database = await openDatabase({ url: template.url, poolSize: 1 });
    await database.migrate();
    // No connection may stay open on a template: CREATE DATABASE … TEMPLATE refuses then.
    await database.close();
    const seeded = await openDatabase({ url: seededTemplate.url, poolSize: 1 });
    await seeded.migrate();
    await seedTestApiDatabase(seeded, seededAt);
    await seeded.close();
  }
  project.provide('postgresTemplate', template?.name ?? '');
  project.provide('postgresSeededTemplate', seededTemplate?.name ?? '');

  return async () => {
    await template?.drop();
    await seededTemplate?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}
