// `npm run db:restore -- <file>`: a backup back into the configured database and DATA_DIR.
// Everything that could refuse is checked before anything is written: the archive and its
// manifest, a schema newer than the code's migrations, a backup of the other kind of database,
// a server still running on the target, and a target that already holds data (only with
// --force, which keeps what stood there aside instead of deleting it: folders are moved, and
// PostgreSQL's database is dumped there before its tables are dropped).
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from '../db/data-dir';
import { makePrivateFolderSync, protectDataDir } from '../private-files';
import { DATABASE_FOLDER, discard, FILES_FOLDER, isEmptyFolder, readManifest, stamp, unpack } from './archive';
import { assertRestorable, BackupRefusal, FILE_FOLDERS, type Manifest } from './manifest';
import { loadPglite, PGLITE_DUMP } from './pglite';
import { postgresTarget, restorePostgres, POSTGRES_DUMP } from './postgres';

export interface RestoreResult {
  manifest: Manifest;
  /** --force: where what stood in DATA_DIR was moved (null: nothing was there). */
  movedAside: string | null;
}

const KIND_NAMES = { pglite: 'the embedded database (DATABASE_URL unset)', postgres: 'PostgreSQL (DATABASE_URL set)' } as const;

export async function restoreBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  file: string,
  { force = false, now = new Date() }: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  makePrivateFolderSync(config.dataDir);
  const scratch = path.join(config.dataDir, `.restore-${stamp(now)}`);
  discard(scratch);
  try {
    const manifest = await readManifest(file, scratch);
    assertRestorable(manifest);
    if (manifest.database !== kind) {
      throw new BackupRefusal(`This backup is of ${KIND_NAMES[manifest.database]}, but the configuration names ${KIND_NAMES[kind]}: restore it with the same kind; nothing was changed.`);
    }
    const dbDir = path.join(config.dataDir, 'db');
    // Held until the end: a server starting meanwhile is refused instead of opening a half-restored folder.
    const unlock = kind === 'pglite' ? lockDataDir(dbDir) : () => undefined;
    try {
      const occupied: string[] = [];
      let wipe = false;
      if (config.databaseUrl) {
        const target = await postgresTarget(config.databaseUrl);
        if (target.sessions > 0) {
          throw new BackupRefusal(`${target.sessions} other session(s) are connected to the target database: stop the API processes (npm start) first; nothing was changed.`);
        }
        wipe = target.tables > 0;
        if (wipe) occupied.push(`the database DATABASE_URL names (${target.tables} tables)`);
      } else if (!isEmptyFolder(dbDir)) occupied.push(dbDir);
      for (const folder of FILE_FOLDERS) if (!isEmptyFolder(path.join(config.dataDir, folder))) occupied.push(path.join(config.dataDir, folder));
      if (occupied.length > 0 && !force) {
        throw new BackupRefusal(
          `The restore would overwrite ${occupied.join(', ')}. Restore into an empty DATA_DIR and database, or add --force ` +
            '(folders are moved aside into DATA_DIR/replaced-<time>, a PostgreSQL database is dumped there before its tables are dropped); nothing was changed.',
        );
      }
      await unpack(file, scratch);
      // Before anything is moved aside: an archive without its database is no backup.
      const dump = path.join(DATABASE_FOLDER, config.databaseUrl ? POSTGRES_DUMP : PGLITE_DUMP);
      if (!existsSync(path.join(scratch, dump))) throw new BackupRefusal(`${file} has no ${dump}: it is not a whole backup; nothing was changed.`);
      const aside = path.join(config.dataDir, `replaced-${stamp(now)}`);
      let moved = false;
      const clear = (dir: string) => {
        if (isEmptyFolder(dir)) return discard(dir);
        makePrivateFolderSync(aside);
        renameSync(dir, path.join(aside, path.basename(dir)));
        moved = true;
      };
      // The database first: if it fails, the documents and the outbox have not been touched.
      if (config.databaseUrl) {
        await restorePostgres(config.databaseUrl, path.join(scratch, DATABASE_FOLDER, POSTGRES_DUMP), { keepAside: wipe ? aside : null });
        moved ||= wipe;
      } else {
        clear(dbDir);
        try {
          await loadPglite(dbDir, path.join(scratch, DATABASE_FOLDER, PGLITE_DUMP));
        } catch (err) {
          // The folder that stood there is safe aside: say where, or the operator thinks it lost.
          if (moved) throw new Error(`${(err as Error).message}\nThe database folder that stood there was moved to ${aside} before the restore; put it back if you need it.`, { cause: err });
          throw err;
        }
      }
      for (const folder of FILE_FOLDERS) {
        const target = path.join(config.dataDir, folder);
        clear(target);
        const restored = path.join(scratch, FILES_FOLDER, folder);
        if (existsSync(restored)) renameSync(restored, target);
      }
      // The archive's files come back with the modes they were packed with: owner-only again.
      protectDataDir(config.dataDir);
      return { manifest, movedAside: moved ? aside : null };
    } finally {
      unlock();
    }
  } finally {
    discard(scratch);
  }
}
