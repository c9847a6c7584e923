// The data folder holds customers' identity documents (uploads/), their mails (outbox/) and the
// database (db/): readable by the server's own user only, as the backups are (server/backup/).
// Folders are created 0700 and files 0600 whatever the process's umask (an explicit mode, then a
// chmod, since the umask can only take bits away from the mode given at creation); a data folder
// made before this rule, or put back by hand, is made private at each start (`protectDataDir`).
import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The data folder's subfolders the server writes (the database's own files are PGlite's). */
export const DATA_FOLDERS = ['db', 'uploads', 'outbox'] as const;
/** Those whose files are written one by one, and so are made 0600 one by one at start. */
const FILE_FOLDERS = ['uploads', 'outbox'] as const;

/**
 * Makes `dir` and any missing parent owner-only. A folder that exists is left as it is (the start
 * fixes those, `protectDataDir`): an upload must not fail on a folder it may write but not chmod.
 */
export function makePrivateFolderSync(dir: string): void {
  const created = mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (created === undefined) return;
  chmodSync(created, PRIVATE_FOLDER_MODE);
  chmodSync(dir, PRIVATE_FOLDER_MODE);
}

export async function makePrivateFolder(dir: string): Promise<void> {
  const created = await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (created === undefined) return;
  await chmod(created, PRIVATE_FOLDER_MODE);
  await chmod(dir, PRIVATE_FOLDER_MODE);
}

/** Writes a new file readable by its owner only. */
export async function writePrivateFile(file: string, bytes: Uint8Array): Promise<void> {
  await writeFile(file, bytes, { mode: PRIVATE_FILE_MODE });
  await chmod(file, PRIVATE_FILE_MODE);
}

/** The same, at once (the mail thread writes a mail per file synchronously). */
export function writePrivateFileSync(file: string, bytes: string | Uint8Array): void {
  writeFileSync(file, bytes, { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
}

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** `chmod` to `mode` when `entry` (not followed if a link) has group or other bits; true if changed. */
function restrict(entry: string, mode: number, kind: 'folder' | 'file'): boolean {
  let stat;
  try {
    stat = lstatSync(entry);
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return false;
    throw err;
  }
  // A link is left alone: chmod would change what it points to, maybe outside the data folder.
  if (kind === 'folder' ? !stat.isDirectory() : !stat.isFile()) return false;
  if ((stat.mode & 0o777) === mode) return false;
  chmodSync(entry, mode);
  return true;
}

/**
 * At start: the data folder and its known subfolders 0700 (the data folder, uploads/ and outbox/
 * made if absent), the files in uploads/ and outbox/ 0600. One stat per entry, a chmod only where
 * it is needed; the database's files are not walked (its folder being 0700 already keeps every
 * other user out of them). Returns how many existing entries it changed; a failure (a folder owned
 * by another user) throws.
 */
export function protectDataDir(dataDir: string): number {
  let changed = restrict(dataDir, PRIVATE_FOLDER_MODE, 'folder') ? 1 : 0;
  makePrivateFolderSync(dataDir);
  for (const name of DATA_FOLDERS) if (restrict(path.join(dataDir, name), PRIVATE_FOLDER_MODE, 'folder')) changed++;
  for (const name of FILE_FOLDERS) {
    const dir = path.join(dataDir, name);
    makePrivateFolderSync(dir);
    for (const file of readdirSync(dir)) if (restrict(path.join(dir, file), PRIVATE_FILE_MODE, 'file')) changed++;
  }
  return changed;
}
