// A body refused as too large (413) closes its connection, over a real socket: the refused body is
// not read, so a client that reused the socket would have the rest of it parsed as its next
// request. The answer says `Connection: close` and the server ends the socket, as nginx does —
// whether the size was announced (Content-Length, answered before the body arrives) or found while
// reading a chunked body. A normal answer keeps the connection open.
// Over the same socket path, the multipart part count (server/http/body-limit.ts): a body framed by
// Content-Length and long enough to hold too many parts is still counted and refused; an order form
// short enough to be left out is placed.
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BODY_LIMIT } from '~server/http/body-limit';
import { testDrivers } from '../support/databases';
import { createTestApi, listenOnLoopback, type TestApi } from '../support/app';
import { day, orderForm, pick } from '../support/orders';
import { refusal } from '../support/contract';
import { OrderEnvelopeSchema } from '~/api/contract/orders';

const BIKE_SHOP = 3; // Riviera Bike Rent: city bikes need no customer details

/** Long enough for a socket the server keeps open to show it is still open. */
const OPEN_GRACE_MS = 1500;

interface RawExchange {
  head: string;
  /** Resolves true when the server ends the socket within `ms`. */
  closedWithin(ms: number): Promise<boolean>;
  socket: Socket;
}

/** Writes `request` on a fresh socket and waits for the status line and headers of the answer. */
async function exchange(port: number, request: string): Promise<RawExchange> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined); // a reset after the answer is a close too
  let closed = false;
  const closing = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  void closing.then(() => (closed = true));
  let received = '';
  const head = await new Promise<string>((resolve, reject) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end !== -1) resolve(received.slice(0, end));
    });
    socket.once('close', () => reject(new Error(`closed before an answer: ${JSON.stringify(received)}`)));
    socket.write(request);
  });
  return {
    head,
    socket,
    closedWithin: (ms) => (closed ? Promise.resolve(true) : Promise.race([closing.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))])),
  };
}

const header = (head: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim().toLowerCase();

describe('a 413 closes the connection', () => {
  let api: TestApi;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    api = await createTestApi(testDrivers[0]!);
    ({ server, port } = await listenOnLoopback(api));
  }, 120_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await api.dispose();
  });

  it('answers an announced oversized body at once with Connection: close, and ends the socket', async () => {
    const announced = API_BODY_LIMIT * 16;
    const started = Date.now();
    const { head, closedWithin, socket } = await exchange(
      port,
      `POST /api/v1/pair HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${announced}\r\n\r\n{"code":"`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(header(head, 'connection')).toBe('close');
    // The rest of the body never comes: the server closes without waiting for it.
    expect(await closedWithin(OPEN_GRACE_MS)).toBe(true);
    expect(Date.now() - started).toBeLessThan(OPEN_GRACE_MS);
    socket.destroy();
  });

  it('closes likewise when a chunked body grows past the limit while it is read', async () => {
    const chunk = 'x'.repeat(API_BODY_LIMIT + 1);
    const { head, closedWithin, socket } = await exchange(
      port,
      `POST /api/v1/pair HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(header(head, 'connection')).toBe('close');
    expect(await closedWithin(OPEN_GRACE_MS)).toBe(true);
    socket.destroy();
  });

  it("closes after the upload routes' own, larger limit too", async () => {
    const { head, closedWithin, socket } = await exchange(
      port,
      `POST /api/v1/shops/3/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${1024 ** 3}\r\n\r\n--b\r\n`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(header(head, 'connection')).toBe('close');
    expect(await closedWithin(OPEN_GRACE_MS)).toBe(true);
    socket.destroy();
  });

  it('keeps the connection of a normal answer open', async () => {
    const { head, closedWithin, socket } = await exchange(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(header(head, 'connection')).toBe('keep-alive');
    expect(await closedWithin(OPEN_GRACE_MS)).toBe(false);
    socket.destroy();
  });

  it('counts the parts of a Content-Length body long enough to hold too many, and refuses it', async () => {
    // Nothing but delimiters: 1,100 parts in 5.5 KB, each too short to be a field.
    const body = `--b${'\r\n--b'.repeat(1100)}--\r\n`;
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/shops/${BIKE_SHOP}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: new TextEncoder().encode(body),
    });
    expect(res.status).toBe(422);
    expect(await refusal(res)).toEqual({ message: 'La richiesta è troppo grande', errors: { _: ['La richiesta è troppo grande'] } });
  });

  it('places an order whose form is too short to need counting', async () => {
    const { main } = await pick(api, BIKE_SHOP, 'CITYBIKE', { from: day(40), to: day(40) });
    const form = orderForm({ from: day(40), cart: [{ prices: [main.id] }], email: 'socket-order@example.com' });
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/shops/${BIKE_SHOP}/orders`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    expect(OrderEnvelopeSchema.parse(await res.json()).data.email).toBe('socket-order@example.com');
  });
});
