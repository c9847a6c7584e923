// A wrong variable stops every entry point at once (server/config.ts `loadConfigOrExit`), as an
// operator meets it: exit code 2, one line naming the variable and what it expects, no stack
// trace, and nothing done before: no build, no database created in the data folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '~server/db/client';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function run(script: string, args: string[], env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'config-start-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, script), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string; dataDir: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr, dataDir })),
  );
}

const NO_STACK = /^\s+at /m;

describe('a wrong variable at start', () => {
  it('stops `npm start` with exit 2 and the message, before building or opening the database', async () => {
    const started = await run('scripts/start.ts', [], { SKIP_BUILD: '1', PORT: 'abc' });
    expect(started.code).toBe(2);
    expect(started.stderr).toBe(
      'Invalid configuration (see "Configuration" in README.md):\n  PORT="abc" is not a whole number; expected a port number from 1 to 65535, or unset for 4321\n',
    );
    expect(started.stdout).toBe('');
    expect(readdirSync(started.dataDir)).toEqual([]);
  }, 60_000);

  it('is checked before the build too: a wrong SKIP_BUILD does not start one', async () => {
    const started = await run('scripts/start.ts', [], { SKIP_BUILD: 'yes' });
    expect(started.code).toBe(2);
    expect(started.stderr).toContain('SKIP_BUILD="yes" is neither 1 nor 0');
    expect(started.stdout).not.toContain('building the site');
  }, 60_000);

  it.each([
    ['npm run start:cluster', 'scripts/start-cluster.ts', ['--workers', '2']],
    ['npm run dev', 'scripts/dev.ts', []],
    ["npm run dev's API", 'server/dev.ts', []],
    ['npm run db:migrate', 'server/cli/migrate.ts', []],
    ['npm run db:seed', 'server/cli/seed.ts', []],
    ['npm run totem', 'server/cli/totem.ts', ['pairing-code', 'BARD-09']],
  ])('stops `%s` the same way', async (_, script, args) => {
    const started = await run(script, args, { SKIP_BUILD: '1', NODE_ENV: 'prod', PAIRING_CODE_TTL_MINUTES: 'soon' });
    expect(started.code, started.stderr).toBe(2);
    expect(started.stderr).toContain('NODE_ENV="prod" is not a known mode; expected development, production or test');
    expect(started.stderr).toContain('PAIRING_CODE_TTL_MINUTES="soon" is not a whole number');
    expect(started.stderr).not.toMatch(NO_STACK);
    expect(existsSync(path.join(started.dataDir, 'db'))).toBe(false);
  }, 60_000);
});
