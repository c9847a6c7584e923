// The database tests' migrated templates, made once per Vitest run (globalSetup): a PGlite dump
// every test file's in-memory database opens instead of running the 28 migrations itself, and,
// with TEST_DATABASE_URL, a migrated PostgreSQL database each throwaway one is copied from
// (CREATE DATABASE … TEMPLATE). tests/support/databases.ts opens them; without them (a run
// outside this config) it migrates as before.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '~server/db/client';
import { configureLogger } from '~server/log';
import { throwawayDatabase } from '../support/throwaway-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite database (`Database.dump()`). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL database to copy, or '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  configureLogger({ level: 'warn' });
  const dir = await mkdtemp(path.join(tmpdir(), 'db-template-'));
  const pglite = await openDatabase({ dataDir: 'memory://' });
  await pglite.migrate();
  const file = path.join(dir, 'pglite.tar');
  await writeFile(file, Buffer.from(await (await pglite.dump!()).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', file);

  const pgUrl = process.env.TEST_DATABASE_URL;
  const template = pgUrl ? await throwawayDatabase(pgUrl, 'template') : null;
  if (template) {
    const database = await openDatabase({ url: template.url, poolSize: 1 });
    await database.migrate();
    // No connection may stay open on a template: CREATE DATABASE … TEMPLATE refuses then.
    await database.close();
  }
  project.provide('postgresTemplate', template?.name ?? '');

  return async () => {
    await template?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}
