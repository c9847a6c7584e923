// The live board's store (src/features/kiosk/board/stores/board.ts) against the real API and its local Pusher-protocol
// endpoint, with the unmodified pusher-js (Node build): it reads the board, goes live, follows
// order events (a burst costs few reads), says "unauthorized" when the channel is refused (a forged
// signature, or an auth endpoint that says no), shows "offline" when the socket drops, reconnects
// by itself and reads the board again, and disconnects on cleanup. Also the pusher-js options and
// the outcomes of pushing an order in the queue.
import type { Server } from 'node:http';
import { useTestStorageEngine } from '@nanostores/persistent';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalRealtime } from '~server/realtime/local';
import { testDrivers } from '~tests/support/databases';
import { createTestApi, listenOnLoopback, type TestApi } from '~tests/support/app';
import { day } from '~tests/support/orders';
import { call, idDocument, pairAll, placeOrder, totemOf, type Kiosks } from '~tests/support/staff';

useTestStorageEngine();
const kiosk = await import('~/stores/kiosk');
const { pairDevice } = await import('~/features/kiosk/pairing/stores/kiosk-pairing');
const board = await import('~/features/kiosk/board/stores/board');
const channel = await import('~/features/kiosk/shared/stores/shop-channel');
const { queueOrder } = await import('~/features/kiosk/shared/stores/queue-order');

const LOCAL = { driver: 'local' as const, key: 'rentalp-local', cluster: null, channel: 'private-shop.6', ws_path: '/app/rentalp-local' };
const AUTH = { endpoint: 'http://127.0.0.1:4321/api/v1/broadcasting/auth', token: 'Bearer abc' };
/** Long enough for the board to notice a dropped socket and come back (a new attempt every 5 s). */
const RECONNECT_MS = 15_000;

async function until<T>(check: () => T | null | undefined | false, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The reads asked for so far are over (none in flight, none coming): the store's own signal. */
const readsOver = () => until(() => !board.$boardReading.get(), 'the reads of the board over');

describe('pusher-js options', () => {
  it("connects the local driver to the API's own host and port, without TLS on http, with the path before /app/{key}", () => {
    expect(channel.pusherOptions(LOCAL, { protocol: 'http:', hostname: 'kiosk.local', port: '4321' }, AUTH)).toEqual({
      cluster: 'local',
      wsHost: 'kiosk.local',
      wsPort: 4321,
      wssPort: 4321,
      wsPath: '',
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: { endpoint: AUTH.endpoint, transport: 'ajax', headers: { Authorization: 'Bearer abc' } },
    });
    // Behind a TLS proxy on the default port, under a prefix.
    const proxied = channel.pusherOptions(
      { ...LOCAL, ws_path: '/realtime/app/rentalp-local' },
      { protocol: 'https:', hostname: 'shop.example', port: '' },
      AUTH,
    );
    expect(proxied).toMatchObject({ wsPort: 443, wssPort: 443, forceTLS: true, wsPath: '/realtime' });
    expect(channel.pusherOptions(LOCAL, { protocol: 'http:', hostname: 'h', port: '' }, { ...AUTH, token: null })).toMatchObject({
      wsPort: 80,
      channelAuthorization: { headers: {} },
    });
  });

  it('connects the pusher driver to its cluster over TLS', () => {
    const options = channel.pusherOptions(
      { driver: 'pusher', key: 'k', cluster: 'eu', channel: 'private-shop.6', ws_path: null },
      { protocol: 'http:', hostname: 'h', port: '1' },
      AUTH,
    );
    expect(options).toEqual({
      cluster: 'eu',
      forceTLS: true,
      channelAuthorization: { endpoint: AUTH.endpoint, transport: 'ajax', headers: { Authorization: 'Bearer abc' } },
    });
  });

  it('takes the wsPath prefix from ws_path', () => {
    expect(channel.wsPathPrefix('/app/k', 'k')).toBe('');
    expect(channel.wsPathPrefix('/x/y/app/k', 'k')).toBe('/x/y');
    expect(channel.wsPathPrefix(null, 'k')).toBe('');
    expect(channel.wsPathPrefix('/other', 'k')).toBe('');
  });
});

describe('the board store against the API', () => {
  let api: TestApi;
  let server: Server;
  let k: Kiosks;
  const cleanups: (() => void)[] = [];
  const realtime = () => api.deps.realtime as LocalRealtime;

  beforeAll(async () => {
    api = await createTestApi(testDrivers[0]!);
    const listening = await listenOnLoopback(api);
    server = listening.server;
    realtime().attach(server);
    const port = String(listening.port);
    // The API client resolves its base URL against the page's address.
    vi.stubGlobal('location', new URL(`http://127.0.0.1:${port}/totem/board`));
    k = await pairAll(api);
    await pairDevice(totemOf('BARD-01').pairingCode);
    // From here the page is served elsewhere than the API (the kiosk's server_url): the board's
    // reads, its channel's auth and the local WebSocket all follow the API.
    expect(kiosk.saveKioskSettings({ pos: null, server_url: `http://127.0.0.1:${port}/api`, fakePos: false })).toEqual({});
    vi.stubGlobal('location', new URL('http://localhost:9/totem/board'));
  }, 120_000);
  afterEach(() => {
    cleanups.splice(0).forEach((stop) => stop());
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await realtime().close();
    await new Promise((resolve) => server.close(resolve));
    await api.dispose();
  });

  const connect = () => {
    const stop = board.connectBoard();
    cleanups.push(stop);
    return stop;
  };
  const onBoard = (id: number) => board.$board.get()?.orders.find((o) => o.id === id);

  it('reads the board, goes live and moves orders on their events', async () => {
    connect();
    expect(board.$boardStatus.get()).toBe('connecting');
    await until(() => board.$boardStatus.get() === 'live', 'live');
    expect(board.$board.get()?.date).toBe(day(0));
    expect(board.$boardReadAt.get()).toBeGreaterThan(0);
    await readsOver();

    let publishedAt = 0;
    const publish = realtime().publish.bind(realtime());
    vi.spyOn(realtime(), 'publish').mockImplementation((channel, event, data) => {
      if (event === 'order.created') publishedAt = Date.now();
      return publish(channel, event, data);
    });
    // Placed on this public kiosk (it queues only its own fresh orders); BARD-01 asks for a document.
    const order = await placeOrder(api, { from: day(0), token: k.public, medias: [{ file: idDocument() }] });
    await until(() => onBoard(order.id), 'the new order on the board');
    console.log(`[board-store] order.created published → on the board: ${Date.now() - publishedAt} ms`);

    expect(await queueOrder(` ${order.number} `)).toMatchObject({ ok: true, number: order.number });
    const queued = await until(() => onBoard(order.id)?.queued_at, 'queued_at on the board');
    expect(new Date(queued).getTime()).toBeGreaterThan(0);
  });

  it('answers a burst of events with a few reads, the last after the last event', async () => {
    connect();
    await until(() => board.$boardStatus.get() === 'live', 'live');
    await readsOver();
    const realFetch = globalThis.fetch;
    let reads = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input).includes('/v1/totem/board')) reads++;
      return realFetch(input, init);
    });
    const order = await placeOrder(api, { from: day(0) });
    const event = { id: order.id };
    for (let i = 0; i < 20; i++) await realtime().publish('private-shop.6', 'order.changed', event);
    await until(() => onBoard(order.id), 'the order after the burst');
    // Every frame of the burst has left the server's buffers for the board's socket (loopback:
    // already in its receive buffer), and one turn of the event loop reads them all; then the
    // reads they asked for are over.
    const clients = (realtime() as unknown as { clients: Set<{ socket: { bufferedAmount: number } }> }).clients;
    await until(() => [...clients].every((c) => c.socket.bufferedAmount === 0), 'the burst sent');
    await new Promise((resolve) => setImmediate(resolve));
    await readsOver();
    // The order.created event and the 20 changes: one read at once, one more for what came during it.
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(3);
  });

  it('is unauthorized when the server refuses a forged signature, and keeps showing the board', async () => {
    vi.spyOn(realtime(), 'authorize').mockImplementation(() => `${realtime().key}:${'0'.repeat(64)}`);
    connect();
    await until(() => board.$boardStatus.get() === 'unauthorized', 'unauthorized');
    await until(() => board.$board.get(), 'the board read anyway');
  });

  it('is unauthorized when the auth endpoint refuses the channel', async () => {
    const device = kiosk.$kioskDevice.get();
    kiosk.$kioskDevice.set({ ...device, realtime: { ...device.realtime!, channel: 'private-shop.1' } });
    try {
      connect();
      await until(() => board.$boardStatus.get() === 'unauthorized', 'unauthorized');
    } finally {
      kiosk.$kioskDevice.set(device);
    }
  });

  it(
    'shows offline when the socket drops, reconnects by itself and reads what it missed',
    async () => {
      connect();
      await until(() => board.$boardStatus.get() === 'live', 'live');
      // The reads of the start (the first one and the one for the subscription) are over.
      await readsOver();
      // The endpoint stops taking connections, and the open ones are cut.
      const upgrades = server.listeners('upgrade') as ((...args: unknown[]) => void)[];
      const restore = () => {
        server.removeAllListeners('upgrade');
        for (const listener of upgrades) server.on('upgrade', listener);
      };
      cleanups.push(restore);
      server.removeAllListeners('upgrade');
      server.on('upgrade', (_req, socket: { destroy(): void }) => socket.destroy());
      const clients = (realtime() as unknown as { clients: Set<{ socket: { terminate(): void } }> }).clients;
      for (const client of clients) client.socket.terminate();
      await until(() => board.$boardStatus.get() === 'offline', 'offline');

      // No socket left to carry the order's event, and no read under way or coming: nothing can
      // bring the order to the board until the endpoint is back.
      await until(() => realtime().connections === 0, 'the sockets cut');
      const missed = await placeOrder(api, { from: day(0) });
      await readsOver();
      expect(onBoard(missed.id)).toBeUndefined();
      expect(board.$boardStatus.get()).toBe('offline');

      restore();
      const restoredAt = Date.now();
      await until(() => board.$boardStatus.get() === 'live', 'live again', RECONNECT_MS);
      await until(() => onBoard(missed.id), 'the order placed while offline');
      console.log(`[board-store] endpoint back → board live and read again: ${Date.now() - restoredAt} ms`);
    },
    RECONNECT_MS + 10_000,
  );

  it('disconnects on cleanup', async () => {
    await until(() => realtime().connections === 0, 'the sockets of earlier tests closed');
    const stop = connect();
    await until(() => board.$boardStatus.get() === 'live', 'live');
    expect(realtime().connections).toBe(1);
    stop();
    await until(() => realtime().connections === 0, 'the socket closed');
  });

  it('pushes an order in the queue, or says why not', async () => {
    expect(await queueOrder('  ')).toEqual({ ok: false, reason: 'required' });
    expect(await queueOrder('06-9999999')).toMatchObject({ ok: false, reason: 'notFound' });
    const order = await placeOrder(api, { from: day(2), token: k.public, medias: [{ file: idDocument() }] });
    expect((await call(api, 'DELETE', `/api/v1/orders/${order.id}?date=${day(0)}`, k.admin)).status).toBe(200);
    expect(await queueOrder(order.number)).toMatchObject({ ok: false, reason: 'cancelled' });
    expect(await queueOrder('x'.repeat(65))).toMatchObject({ ok: false, reason: 'invalid', message: 'Inserisci al massimo 64 caratteri' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    expect(await queueOrder(order.number)).toEqual({ ok: false, reason: 'failed' });
  });
});
