// Slow clients against the real `npm start` entry point, over real sockets: a request whose body
// trickles in is cut once REQUEST_TIMEOUT_S has passed (Node's own default waits 300 s), one whose
// headers never end once HEADERS_TIMEOUT_S has; and connections per client address are capped
// (CONNECTIONS_PER_ADDRESS). Without a proxy the cap counts open sockets by their address and a
// socket past it is closed unanswered; behind TRUST_PROXY every socket is the proxy's, so it counts
// the requests in flight per forwarded client address and answers one past it 429.
// Outcomes are asserted with generous bounds (tens of seconds against a 2 s setting), never a
// duration.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { startProduct, type StartedServer } from '../support/process';

const START_TIMEOUT_MS = 240_000;
/** The settings under test: seconds, not the production tens. */
const REQUEST_TIMEOUT_S = 2;
const HEADERS_TIMEOUT_S = 2;
const CONNECTIONS_PER_ADDRESS = 5;
/** Far above the settings (a loaded machine), far below Node's default of 300 s. */
const CUT_WITHIN_MS = 30_000;

interface Client {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves true once the server has closed the socket, false if it is still open after `ms`. */
  closedWithin(ms: number): Promise<boolean>;
  /** The next complete answer head (status line and headers) after what was read so far. */
  nextHead(): Promise<string>;
}

async function open(port: number): Promise<Client> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined); // a reset is a close too
  let received = '';
  let consumed = 0;
  let closed = false;
  const closing = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closing.then(() => (closed = true));
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
  return {
    socket,
    received: () => received,
    closedWithin: (ms) => (closed ? Promise.resolve(true) : Promise.race([closing.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))])),
    nextHead: () =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          const end = received.indexOf('\r\n\r\n', consumed);
          if (end === -1) return false;
          const head = received.slice(consumed, end);
          const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? 0);
          consumed = end + 4 + length;
          socket.off('data', onData);
          resolve(head);
          return true;
        };
        const onData = () => void check();
        if (check()) return;
        socket.on('data', onData);
        void closing.then(() => reject(new Error(`closed without an answer: ${JSON.stringify(received.slice(consumed))}`)));
      }),
  };
}

const GET_HEALTH = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
/** A request that declares a 60 KB body and sends none of it yet: in flight until the body comes. */
const heldPost = (forwardedFor?: string) =>
  `POST /api/v1/pair HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 61440\r\n${forwardedFor ? `X-Forwarded-For: ${forwardedFor}\r\n` : ''}\r\n{`;
const status = (head: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);

const dataDir = mkdtempSync(path.join(tmpdir(), 'slow-clients-'));
let server: StartedServer | undefined;
let port: number;

async function start(env: Record<string, string>) {
  port = await freePort();
  server = await startProduct(dataDir, port, { POS_PORT: '0', ...env });
}

async function stop() {
  if (!server) return;
  server.child.kill('SIGTERM');
  await server.exited;
  server = undefined;
}

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}, START_TIMEOUT_MS);

describe('npm start without a proxy in front', () => {
  beforeAll(
    () =>
      start({
        REQUEST_TIMEOUT_S: String(REQUEST_TIMEOUT_S),
        HEADERS_TIMEOUT_S: String(HEADERS_TIMEOUT_S),
        CONNECTIONS_PER_ADDRESS: String(CONNECTIONS_PER_ADDRESS),
      }),
    START_TIMEOUT_MS,
  );
  afterAll(stop, START_TIMEOUT_MS);

  it('cuts a request whose declared body trickles in, once REQUEST_TIMEOUT_S has passed', async () => {
    const client = await open(port);
    client.socket.write(heldPost());
    // A byte a second: each write resets no timer, the whole request has REQUEST_TIMEOUT_S.
    const trickle = setInterval(() => {
      if (client.socket.writable) client.socket.write(' ');
    }, 1000);
    try {
      expect(await client.closedWithin(CUT_WITHIN_MS)).toBe(true);
    } finally {
      clearInterval(trickle);
      client.socket.destroy();
    }
    // Node answers the cut request 408 before closing (when the socket still takes it).
    if (client.received()) expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    // The handler reading that body fails with ECONNRESET: logged as a request cut, never as the
    // database being down (an attack would fill the log with false alarms).
    for (let waited = 0; waited < CUT_WITHIN_MS && !server!.output().includes('request cut before its body arrived'); waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(server!.output()).toContain('request cut before its body arrived');
    expect(server!.output()).not.toContain('database unavailable');
  }, 2 * CUT_WITHIN_MS + 10_000);

  it('cuts a connection whose headers never end, once HEADERS_TIMEOUT_S has passed', async () => {
    const client = await open(port);
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => {
      if (client.socket.writable) client.socket.write('X-Slow: 1\r\n');
    }, 500);
    try {
      expect(await client.closedWithin(CUT_WITHIN_MS)).toBe(true);
    } finally {
      clearInterval(trickle);
      client.socket.destroy();
    }
  }, CUT_WITHIN_MS + 10_000);

  it('closes a connection past CONNECTIONS_PER_ADDRESS unanswered; the earlier ones still work, and a closed one frees its place', async () => {
    const held: Client[] = [];
    try {
      for (let i = 0; i < CONNECTIONS_PER_ADDRESS; i++) {
        const client = await open(port);
        client.socket.write(GET_HEALTH);
        expect(status(await client.nextHead())).toBe(200);
        held.push(client);
      }
      // One more from the same address: closed without a byte of answer.
      const extra = await open(port);
      extra.socket.write(GET_HEALTH);
      expect(await extra.closedWithin(CUT_WITHIN_MS)).toBe(true);
      expect(extra.received()).toBe('');

      // The earlier connections are untouched: each answers its next request.
      for (const client of held) {
        client.socket.write(GET_HEALTH);
        expect(status(await client.nextHead())).toBe(200);
      }

      // One closes: its place is free for a new connection.
      const leaving = held.shift()!;
      leaving.socket.end();
      expect(await leaving.closedWithin(CUT_WITHIN_MS)).toBe(true);
      const next = await open(port);
      held.push(next);
      next.socket.write(GET_HEALTH);
      expect(status(await next.nextHead())).toBe(200);
    } finally {
      for (const client of held) client.socket.destroy();
    }
  }, 120_000);
});

describe('npm start behind a proxy (TRUST_PROXY=1)', () => {
  const CAP = 2;
  beforeAll(() => start({ TRUST_PROXY: '1', CONNECTIONS_PER_ADDRESS: String(CAP) }), START_TIMEOUT_MS);
  afterAll(stop, START_TIMEOUT_MS);

  it('counts the requests in flight per forwarded client: one past the cap is 429 with Retry-After, another client and a finished one go on', async () => {
    const held: Client[] = [];
    try {
      // Every connection comes from the proxy (127.0.0.1): more of them than the cap are fine.
      for (let i = 0; i < CAP; i++) {
        const client = await open(port);
        client.socket.write(heldPost('203.0.113.7'));
        held.push(client);
      }
      // The held requests are in flight (their bodies never came): a health check from another
      // client answers, which also shows the server has taken the held ones.
      const other = await open(port);
      held.push(other);
      other.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 198.51.100.1\r\n\r\n');
      expect(status(await other.nextHead())).toBe(200);

      const refused = await open(port);
      held.push(refused);
      refused.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n');
      const head = await refused.nextHead();
      expect(status(head)).toBe(429);
      expect(Number(/^retry-after:\s*(\d+)/im.exec(head)?.[1])).toBeGreaterThan(0);

      // One held request goes (the client hangs up): the same client is served again.
      const leaving = held.shift()!;
      leaving.socket.destroy();
      let answered = 0;
      for (let attempt = 0; attempt < 50 && answered !== 200; attempt++) {
        const again = await open(port);
        held.push(again);
        again.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n');
        answered = status(await again.nextHead());
        // The hang-up reaches the server asynchronously: wait a little before asking again.
        if (answered !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(answered).toBe(200);
    } finally {
      for (const client of held) client.socket.destroy();
    }
  }, 120_000);
});
