// The data folder's lock and checks without a database: a live holder refuses, a dead one's lock
// is taken over at once, a release leaves another process's lock alone; what passes the checks.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDataDir, DataDirError, DataDirInUseError, lockDataDir } from '~server/db/data-dir';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));
const folder = () => {
  root = mkdtempSync(path.join(tmpdir(), 'data-dir-unit-'));
  return path.join(root, 'db');
};

describe('lockDataDir', () => {
  it('refuses while a live process holds the folder, naming it and the lock file', async () => {
    const dir = folder();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(`${dir}.lock`, `${holder.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(`is in use by another process (pid ${holder.pid}`);
      expect(() => lockDataDir(dir)).toThrow(`delete ${dir}.lock`);
    } finally {
      holder.kill();
    }
  });

  it("takes over a dead process's lock (kill -9, power cut) and its own pid's, and releases only its own", () => {
    const dir = folder();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${dir}.lock`, `${dead}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);

    writeFileSync(`${dir}.lock`, `${process.pid}\n`);
    const again = lockDataDir(dir);
    // Another process took it meanwhile (after its holder died): our release leaves it.
    writeFileSync(`${dir}.lock`, '1\n');
    again();
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe('1\n');
  });
});

describe('checkDataDir', () => {
  it('lets an absent, an empty and a database folder through', () => {
    const dir = folder();
    expect(() => checkDataDir(dir)).not.toThrow();
    mkdirSync(dir);
    expect(() => checkDataDir(dir)).not.toThrow();
    writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(() => checkDataDir(dir)).not.toThrow();
  });

  it('stops a file in the path, files without PG_VERSION and a PG_VERSION naming nothing', () => {
    const dir = folder();
    writeFileSync(dir, 'x');
    expect(() => checkDataDir(dir)).toThrow('is a file, not a folder');
    expect(() => checkDataDir(path.join(dir, 'below'))).toThrow('a file stands where a folder of its path is expected');
    rmSync(dir);
    mkdirSync(path.join(dir, 'base'), { recursive: true });
    expect(() => checkDataDir(dir)).toThrow('PG_VERSION is missing');
    writeFileSync(path.join(dir, 'PG_VERSION'), 'seventeen');
    expect(() => checkDataDir(dir)).toThrow(DataDirError);
    expect(() => checkDataDir(dir)).toThrow(`The database folder ${dir} is damaged`);
  });
});
