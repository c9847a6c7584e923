// `npm start` stopped with SIGTERM while it serves: a request in flight (its body still coming)
// finishes 200, a request that arrives during the drain on a connection already open answers 503
// with `Connection: close`, a new connection is refused, and the process exits 0 well within
// the drain's bound with its embedded database closed cleanly (the next start opens it and is ready).
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SHUTDOWN_DRAIN_MS } from '../../server/http/drain';
import { startProduct } from '../support/process';

const freePort = () => 4360 + Math.floor(Math.random() * 40);
const LOGIN = JSON.stringify({ username: 'mario.rossi@example.com', password: 'Demo-2026!' });

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

describe('npm start stops gracefully on SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'graceful-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes the request in flight, refuses new ones, closes the database and exits 0', async () => {
    const port = freePort();
    const server = await startProduct(dataDir, port);

    // In flight: the server has the login's headers (it answered 100 Continue, so the handler
    // runs and waits for the body), not its body yet.
    const inFlight = rawConnection(port);
    inFlight.socket.write(
      `POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(LOGIN)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await vi.waitFor(() => expect(inFlight.received()).toContain('100 Continue'), { timeout: 10_000, interval: 20 });
    // Open, and busy (half its headers sent), so stopping to accept does not close it as idle.
    const late = rawConnection(port);
    late.socket.write('GET /api/health/ready HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise<void>((resolve) => late.socket.once('ready', () => resolve()));

    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    await vi.waitFor(() => expect(server.output()).toContain('stopping'), { timeout: 10_000, interval: 20 });

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
    expect(server.output()).toContain('closed cleanly');

    // The embedded database was closed cleanly: the next start opens it and is ready at once.
    const again = await startProduct(dataDir, port);
    expect((await fetch(`${again.url}/api/health/ready`)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
