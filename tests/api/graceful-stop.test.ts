// `npm start` and `npm run start:cluster` stopped with SIGTERM while they serve: a request in
// flight (its body still coming) finishes 200, a request that arrives during the drain on a
// connection already open answers 503 with `Connection: close`, a new connection is refused, and
// the process exits 0 well within the drain's bound. For `npm start` on its embedded database,
// the database was closed cleanly too: the next start on the same folder is ready. The cluster's
// case needs PostgreSQL (TEST_DATABASE_URL): skipped with a warning without it, a failure in CI.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { projectRoot } from '~server/db/client';
import { SHUTDOWN_DRAIN_MS } from '~server/http/drain';
import { clusterDatabase } from '../support/cluster';
import { freePort } from '../support/free-port';
import { startProduct } from '../support/process';
import { requiredPart } from '../support/required';

const LOGIN = JSON.stringify({ username: 'mario.rossi@example.com', password: 'Demo-2026!' });
const STARTED_WITHIN_MS = 90_000;

interface Running {
  url: string;
  port: number;
  signal(): void;
  exited: Promise<number | null>;
  output(): string;
}

/** A raw connection: what was received so far, and when the server closed it. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  return { socket, received: () => received, closed };
}

/** SIGTERM while a login is in flight and another connection is half way through its request. */
async function stopWhileServing(server: Running): Promise<void> {
  // In flight: the server has the login's headers (it answered 100 Continue, so the handler
  // runs and waits for the body), not its body yet.
  const inFlight = rawConnection(server.port);
  inFlight.socket.write(
    `POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(LOGIN)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await vi.waitFor(() => expect(inFlight.received()).toContain('100 Continue'), { timeout: 10_000, interval: 20 });
  // Open, and busy (half its headers sent), so stopping to accept does not close it as idle.
  const late = rawConnection(server.port);
  late.socket.write('GET /api/health/ready HTTP/1.1\r\nHost: localhost\r\n');
  await new Promise<void>((resolve) => late.socket.once('ready', () => resolve()));

  const signalledAt = performance.now();
  server.signal();
  // The serving process has begun its drain (under the cluster, once the primary passed the signal on).
  await vi.waitFor(() => expect(server.output()).toContain('"msg":"stopping: no new connections'), { timeout: 10_000, interval: 20 });

  late.socket.write('\r\n');
  await late.closed;
  expect(late.received()).toMatch(/^HTTP\/1\.1 503 /);
  expect(late.received().toLowerCase()).toContain('connection: close');

  await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow();

  inFlight.socket.write(LOGIN);
  await vi.waitFor(() => expect(inFlight.received()).toMatch(/"token":"[A-Za-z0-9_-]{40,}"/), { timeout: 10_000, interval: 20 });
  expect(inFlight.received()).toMatch(/HTTP\/1\.1 200 OK/);
  inFlight.socket.destroy();

  expect(await server.exited).toBe(0);
  expect(performance.now() - signalledAt).toBeLessThan(SHUTDOWN_DRAIN_MS);
}

describe('npm start stops gracefully on SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'graceful-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes the request in flight, refuses new ones, closes the database and exits 0', async () => {
    const port = await freePort();
    const server = await startProduct(dataDir, port, { POS_PORT: '0' });
    await stopWhileServing({ url: server.url, port, signal: () => server.child.kill('SIGTERM'), exited: server.exited, output: server.output });
    expect(server.output()).toContain('closed cleanly');

    // The embedded database was closed cleanly: the next start opens it and is ready at once.
    const again = await startProduct(dataDir, port, { POS_PORT: '0' });
    expect((await fetch(`${again.url}/api/health/ready`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});

const CLUSTER_TESTS = 'npm run start:cluster stops gracefully on SIGTERM';
const pgUrl = process.env.TEST_DATABASE_URL;
requiredPart(CLUSTER_TESTS, 'a PostgreSQL server (TEST_DATABASE_URL)', Boolean(pgUrl));

describe.skipIf(!pgUrl)(CLUSTER_TESTS, () => {
  it("drains its worker's request in flight, refuses new ones and exits 0", async () => {
    const database = await clusterDatabase(pgUrl!);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'graceful-cluster-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts/start-cluster.ts'), '--workers', '1'], {
      cwd: projectRoot,
      env: { ...process.env, SKIP_BUILD: '1', POS_PORT: '0', DATABASE_URL: database.url, PORT: String(port), DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await vi.waitFor(() => expect(output).toContain('listening on'), { timeout: STARTED_WITHIN_MS, interval: 100 });
      await stopWhileServing({ url: `http://localhost:${port}`, port, signal: () => child.kill('SIGTERM'), exited, output: () => output });
      expect(output).toContain('cluster stopped');
    } finally {
      child.kill('SIGKILL');
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
