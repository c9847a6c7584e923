// `npm run db:backup`: the database, the documents and the mail outbox into one timestamped file
// (layout: server/backup/archive.ts).
import { cpSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { BACKUP_FOLDER_MODE, countFiles, DATABASE_FOLDER, discard, FILES_FOLDER, MANIFEST_FILE, pack, stamp } from './archive';
import { BACKUP_FORMAT, BackupRefusal, FILE_FOLDERS, type Manifest } from './manifest';
import { dumpPglite, PGLITE_DUMP } from './pglite';
import { dumpPostgres, POSTGRES_DUMP } from './postgres';

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

export async function createBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  { outDir, now = new Date() }: { outDir: string; now?: Date },
): Promise<BackupResult> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  mkdirSync(outDir, { recursive: true, mode: BACKUP_FOLDER_MODE });
  const file = path.join(outDir, `rentalp-backup-${kind}-${stamp(now)}.tar.gz`);
  if (existsSync(file)) throw new BackupRefusal(`${file} already exists: wait a second and run the backup again.`);
  const staging = `${file}.staging`;
  discard(staging);
  mkdirSync(staging, { mode: BACKUP_FOLDER_MODE });
  mkdirSync(path.join(staging, DATABASE_FOLDER), { recursive: true });
  try {
    // The database first, then the files: a document is written before the row naming it, so
    // every document the dumped rows name is on disk by the time the files are copied.
    const schema = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, path.join(staging, DATABASE_FOLDER, POSTGRES_DUMP))
      : await dumpPglite(path.join(config.dataDir, 'db'), path.join(staging, DATABASE_FOLDER, PGLITE_DUMP));
    const files: Record<string, number> = {};
    for (const folder of FILE_FOLDERS) {
      const source = path.join(config.dataDir, folder);
      const copy = path.join(staging, FILES_FOLDER, folder);
      if (existsSync(source)) cpSync(source, copy, { recursive: true });
      files[folder] = countFiles(copy);
    }
    const manifest: Manifest = { format: BACKUP_FORMAT, createdAt: now.toISOString(), database: kind, schema, files };
    writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await pack(staging, file);
    return { file, bytes: statSync(file).size, manifest };
  } finally {
    discard(staging);
  }
}
