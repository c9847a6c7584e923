// The embedded database in a backup: PGlite's own dump of its data folder (dumpDataDir, a tar)
// and its own load of one into an empty folder (the loadDataDir option), rather than copying the
// folder by hand. PGlite opens the folder first, so a backup of a damaged folder fails when it is
// made instead of when it is needed, a folder left by a killed process is recovered before it is
// dumped, and the CHECKPOINT before the dump leaves nothing in the write-ahead log to replay.
// A running `npm start` holds the folder (DATA_DIR/db.lock): the backup is refused, not taken
// from under it, since a second PGlite on one folder corrupts it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { checkDataDir, lockDataDir, unusableDataDir } from '../db/data-dir';
import { makePrivateFolderSync } from '../private-files';
import { APPLIED_MIGRATIONS_SQL, BackupRefusal, schemaVersionOf, type SchemaVersion } from './manifest';

/** The database's file inside the archive's `database/` folder. */
export const PGLITE_DUMP = 'pglite-data.tar';

async function schemaVersion(client: PGlite): Promise<SchemaVersion | null> {
  try {
    const { rows } = await client.query<{ created_at: string | number }>(APPLIED_MIGRATIONS_SQL);
    return schemaVersionOf(rows.map((r) => Number(r.created_at)));
  } catch {
    // No drizzle schema yet: nothing was ever migrated.
    return null;
  }
}

async function open(dbDir: string, loadDataDir?: Blob): Promise<PGlite> {
  try {
    return await PGlite.create(dbDir, loadDataDir ? { loadDataDir } : {});
  } catch (err) {
    throw unusableDataDir(dbDir, err);
  }
}

/** Writes the data folder's dump to `file`; answers the schema version it holds. */
export async function dumpPglite(dbDir: string, file: string): Promise<SchemaVersion> {
  checkDataDir(dbDir);
  if (!existsSync(dbDir)) throw new BackupRefusal(`There is no embedded database in ${dbDir} to back up (check DATA_DIR; DATABASE_URL is unset).`);
  const unlock = lockDataDir(dbDir);
  try {
    const client = await open(dbDir);
    try {
      const version = await schemaVersion(client);
      if (!version) throw new BackupRefusal(`The database in ${dbDir} has no migration applied: there is nothing to back up.`);
      await client.exec('CHECKPOINT');
      const tar = await client.dumpDataDir('none');
      writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
      return version;
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Loads a dump into `dbDir`, which must be absent or empty; the caller holds the folder's lock
 * and has moved an old folder aside.
 */
export async function loadPglite(dbDir: string, file: string): Promise<SchemaVersion | null> {
  makePrivateFolderSync(dbDir);
  const client = await open(dbDir, new Blob([readFileSync(file)]));
  try {
    return await schemaVersion(client);
  } finally {
    await client.close();
  }
}
