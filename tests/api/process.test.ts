// The `npm start` process itself: first start seeds, second start reuses the data, SIGINT exits cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/db/client';

function runStart(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: '1', DATABASE_URL: '' },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('listening on')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited early:\n${output}`));
    });
  });
  return { child, listening, exited, output: () => output };
}

describe('npm start process', () => {
  it('seeds on first start, reuses the database on the second, and stops cleanly on SIGINT', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'start-'));
    const port = 4380 + Math.floor(Math.random() * 10);

    const first = runStart(dataDir, port);
    await first.listening;
    expect(first.output()).toContain('migrated and seeded');
    const health = await fetch(`http://localhost:${port}/api/health`);
    expect(health.status).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('closed cleanly');

    const second = runStart(dataDir, port);
    await second.listening;
    expect(second.output()).toContain('seed already applied');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);
});
