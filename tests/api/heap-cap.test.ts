// `npm start`'s heap cap (HEAP_LIMIT_MB, scripts/launch.mjs): it reaches the server process, with
// the default in package.json's script or another value through a child process, and a wrong value
// stops the start.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { projectRoot } from '../../server/db/client';
import { startNpmStart, type StartedServer } from '../support/process';

const freePort = () => 4600 + Math.floor(Math.random() * 200);
/** V8's heap_size_limit is the old generation's cap plus the young generation's (3 × --max-semi-space-size=4). */
const YOUNG_GENERATION_MAX_MB = 16;
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

async function start(env: Record<string, string> = {}): Promise<StartedServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heap-cap-'));
  const server = await startNpmStart(dataDir, freePort(), { POS_PORT: '0', ...env });
  cleanup.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  return server;
}

describe('npm start heap cap', () => {
  it('gives the server the default cap in one process, and stops cleanly on SIGTERM', async () => {
    const server = await start();
    const limit = loggedHeapLimitMb(server);
    const configured = loadConfig({}).heapLimitMb;
    expect(limit).toBeGreaterThanOrEqual(configured);
    expect(limit).toBeLessThanOrEqual(configured + YOUNG_GENERATION_MAX_MB);
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
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
