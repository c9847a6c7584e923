// Realtime channels: the unmodified pusher-js client (Node build) against the local Pusher-protocol
// endpoint, subscribing through v1/broadcasting/auth; the protocol details with a raw WebSocket;
// and the real-Pusher adapter against a stand-in for Pusher's HTTP API.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, refusal } from '../support/contract';
import { BroadcastingAuthResponseSchema } from '~/api/contract/realtime';
import { createRealtime as createRealtimeDriver } from '~server/realtime/index';
import { loadConfig } from '~server/config';
import { PusherRealtime } from '~server/realtime/pusher';
import { signChannel } from '~server/realtime/publisher';
import { testDrivers } from '../support/databases';
import { createTestApi, listenOnLoopback, type TestApi } from '../support/app';
import { day } from '../support/orders';
import { call, pairAll, payAtDesk, placeOrder, SHOP, OTHER_SHOP, unit, type Kiosks } from '../support/staff';
import { configureLogger } from '~server/log';

type Frame = { event: string; channel?: string; data?: unknown };

describe.each(testDrivers)('realtime channels on $name', (driver) => {
  let api: TestApi;
  let server: Server;
  let port: number;
  let k: Kiosks;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    api = await createTestApi(driver);
    ({ server, port } = await listenOnLoopback(api));
    api.deps.realtime.attach!(server);
    k = await pairAll(api);
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await api.deps.realtime.close();
    await new Promise((resolve) => server.close(resolve));
    await api.dispose();
  });

  const pusher = (token: string) => {
    const client = new Pusher(api.deps.realtime.key, {
      cluster: 'local',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: { endpoint: `http://127.0.0.1:${port}/api/v1/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
    });
    clients.push(client);
    return client;
  };
  const once = <T = unknown>(bindable: { bind(event: string, cb: (data: T) => void): unknown }, event: string, ms = 5000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      bindable.bind(event, (data: T) => {
        clearTimeout(timer);
        resolve(data);
      });
    });

  it("delivers the shop's order events to pusher-js: paid within 1 s", async () => {
    const client = pusher(k.admin);
    const channel = client.subscribe(`private-shop.${SHOP}`);
    await once(channel, 'pusher:subscription_succeeded');

    const created = once<{ number: string }>(channel, 'order.created');
    const order = await placeOrder(api, { from: day(4) });
    expect((await created).number).toBe(order.number);

    const paid = once<{ id: number; paid: boolean; number: string }>(channel, 'order.paid', 1000);
    const started = Date.now();
    const res = await payAtDesk(api, order.id, k.cash);
    expect(res.status).toBe(200);
    expect(await paid).toMatchObject({ id: order.id, number: order.number, paid: true });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('publishes delivered, picked up, changed and pushed in queue', async () => {
    const client = pusher(k.public);
    const channel = client.subscribe(`private-shop.${SHOP}`);
    await once(channel, 'pusher:subscription_succeeded');
    const order = await placeOrder(api, { from: day(6) });
    const line = order.order_detail_pools[0]!.order_details[0]!.id;
    const seen: string[] = [];
    for (const event of ['order.delivered', 'order.picked_up', 'order.changed', 'order.pushed_in_queue']) {
      channel.bind(event, (data: { id: number }) => data.id === order.id && seen.push(event));
    }
    const pushed = once(channel, 'order.pushed_in_queue');
    await call(api, 'POST', '/api/v1/delivery', k.admin, { order_id: order.id, delivery_details: [{ internal_code: unit('CITYBIKE', 1), id_order_detail: line }] });
    await call(api, 'POST', '/api/v1/pickup', k.admin, { items: [{ internal_code: unit('CITYBIKE', 1) }] });
    await call(api, 'PATCH', `/api/v1/orders/${order.id}`, k.admin, { phone: '+39 333 111 2222' });
    await call(api, 'POST', '/api/v1/totem/push_in_queue', k.admin, { order: order.uuid });
    await pushed;
    expect(seen).toEqual(['order.delivered', 'order.picked_up', 'order.changed', 'order.pushed_in_queue']);
  });

  it("refuses a subscription to another shop's channel", async () => {
    const client = pusher(k.admin);
    const channel = client.subscribe(`private-shop.${OTHER_SHOP}`);
    const error = await once<{ type: string; status: number }>(channel, 'pusher:subscription_error');
    expect(error).toMatchObject({ type: 'AuthError', status: 403 });
  });

  it('signs only the caller\'s shop channel, form-encoded as pusher-js sends it; bad input is 422', async () => {
    const auth = (body: string, token = k.cash) =>
      fetch(`http://127.0.0.1:${port}/api/v1/broadcasting/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
        body,
      });
    const ok = await auth(`socket_id=123.456&channel_name=private-shop.${SHOP}`);
    expect(ok.status).toBe(200);
    const { auth: signature } = await answer(ok, BroadcastingAuthResponseSchema);
    expect(signature).toMatch(new RegExp(`^${api.deps.realtime.key}:[0-9a-f]{64}$`));
    expect(signature).toBe(api.deps.realtime.authorize('123.456', `private-shop.${SHOP}`));
    expect((await auth('socket_id=123.456&channel_name=private-shop.1')).status).toBe(403);
    expect((await auth('socket_id=123.456&channel_name=presence-shop.6')).status).toBe(403);
    const bad = await auth(`socket_id=abc&channel_name=private-shop.${SHOP}`);
    expect([bad.status, (await refusal(bad)).errors]).toEqual([422, { socket_id: ['Valore non valido'] }]);
    expect((await auth('')).status).toBe(422);
  });

  it('speaks the protocol: handshake, ping/pong, refused forged signatures, no public channels, unknown keys', async () => {
    const open = async (key = api.deps.realtime.key) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`);
      const frames: Frame[] = [];
      const waiters: ((f: Frame) => void)[] = [];
      ws.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as Frame;
        frames.push(frame);
        waiters.splice(0).forEach((w) => w(frame));
      });
      const next = async (event: string): Promise<Frame> => {
        for (;;) {
          const i = frames.findIndex((f) => f.event === event);
          if (i >= 0) return frames.splice(i, 1)[0]!;
          await new Promise<Frame>((resolve) => waiters.push(resolve));
        }
      };
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      return { ws, next, closed, send: (f: Frame) => ws.send(JSON.stringify(f)) };
    };
    const c = await open();
    const hello = await c.next('pusher:connection_established');
    const { socket_id: socketId, activity_timeout } = JSON.parse(hello.data as string) as { socket_id: string; activity_timeout: number };
    expect(socketId).toMatch(/^\d+\.\d+$/);
    expect(activity_timeout).toBe(120);
    c.send({ event: 'pusher:ping', data: {} });
    expect((await c.next('pusher:pong')).event).toBe('pusher:pong');
    c.send({ event: 'pusher:subscribe', data: { channel: `private-shop.${SHOP}`, auth: `${api.deps.realtime.key}:${'0'.repeat(64)}` } });
    expect((await c.next('pusher:error')).data).toMatchObject({ code: 4009 });
    expect((await c.next('pusher:subscription_error')).channel).toBe(`private-shop.${SHOP}`);
    c.send({ event: 'pusher:subscribe', data: { channel: `private-shop.${SHOP}`, auth: api.deps.realtime.authorize(socketId, `private-shop.${SHOP}`) } });
    expect((await c.next('pusher_internal:subscription_succeeded')).channel).toBe(`private-shop.${SHOP}`);
    // Only the shops' private channels exist: a public channel is refused.
    c.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    expect((await c.next('pusher:subscription_error')).channel).toBe('news');
    expect((await c.next('pusher:error')).data).toMatchObject({ code: 4009 });
    c.send({ event: 'client-hello', channel: 'news', data: {} });
    expect((await c.next('pusher:error')).data).toMatchObject({ code: 4301 });
    c.ws.send('not json');
    expect((await c.next('pusher:error')).data).toMatchObject({ message: 'Invalid JSON' });
    c.ws.close();

    const wrong = await open('not-the-key');
    expect((await wrong.next('pusher:error')).data).toMatchObject({ code: 4001 });
    expect(await wrong.closed).toBe(4001);
  });
});

describe('realtime drivers', () => {
  it('selects Pusher only when PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET and PUSHER_CLUSTER are all set', async () => {
    const all = { PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 's', PUSHER_CLUSTER: 'eu' };
    const createRealtime = (env: NodeJS.ProcessEnv) => createRealtimeDriver(loadConfig(env).realtime, 0);
    const real = createRealtime(all);
    expect([real.driver, real.key, real.cluster]).toEqual(['pusher', 'k', 'eu']);
    expect(real.authorize('1.2', 'private-shop.6')).toBe(signChannel({ key: 'k', secret: 's' }, '1.2', 'private-shop.6'));
    const local = createRealtime({ PUSHER_KEY: 'k', PUSHER_SECRET: 's' });
    expect([local.driver, local.key]).toEqual(['local', 'k']);
    expect(createRealtime({}).key).toBe('rentalp-local');
    // Half a Pusher setup stops the start instead of falling back to the local endpoint.
    expect(() => createRealtime({ PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 's' })).toThrow(/PUSHER_APP_ID="1" names a Pusher app but PUSHER_CLUSTER is unset/);
    await Promise.all([real.close(), local.close()]);
  });

  it("triggers events through the official pusher package (Pusher's HTTP events API)", async () => {
    const received: { url: string; body: { name: string; channels: string[]; data: string } }[] = [];
    const fake = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push({ url: req.url!, body: JSON.parse(body) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const realtime = new PusherRealtime({ appId: '42', key: 'k', secret: 's', cluster: 'eu' }, { host: '127.0.0.1', port: (fake.address() as AddressInfo).port });
      await realtime.publish('private-shop.6', 'order.paid', { id: 7 });
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toMatch(/^\/apps\/42\/events\?auth_key=k&.*&auth_signature=[0-9a-f]{64}$/);
      expect(received[0]!.body).toMatchObject({ name: 'order.paid', channels: ['private-shop.6'] });
      expect(JSON.parse(received[0]!.body.data)).toEqual({ id: 7 });
      // A failing service never fails the request that published.
      fake.close();
      const logged: string[] = [];
      configureLogger({ destination: { write: (line: string) => void logged.push(line) } });
      try {
        await expect(realtime.publish('private-shop.6', 'order.paid', { id: 8 })).resolves.toBeUndefined();
      } finally {
        configureLogger({ destination: process.stdout });
      }
      expect(logged.join('')).toMatch(/"event":"order\.paid".*"msg":"realtime: pusher trigger failed"/);
    } finally {
      fake.close();
    }
  });
});
