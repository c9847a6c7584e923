// Every command line (db:backup, db:restore, db:migrate, db:seed, totem) run as an operator runs it,
// in its own process, used wrongly: an unknown option, an argument it does not take, one it lacks,
// and for db:restore a crafted archive. Each answers in one line on stderr, what was wrong and then
// the usage, and exits non-zero: never node's stack trace nor its ERR_… code (server/cli/usage.ts).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { create } from 'tar';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '~server/db/client';
import { codeMigrations } from '~server/backup/manifest';
import { scratchDirs } from '../support/scratch';

const CLI_TIMEOUT_MS = 120_000;
const tempDir = scratchDirs();

type Cli = 'backup' | 'restore' | 'migrate' | 'seed' | 'totem';

/** Runs server/cli/<name>.ts on a fresh DATA_DIR (the embedded database), never throwing. */
async function cli(name: Cli, args: string[], dataDir = tempDir(`cli-${name}-`)) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(projectRoot, `server/cli/${name}.ts`), ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: '', LOG_LEVEL: '' },
      timeout: CLI_TIMEOUT_MS,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** What each command line's usage line starts with. */
const USAGE: Record<Cli, RegExp> = {
  backup: /usage: npm run db:backup/i,
  restore: /usage: npm run db:restore/i,
  migrate: /usage: npm run db:migrate/i,
  seed: /usage: npm run db:seed/i,
  totem: /usage: npm run totem/i,
};

/** One line on stderr saying `what` and then the usage; no trace, no node error code. */
function expectOneLine(run: { code: number; stderr: string }, name: Cli, what: RegExp) {
  expect(run.code, run.stderr).not.toBe(0);
  expect(run.stderr).not.toMatch(/^ {4}at /m);
  expect(run.stderr).not.toMatch(/ERR_/);
  expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
  expect(run.stderr).toMatch(what);
  expect(run.stderr).toMatch(USAGE[name]);
  expect(run.stderr.search(what)).toBeLessThan(run.stderr.search(USAGE[name]));
}

/** The wrong uses each command line is given: [arguments, what the answer must say]. */
const WRONG_USES: Record<Cli, [string[], RegExp][]> = {
  backup: [
    [['--bogus'], /unknown option '--bogus'/i],
    [['somefile'], /unexpected argument 'somefile'/i],
    [['--out'], /'--out <value>' argument missing/i],
  ],
  restore: [
    [['--bogus', 'x.tar.gz'], /unknown option '--bogus'/i],
    [['a.tar.gz', 'b.tar.gz'], /unexpected argument 'b\.tar\.gz'/i],
    [[], /which backup file\?/i],
  ],
  migrate: [
    [['--bogus'], /unknown option '--bogus'/i],
    [['somefile'], /unexpected argument 'somefile'/i],
  ],
  seed: [
    [['--bogus'], /unknown option '--bogus'/i],
    [['somefile'], /unexpected argument 'somefile'/i],
  ],
  totem: [
    [['password', 'BARD-01', '--bogus'], /unknown option '--bogus'/i],
    [['password', 'BARD-01', 'BARD-02'], /password takes one kiosk code/i],
    [['password'], /password takes one kiosk code/i],
  ],
};

describe.each(Object.keys(WRONG_USES) as Cli[])('npm run %s used wrongly', (name) => {
  it.each(WRONG_USES[name].map(([args, what]) => ({ args, what, shown: args.join(' ') || '(nothing)' })))(
    'answers `$shown` in one line with the usage, exit non-zero, and opens nothing',
    async ({ args, what }) => {
      const dataDir = tempDir(`cli-${name}-`);
      const run = await cli(name, args, dataDir);
      expectOneLine(run, name, what);
      // Refused before the database was opened or made.
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    },
    CLI_TIMEOUT_MS,
  );
});

describe('npm run db:restore of a crafted archive', () => {
  const last = codeMigrations().at(-1)!;
  const manifest = JSON.stringify({
    format: 1,
    createdAt: new Date().toISOString(),
    database: 'pglite',
    schema: { lastMigration: last.tag, when: last.when, applied: codeMigrations().length },
    files: { uploads: 0, outbox: 0 },
  });

  /** An archive of what `fill` puts in a staging folder (links stored as links). */
  async function archive(fill: (staging: string) => string[]) {
    const staging = tempDir('crafted-in-');
    const entries = fill(staging);
    const file = path.join(tempDir('crafted-out-'), 'rentalp-backup-crafted.tar.gz');
    await create({ gzip: true, file, cwd: staging, preservePaths: true }, entries);
    return file;
  }

  const CRAFTED: { name: string; fill: (staging: string) => string[]; what: RegExp }[] = [
    {
      name: 'a manifest that is not JSON',
      fill: (staging) => {
        writeFileSync(path.join(staging, 'manifest.json'), '{not json');
        return ['manifest.json'];
      },
      what: /has a manifest\.json this code cannot read/,
    },
    {
      name: 'an entry climbing out of the folder',
      fill: (staging) => {
        writeFileSync(path.join(staging, 'manifest.json'), manifest);
        mkdirSync(path.join(staging, 'in'));
        writeFileSync(path.join(staging, 'evil.txt'), 'outside');
        return ['manifest.json', 'in/../evil.txt'];
      },
      what: /is not a readable backup/,
    },
    {
      name: 'a database dump that is a link',
      fill: (staging) => {
        writeFileSync(path.join(staging, 'manifest.json'), manifest);
        mkdirSync(path.join(staging, 'database'));
        symlinkSync('/etc/passwd', path.join(staging, 'database', 'pglite-data.tar'));
        return ['manifest.json', 'database'];
      },
      what: /holds a link or a device/,
    },
    {
      name: 'no database dump',
      fill: (staging) => {
        writeFileSync(path.join(staging, 'manifest.json'), manifest);
        return ['manifest.json'];
      },
      what: /has no database\/pglite-data\.tar/,
    },
  ];

  it.each(CRAFTED)('refuses $name in one line with the usage, exit 1, and writes nothing', async ({ fill, what }) => {
    // The entry climbing out is stored as written only with preservePaths: the archive holds `in/../evil.txt`.
    const file = await archive(fill);
    const target = tempDir('crafted-dst-');
    const run = await cli('restore', [file], target);
    expectOneLine(run, 'restore', what);
    expect(run.code).toBe(1);
    expect(readdirSync(target)).toEqual([]);
  }, CLI_TIMEOUT_MS);
});
