// `npm start` on a data folder that cannot hold the database: the real process stops with a
// message naming the folder and what to do (check permissions / restore a backup), exit 1, no
// stack trace, and leaves the folder as it found it (no initdb over a damaged one).
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '~server/db/client';
import { freePort } from '../support/free-port';

const PROCESS_TIMEOUT_MS = 240_000;
/** Root reads a chmod 000 folder anyway: the unreadable case then runs the server as `nobody`. */
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch.reverse()) {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A DATA_DIR anyone may enter (the unreadable case runs the server as another user). */
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-dir-start-'));
  chmodSync(dir, 0o777);
  scratch.push(dir);
  return dir;
}

async function run(script: 'scripts/start.ts' | 'server/cli/migrate.ts', dir: string, asUser?: number) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(projectRoot, script)], {
      cwd: projectRoot,
      // HOME: tsx keeps its cache there and in the temp folder, which `nobody` may not have.
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', SKIP_BUILD: '1', PORT: String(await freePort()), POS_PORT: '0', HOME: tmpdir() },
      timeout: PROCESS_TIMEOUT_MS,
      ...(asUser === undefined ? {} : { uid: asUser, gid: asUser }),
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}

/** Stopped with a message naming `folder`, its problem and `advice`; no stack trace, no server. */
function expectStopped(result: { code: number; output: string }, folder: string, problem: string, advice: string) {
  expect(result.code, result.output).toBe(1);
  expect(result.output).toContain(`The database folder ${folder} ${problem}`);
  expect(result.output).toContain(advice);
  expect(result.output).not.toMatch(/\n\s+at /);
  expect(result.output).not.toContain('listening on');
}

const PERMISSIONS = 'Check the path (DATA_DIR) and that the user running the server may read and write the folder';
const RESTORE = 'restore the last backup: npm run db:restore -- <backup file>';

describe('npm start on a data folder it cannot use', () => {
  it('unreadable (chmod 000): says so and to check permissions', async () => {
    const dir = dataDir();
    const db = path.join(dir, 'db');
    mkdirSync(db);
    writeFileSync(path.join(db, 'PG_VERSION'), '17\n');
    chmodSync(db, 0o000);
    scratch.push(db);
    expectStopped(await run('scripts/start.ts', dir, isRoot ? NOBODY : undefined), db, 'cannot be read or written (permission denied)', PERMISSIONS);
  }, PROCESS_TIMEOUT_MS);

  it('a file where the folder belongs: says so and to check the path', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'db'), 'not a folder');
    expectStopped(await run('scripts/start.ts', dir), path.join(dir, 'db'), 'is a file, not a folder', PERMISSIONS);
  }, PROCESS_TIMEOUT_MS);

  it('files without PG_VERSION, or a PG_VERSION naming nothing: damaged, restore a backup; nothing initialised over it', async () => {
    const dir = dataDir();
    const db = path.join(dir, 'db');
    mkdirSync(path.join(db, 'base'), { recursive: true });
    writeFileSync(path.join(db, 'base/1'), randomBytes(64));
    expectStopped(await run('scripts/start.ts', dir), db, 'holds files but no database (PG_VERSION is missing)', RESTORE);
    expect(readdirSync(db)).toEqual(['base']);

    writeFileSync(path.join(db, 'PG_VERSION'), 'garbage');
    expectStopped(await run('scripts/start.ts', dir), db, 'is damaged (its PG_VERSION names no PostgreSQL version)', RESTORE);
  }, PROCESS_TIMEOUT_MS);

  it("a real database whose control file is corrupted: cannot be opened, restore a backup", async () => {
    const dir = dataDir();
    const db = path.join(dir, 'db');
    const migrated = await run('server/cli/migrate.ts', dir);
    expect(migrated.code, migrated.output).toBe(0);
    writeFileSync(path.join(db, 'global/pg_control'), randomBytes(8192));
    const started = await run('scripts/start.ts', dir);
    expectStopped(started, db, 'could not be opened as a database', RESTORE);
    // The lock it took is released on the way out: a restore or a second try is not refused.
    expect(readdirSync(dir)).not.toContain('db.lock');
  }, PROCESS_TIMEOUT_MS);
});
