// `npm start`'s heap cap (HEAP_LIMIT_MB, scripts/launch.mjs): it reaches the server process, with
// the default in package.json's script or another value through a child process, and a wrong value
// stops the start. The same start shows the bundle's other entry at work: the mail thread
// (server/mail/mail-thread.ts), which only `npm start` runs bundled (tests and e2e run sources).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~server/config';
import { projectRoot } from '~server/db/client';
import { startNpmStart, type StartedServer } from '../support/process';
import { freePort } from '../support/free-port';

/** V8's heap_size_limit is the old generation's cap plus the young generation's (3 × --max-semi-space-size=8). */
const YOUNG_GENERATION_MAX_MB = 24;
/** A first start seeds its database in a child and compiles PGlite: over a minute on a busy 2-core machine. */
const START_TIMEOUT_MS = 180_000;

/** The heap limit the server logged when it started listening. */
function loggedHeapLimitMb(server: StartedServer): number {
  const line = server.output().split('\n').find((l) => l.includes('listening on'));
  return (JSON.parse(line!) as { heapLimitMb: number }).heapLimitMb;
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

/**
 * Resolves once the process that holds the server's database folder (its lock file names it) is
 * gone: a child server (HEAP_LIMIT_MB) stops after the parent it was started through, and may
 * still be writing its database when the parent has exited and its port is closed.
 */
async function databaseReleased(dataDir: string): Promise<void> {
  let holder: number;
  try {
    holder = Number.parseInt(readFileSync(path.join(dataDir, 'db.lock'), 'utf8'), 10);
  } catch {
    return; // no lock left: released
  }
  const alive = () => {
    try {
      process.kill(holder, 0);
      return true;
    } catch {
      return false;
    }
  };
  await expect.poll(alive, { timeout: 20_000, interval: 50 }).toBe(false);
}

async function start(env: Record<string, string> = {}): Promise<StartedServer & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heap-cap-'));
  const server = await startNpmStart(dataDir, await freePort(), { POS_PORT: '0', ...env });
  cleanup.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    await databaseReleased(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { ...server, dataDir };
}

/** The demo customer (server/db/seed/accounts.ts), whose reset code is mailed. */
const DEMO_CUSTOMER = 'mario.rossi@example.com';

describe('npm start heap cap', () => {
  it('gives the server the default cap in one process, writes its mails from the bundled mail thread, and stops cleanly on SIGTERM', async () => {
    const server = await start();
    const limit = loggedHeapLimitMb(server);
    const configured = loadConfig({}).heapLimitMb;
    expect(limit).toBeGreaterThanOrEqual(configured);
    expect(limit).toBeLessThanOrEqual(configured + YOUNG_GENERATION_MAX_MB);
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    // Without SMTP the answer comes once the mail's file is written: a bundle whose thread did not
    // start would answer the same and write nothing (a mail failure is logged, not an error).
    const forgot = await fetch(`${server.url}/api/forgot_password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_CUSTOMER }) });
    expect(forgot.status).toBe(200);
    const outbox = path.join(server.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'));
    expect(mails.filter((m) => m.includes(`To: ${DEMO_CUSTOMER}`))).toHaveLength(1);
    expect(server.output()).not.toContain('mail thread');
    // …and the thread that wrote it is the bundled one (from the sources it would load TypeScript's
    // loader into the thread): the bundle carries its entry's path, which esbuild's define put in.
    const bundle = path.join(projectRoot, 'node_modules/.cache/rentalp-server');
    const threadEntry = path.join(bundle, 'mail-thread.mjs');
    expect(readdirSync(bundle).some((f) => f.endsWith('.mjs') && readFileSync(path.join(bundle, f), 'utf8').includes(JSON.stringify(threadEntry)))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, START_TIMEOUT_MS);

  it('gives another HEAP_LIMIT_MB to a child server, which stops with its parent', async () => {
    const server = await start({ HEAP_LIMIT_MB: '96' });
    const limit = loggedHeapLimitMb(server);
    expect(limit).toBeGreaterThanOrEqual(96);
    expect(limit).toBeLessThanOrEqual(96 + YOUNG_GENERATION_MAX_MB);
    // The parent killed at once: the server notices its channel close and stops (port released).
    server.child.kill('SIGKILL');
    await server.exited;
    await expect
      .poll(async () => fetch(`${server.url}/api/health/live`).then(() => 'up', () => 'down'), { timeout: 20_000, interval: 200 })
      .toBe('down');
  }, START_TIMEOUT_MS);

  it('refuses a HEAP_LIMIT_MB that is not a number of megabytes, with exit code 2', () => {
    const result = spawnSync(process.execPath, [path.join(projectRoot, 'scripts/launch.mjs'), 'start'], {
      cwd: projectRoot,
      env: { ...process.env, HEAP_LIMIT_MB: '12', DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('HEAP_LIMIT_MB="12" is below 64');
  }, 60_000);
});
