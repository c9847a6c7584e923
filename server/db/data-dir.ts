// The embedded database's data folder (DATA_DIR/db): what every process checks before PGlite opens
// it, and the lock that keeps a second process out of it. A folder that cannot be used stops
// `npm start` and the db:* commands with one message naming the folder and what to do, instead of
// a WebAssembly stack trace or, worse, initdb writing over a damaged folder that lost its
// PG_VERSION.
import path from 'node:path';
import { accessSync, constants, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { makePrivateFolderSync } from '../private-files';

/** Exit code of a process stopped by its data folder (a wrong variable is 2, server/config.ts). */
export const DATA_DIR_EXIT_CODE = 1;

const PERMISSIONS = 'Check the path (DATA_DIR) and that the user running the server may read and write the folder and every file in it (ls -ld, chown).';
const RESTORE = 'move the damaged folder aside (keep it) and restore the last backup: npm run db:restore -- <backup file> (see "Backups and restores" in OPERATING.md).';
const DAMAGED = `To start again, ${RESTORE}`;
const EITHER = `${PERMISSIONS} If they are right, the folder is damaged: ${RESTORE}`;

export class DataDirError extends Error {
  constructor(
    readonly dir: string,
    problem: string,
    advice: string,
  ) {
    super(`[db] The database folder ${dir} ${problem}.\n  ${advice}`);
    this.name = 'DataDirError';
  }
}

/** Another live process holds the folder: refused, since PGlite serves one process. */
export class DataDirInUseError extends DataDirError {}

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

function unreachable(dir: string, err: unknown): DataDirError {
  const code = codeOf(err);
  if (code === 'EACCES' || code === 'EPERM') return new DataDirError(dir, 'cannot be read or written (permission denied)', PERMISSIONS);
  if (code === 'ENOTDIR' || code === 'EEXIST') return new DataDirError(dir, 'cannot be used: a file stands where a folder of its path is expected', PERMISSIONS);
  return new DataDirError(dir, `cannot be used (${code ?? (err as Error).message})`, EITHER);
}

/**
 * Throws a DataDirError when `dir` cannot hold the database: not a folder, not readable and
 * writable, or damaged (files without PG_VERSION, or a PG_VERSION naming no version). An absent
 * or empty folder is fine: the first start creates the database.
 */
export function checkDataDir(dir: string): void {
  let isFolder: boolean;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return;
    throw unreachable(dir, err);
  }
  if (!isFolder) throw new DataDirError(dir, 'is a file, not a folder', PERMISSIONS);
  let entries: string[];
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    entries = readdirSync(dir).filter((name) => !name.startsWith('.'));
  } catch (err) {
    throw unreachable(dir, err);
  }
  if (entries.length === 0) return;
  if (!entries.includes('PG_VERSION')) {
    throw new DataDirError(dir, 'holds files but no database (PG_VERSION is missing), so it is damaged or not a database folder', DAMAGED);
  }
  let version: string;
  try {
    version = readFileSync(path.join(dir, 'PG_VERSION'), 'utf8');
  } catch (err) {
    throw unreachable(dir, err);
  }
  if (!/^\d+\s*$/.test(version)) throw new DataDirError(dir, 'is damaged (its PG_VERSION names no PostgreSQL version)', DAMAGED);
}

/** checkDataDir, then the folder made if absent, readable by this user only. */
export function prepareDataDir(dir: string): void {
  checkDataDir(dir);
  try {
    makePrivateFolderSync(dir);
  } catch (err) {
    throw unreachable(dir, err);
  }
}

/** What PGlite's failure to open a folder that passed checkDataDir means for the operator. */
export function unusableDataDir(dir: string, err: unknown): DataDirError {
  const code = codeOf(err);
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return unreachable(dir, err);
  // PGlite's WebAssembly abort says nothing useful ("Aborted(). Build with -sASSERTIONS…").
  const reason =
    err instanceof WebAssembly.RuntimeError || !(err instanceof Error) || !err.message ? 'the database engine stopped while reading it' : err.message.split('\n')[0];
  return new DataDirError(dir, `could not be opened as a database (${reason})`, EITHER);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return codeOf(err) === 'EPERM';
  }
}

/**
 * Takes `<dir>.lock` (the process id inside) or throws DataDirInUseError when a live process holds
 * it; returns the release. PGlite writes no lock of its own that outlives a crash reliably (its
 * postmaster.pid holds -42), and two processes on one folder corrupt it. A lock left by a dead
 * process (kill -9, power cut) is taken over at once; a pid check rather than a lock library's
 * staleness by age (proper-lockfile) lets a server killed with -9 start again without waiting,
 * and one machine is all the embedded database serves. Our own pid in it is a container restart
 * that gave us the same pid: stale too.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  const mine = `${process.pid}\n`;
  try {
    writeFileSync(lockPath, mine, { flag: 'wx' });
  } catch (err) {
    if (codeOf(err) !== 'EEXIST') throw unreachable(dir, err);
    const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new DataDirInUseError(
        dir,
        `is in use by another process (pid ${holder}: a running npm start or db:* command)`,
        `The embedded database serves one process: stop that one first. If no such process runs, delete ${lockPath}.`,
      );
    }
    writeFileSync(lockPath, mine);
  }
  return () => {
    try {
      if (readFileSync(lockPath, 'utf8') === mine) rmSync(lockPath, { force: true });
    } catch {
      // Already gone: nothing to release.
    }
  };
}

/** For the entry points: a DataDirError prints its message and exits, without a stack trace. */
export async function exitOnDataDirError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (!(err instanceof DataDirError)) throw err;
    console.error(err.message);
    process.exit(DATA_DIR_EXIT_CODE);
  }
}
