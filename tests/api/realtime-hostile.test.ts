// Hostile input to the local Pusher-protocol endpoint. Against the real `npm start`
// process: a handshake with a malformed %-escape, frames that are not Pusher messages (null, [], 1,
// "x", deeply nested JSON), a wrong app key, channels other than `private-shop.{id}`, too many
// channels on one socket, too many sockets from one address. After each, the process still answers
// /api/health and a normal signed subscription still succeeds. In-process: a socket that stops
// reading what it is sent is dropped.
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalRealtime } from '~server/realtime/local';
import { signChannel } from '~server/realtime/publisher';
import { testDrivers } from '../support/databases';
import { createTestApi, listenOnLoopback, type TestApi } from '../support/app';
import { startProduct, type StartedServer } from '../support/process';
import { freePort } from '../support/free-port';

type Frame = { event: string; channel?: string; data?: unknown };
const KEY = 'hostile-key';
const SECRET = 'hostile-secret';
const config = { key: KEY, secret: SECRET };

/** A raw Pusher-protocol client: every frame kept, awaited by event name. */
async function open(base: string, pathAndQuery = `/app/${KEY}?protocol=7&client=js&version=8.6.0`) {
  const ws = new WebSocket(`${base}${pathAndQuery}`);
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    waiters.splice(0).forEach((w) => w());
  });
  ws.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const refused = new Promise<number>((resolve) =>
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    }),
  );
  const next = async (event: string, ms = 5000): Promise<Frame> => {
    const end = Date.now() + ms;
    for (;;) {
      const i = frames.findIndex((f) => f.event === event);
      if (i >= 0) return frames.splice(i, 1)[0]!;
      if (Date.now() > end) throw new Error(`no ${event} within ${ms} ms (got ${JSON.stringify(frames)})`);
      await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), closed, new Promise((r) => setTimeout(r, 100))]);
    }
  };
  const socketId = async () => JSON.parse((await next('pusher:connection_established')).data as string).socket_id as string;
  const subscribe = (id: string, channel: string, auth = signChannel(config, id, channel)) =>
    ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { auth, channel } }));
  const close = async () => {
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.terminate();
    await closed;
  };
  return { ws, frames, next, closed, refused, socketId, subscribe, close };
}

/**
 * A socket opened as soon as the server has counted the closed ones out of the address's cap: the
 * server frees a place when it sees the TCP close, which a client cannot observe, so each attempt
 * it refuses is answered (429) and the next one follows that answer, until `ms` is up.
 */
async function openOnceFreed(base: string, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const c = await open(base);
    const opened = new Promise<'open'>((resolve) => c.ws.once('open', () => resolve('open')));
    const outcome = await Promise.race([opened, c.refused.then(() => 'refused' as const)]);
    if (outcome === 'open') return c;
    await c.closed;
    if (Date.now() > end) throw new Error(`the server still refused a socket after ${ms} ms`);
  }
}

/** The server still answers /api/health and a normal signed subscription still succeeds. */
async function stillServes(http: string, ws: string) {
  expect((await fetch(`${http}/api/health`)).status).toBe(200);
  const c = await open(ws);
  c.subscribe(await c.socketId(), 'private-shop.6');
  expect((await c.next('pusher_internal:subscription_succeeded')).channel).toBe('private-shop.6');
  await c.close();
}

describe('the npm start process under hostile realtime input', () => {
  let server: StartedServer;
  let http: string;
  let ws: string;

  beforeAll(async () => {
    const port = await freePort();
    server = await startProduct(mkdtempSync(path.join(tmpdir(), 'hostile-')), port, { PUSHER_KEY: KEY, PUSHER_SECRET: SECRET });
    http = `http://127.0.0.1:${port}`;
    ws = `ws://127.0.0.1:${port}`;
  }, 90_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it('refuses a handshake with a malformed %-escape and lives', async () => {
    for (const bad of ['/app/%E0%A4%A', '/app/%', '/app/%ZZ?protocol=7']) {
      const c = await open(ws, bad);
      expect(await c.refused, bad).toBe(400);
      await c.closed;
    }
    expect(server.child.exitCode).toBeNull();
    await stillServes(http, ws);
  });

  it('answers frames that are not Pusher messages with pusher:error and keeps the socket', async () => {
    const c = await open(ws);
    await c.socketId();
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const hostile = [
      'null',
      '[]',
      '1',
      '"x"',
      'true',
      '{}',
      '{"event":5}',
      deep(5000),
      `{"event":"pusher:subscribe","data":${deep(3000)}}`,
      `{"event":"pusher:subscribe","data":"${deep(3000)}"}`,
      '{"event":"pusher:subscribe","data":"null"}',
      '{"event":"pusher:subscribe","data":null}',
      '{"event":"pusher:unsubscribe","data":[]}',
    ];
    for (const raw of hostile) c.ws.send(raw);
    // The four without a valid event or too deep are answered one pusher:error each, the three
    // subscribes with no channel "Invalid channel name"; the unsubscribe is ignored.
    for (let i = 0; i < hostile.length - 1; i++) await c.next('pusher:error');
    c.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await c.next('pusher:pong');
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    await c.close();
    expect(server.child.exitCode).toBeNull();
    await stillServes(http, ws);
  });

  it('refuses a wrong key with 4001 and cuts a client that ignores the close', async () => {
    const c = await open(ws, '/app/not-the-key?protocol=7');
    expect((await c.next('pusher:error')).data).toMatchObject({ code: 4001 });
    expect(await c.closed).toBe(4001);
    // A raw client that never answers the close frame holds nothing for long (ws would wait 30 s).
    const port = new URL(http).port;
    const raw = connect(Number(port), '127.0.0.1');
    raw.on('error', () => undefined);
    raw.write(
      'GET /app/not-the-key?protocol=7 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    raw.resume();
    const started = Date.now();
    await new Promise((resolve) => raw.on('close', resolve));
    expect(Date.now() - started).toBeLessThan(5000);
    await stillServes(http, ws);
  }, 15_000);

  it('serves only private-shop.{id} channels', async () => {
    const c = await open(ws);
    const id = await c.socketId();
    for (const channel of ['news', 'private-orders', 'presence-shop.6', 'private-shop.6x', 'private-shop.', 'private-shop.6.7']) {
      c.subscribe(id, channel);
      expect((await c.next('pusher:subscription_error')).channel, channel).toBe(channel);
      expect((await c.next('pusher:error')).data).toMatchObject({ code: 4009 });
    }
    c.subscribe(id, 'private-shop.6');
    expect((await c.next('pusher_internal:subscription_succeeded')).channel).toBe('private-shop.6');
    await c.close();
    await stillServes(http, ws);
  });

  it('caps the channels of one socket at 10', async () => {
    const c = await open(ws);
    const id = await c.socketId();
    for (let shop = 1; shop <= 10; shop++) {
      c.subscribe(id, `private-shop.${shop}`);
      expect((await c.next('pusher_internal:subscription_succeeded')).channel).toBe(`private-shop.${shop}`);
    }
    c.subscribe(id, 'private-shop.11');
    expect((await c.next('pusher:subscription_error')).channel).toBe('private-shop.11');
    // Subscribing again to one it has is not one more.
    c.subscribe(id, 'private-shop.3');
    expect((await c.next('pusher_internal:subscription_succeeded')).channel).toBe('private-shop.3');
    await c.close();
    await stillServes(http, ws);
  });

  it('caps the sockets of one address at 50', async () => {
    const sockets = await Promise.all(Array.from({ length: 50 }, () => open(ws)));
    await Promise.all(sockets.map((s) => s.socketId()));
    const extra = await open(ws);
    expect(await extra.refused).toBe(429);
    await extra.closed;
    // One closes: one more may open.
    await sockets.pop()!.close();
    const again = await openOnceFreed(ws);
    await again.socketId();
    sockets.push(again);
    await Promise.all(sockets.map((s) => s.close()));
    // Once the server has counted them all out, a socket opens again.
    await (await openOnceFreed(ws)).close();
    await stillServes(http, ws);
  }, 30_000);
});

describe('a socket that stops reading', () => {
  let api: TestApi;
  let server: Server;
  let realtime: LocalRealtime;
  let http: string;
  let ws: string;

  beforeAll(async () => {
    api = await createTestApi(testDrivers[0]!);
    const listening = await listenOnLoopback(api);
    server = listening.server;
    // Our own endpoint with a small send-buffer bound, so the test need not fill megabytes.
    realtime = new LocalRealtime(config, { maxBufferedBytes: 256 * 1024 });
    realtime.attach(server);
    http = `http://127.0.0.1:${listening.port}`;
    ws = `ws://127.0.0.1:${listening.port}`;
  }, 120_000);
  afterAll(async () => {
    await realtime.close();
    await new Promise((resolve) => server.close(resolve));
    await api.dispose();
  });

  it('is dropped once its send buffer passes the bound; readers keep their events', async () => {
    const slow = await open(ws);
    slow.subscribe(await slow.socketId(), 'private-shop.6');
    await slow.next('pusher_internal:subscription_succeeded');
    const fast = await open(ws);
    fast.subscribe(await fast.socketId(), 'private-shop.6');
    await fast.next('pusher_internal:subscription_succeeded');
    let received = 0;
    fast.ws.on('message', (raw) => {
      if ((JSON.parse(raw.toString()) as Frame).event === 'order.changed') received++;
    });
    expect(realtime.connections).toBe(2);
    // The slow one stops reading from its TCP socket.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const payload = { text: 'x'.repeat(64 * 1024) };
    let sent = 0;
    for (; sent < 800 && realtime.connections === 2; sent++) {
      await realtime.publish('private-shop.6', 'order.changed', payload);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(realtime.connections).toBe(1);
    expect(sent).toBeLessThan(800);
    // A marker after the last event: one socket delivers its frames in order, so once the reader
    // has the marker it has every event sent before it.
    await realtime.publish('private-shop.6', 'test.marker', {});
    await fast.next('test.marker');
    expect(received).toBe(sent);
    await slow.close();
    await fast.close();
    await stillServes(http, ws);
  }, 60_000);
});
