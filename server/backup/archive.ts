// The backup file: one gzipped tar (the `tar` package, npm's own) laid out as
//   manifest.json                   what it is (server/backup/manifest.ts)
//   database/pglite-data.tar        the embedded database (PGlite's dumpDataDir), or
//   database/postgres.dump          PostgreSQL (pg_dump's custom format)
//   files/uploads/…, files/outbox/… the documents and the mail outbox of DATA_DIR
// It is assembled in a staging folder next to its destination and renamed into place once whole,
// so an interrupted backup never leaves a file that looks complete.
import { chmodSync, closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { create, extract } from 'tar';
import { BackupRefusal, ManifestSchema, type Manifest } from './manifest';
import { makePrivateFolderSync } from '../private-files';

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FOLDER = 'database';
export const FILES_FOLDER = 'files';

/** `2026-11-27T10-15-30Z`: sortable, and a valid file name everywhere. */
export function stamp(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
}

/** Regular files under `dir`, at any depth (0 when it does not exist). */
export function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** True when `dir` is absent or holds nothing. */
export function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || (statSync(dir).isDirectory() && readdirSync(dir).length === 0);
}

/** A backup holds every customer's data and documents: readable by its owner only. */
export const BACKUP_FILE_MODE = 0o600;
export const BACKUP_FOLDER_MODE = 0o700;

/** Packs the staging folder's content into `file` (written as `file.partial`, then renamed). */
export async function pack(staging: string, file: string): Promise<void> {
  const partial = `${file}.partial`;
  // Created owner-only before a byte is written (the umask would leave it readable by every user).
  closeSync(openSync(partial, 'w', BACKUP_FILE_MODE));
  chmodSync(partial, BACKUP_FILE_MODE);
  await create({ gzip: true, portable: true, file: partial, cwd: staging }, readdirSync(staging).sort());
  renameSync(partial, file);
}

/** Reads manifest.json alone from an archive (the rest is not unpacked). */
export async function readManifest(file: string, scratch: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupRefusal(`There is no backup file ${file}.`);
  // The unpacked database and documents are customers' data too.
  makePrivateFolderSync(scratch);
  try {
    await extract({ file, cwd: scratch, strict: true, filter: (entry) => entry === MANIFEST_FILE });
  } catch (err) {
    throw new BackupRefusal(`${file} is not a readable backup (${(err as Error).message}).`);
  }
  const manifestPath = path.join(scratch, MANIFEST_FILE);
  if (!existsSync(manifestPath)) throw new BackupRefusal(`${file} is not a backup of this application: it has no ${MANIFEST_FILE}.`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (err) {
    throw new BackupRefusal(`${file} has a ${MANIFEST_FILE} this code cannot read (${(err as Error).message}).`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupRefusal(`${file} has a ${MANIFEST_FILE} this code cannot read: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}.`);
  return parsed.data;
}

/** What a backup holds: files and folders (db:backup packs nothing else). */
const ARCHIVE_ENTRY_TYPES: ReadonlySet<string> = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/**
 * Unpacks the whole archive into `scratch`. node-tar keeps every entry inside it, and refuses
 * (strict) an entry climbing out with `..`; a link or a device is refused here, since a link may
 * point anywhere (`database/pglite-data.tar` → /etc/passwd). Either is a BackupRefusal.
 */
export async function unpack(file: string, scratch: string): Promise<void> {
  const refused: string[] = [];
  try {
    await extract({
      file,
      cwd: scratch,
      strict: true,
      filter: (entry, stat) => {
        const type = 'type' in stat ? String(stat.type) : 'File';
        if (ARCHIVE_ENTRY_TYPES.has(type)) return true;
        refused.push(entry);
        return false;
      },
    });
  } catch (err) {
    throw new BackupRefusal(`${file} is not a readable backup (${(err as Error).message}).`);
  }
  if (refused.length > 0) throw new BackupRefusal(`${file} holds a link or a device (${refused.slice(0, 3).join(', ')}), which no backup has; nothing was changed.`);
}

/**
 * Removes a staging or scratch folder, whatever happened. Retried: an extraction refused half-way
 * may still have a write landing in the folder while it is removed (ENOTEMPTY seen in CI), and a
 * refusal must end in its one line, never a stack trace.
 */
export function discard(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}
