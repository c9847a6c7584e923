// A Pusher-protocol (version 7) WebSocket endpoint, enough for the unmodified pusher-js client:
// connection_established with a socket id, private subscriptions to the shops' channels (checked
// against the same signature broadcasting/auth hands out), ping/pong, event delivery and
// pusher:error. Served on `/app/{key}` of the product's HTTP server (wsHost/wsPort = the site's).
//
// Hostile input: nothing a client sends can throw out of a listener. A handshake whose
// path or key cannot be read is answered 400 before upgrading; the key is checked before
// upgrading, and a wrong key gets Pusher's 4001 close (a refused HTTP upgrade would make pusher-js
// retry for ever, 4001 tells it not to reconnect) without ever becoming a client. Frames are
// bounded in size and nesting and must be Pusher message objects; only `private-shop.{id}`
// channels are served, at most MAX_CHANNELS_PER_SOCKET per socket, at most
// MAX_CONNECTIONS_PER_ADDRESS sockets per client address, and a socket that does not read what we
// send (its buffer above MAX_BUFFERED_BYTES) is dropped.
import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { upgradeClientAddress } from '../http/client-address';
import { AddressCounts } from '../http/connection-cap';
import type { Realtime, RealtimeConfig } from './publisher';
import { signChannel, verifyChannelAuth } from './publisher';
import { frame, frameTooDeep, isObject, parseBounded } from './frames';
import { log } from '../log';

/** Seconds of silence after which pusher-js pings; we tell it in the handshake. */
const ACTIVITY_TIMEOUT_S = 120;
const PATH = /^\/app\/([^/?]+)$/;
/** The only channels served: a shop's private channel (`private-shop.6`). */
const SHOP_CHANNEL = /^private-shop\.[1-9]\d{0,9}$/;
/** Largest frame accepted from a client (Pusher's own limit for client messages is 10 KB). */
const MAX_FRAME_BYTES = 10 * 1024;
/** A kiosk subscribes to one channel; a few more leave room for a page that switches shops. */
const MAX_CHANNELS_PER_SOCKET = 10;
/** Open sockets per client address: a shop's kiosks behind one router stay well below it. */
const MAX_CONNECTIONS_PER_ADDRESS = 50;
/** A socket with more than this unsent (a reader that stopped reading) is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a socket we close may take to answer the close before it is cut. */
const CLOSE_GRACE_MS = 1000;

export interface LocalRealtimeLimits {
  maxChannelsPerSocket: number;
  maxConnectionsPerAddress: number;
  maxBufferedBytes: number;
}

interface Client {
  socket: WebSocket;
  socketId: string;
  channels: Set<string>;
  alive: boolean;
}

/** Answers a handshake we refuse before upgrading, then drops the connection. */
function refuseHandshake(socket: Duplex, status: number, reason: string) {
  try {
    socket.on('error', () => undefined);
    if (socket.writable) socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  } finally {
    socket.destroy();
  }
}

export class LocalRealtime implements Realtime {
  readonly driver = 'local' as const;
  readonly key: string;
  readonly cluster = null;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly clients = new Set<Client>();
  /** Open (and opening) sockets per client address. */
  private readonly perAddress: AddressCounts;
  private readonly servers = new Map<Server, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>();
  private readonly limits: LocalRealtimeLimits;
  /** TRUST_PROXY (server/config.ts): which X-Forwarded-For entry the per-address cap counts by. */
  private readonly trustProxy: number;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: RealtimeConfig,
    { trustProxy = 0, ...limits }: Partial<LocalRealtimeLimits> & { trustProxy?: number } = {},
  ) {
    this.key = config.key;
    this.trustProxy = trustProxy;
    this.limits = {
      maxChannelsPerSocket: MAX_CHANNELS_PER_SOCKET,
      maxConnectionsPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
      maxBufferedBytes: MAX_BUFFERED_BYTES,
      ...limits,
    };
    this.perAddress = new AddressCounts(this.limits.maxConnectionsPerAddress);
  }

  authorize(socketId: string, channel: string): string {
    return signChannel(this.config, socketId, channel);
  }

  /**
   * Set when several API processes share one database: each event published here is
   * also handed to the other processes, which deliver it to their own sockets (`deliver`).
   */
  relay: ((channel: string, event: string, json: string) => Promise<void>) | null = null;

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    // Pusher sends event data as a JSON string inside the frame.
    const json = JSON.stringify(data);
    this.deliver(channel, event, json);
    await this.relay?.(channel, event, json);
  }

  /** Sends an event to this process's subscribers of `channel` (`json`: the event data as JSON). */
  deliver(channel: string, event: string, json: string): void {
    const message = frame(event, json, channel);
    for (const client of this.clients) {
      if (client.channels.has(channel)) this.send(client.socket, message);
    }
  }

  /** Number of open connections (for tests and diagnostics). */
  get connections(): number {
    return this.clients.size;
  }

  attach(server: Server): void {
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      try {
        this.upgrade(req, socket, head);
      } catch (error) {
        log().warn({ err: error }, 'realtime: upgrade refused');
        refuseHandshake(socket, 400, 'Bad Request');
      }
    };
    server.on('upgrade', onUpgrade);
    this.servers.set(server, onUpgrade);
    // Sockets that stop answering WebSocket pings (a kiosk that lost its network) are dropped, and
    // so are those that still have more than the bound unsent (a reader that stopped reading).
    this.heartbeat ??= setInterval(() => {
      for (const client of this.clients) {
        if (!client.alive || client.socket.bufferedAmount > this.limits.maxBufferedBytes) client.socket.terminate();
        else {
          client.alive = false;
          try {
            client.socket.ping();
          } catch {
            client.socket.terminate();
          }
        }
      }
    }, 30_000).unref();
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const [server, listener] of this.servers) server.off('upgrade', listener);
    this.servers.clear();
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    let url: URL;
    let key: string;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      const match = PATH.exec(url.pathname);
      if (!match) return refuseHandshake(socket, 404, 'Not Found');
      key = decodeURIComponent(match[1]!);
    } catch {
      // A malformed %-escape or URL: nothing to upgrade to.
      return refuseHandshake(socket, 400, 'Bad Request');
    }
    const release = this.perAddress.enter(upgradeClientAddress(req, this.trustProxy));
    if (!release) return refuseHandshake(socket, 429, 'Too Many Requests');
    const knownKey = key === this.key;
    const protocol = Number(url.searchParams.get('protocol') ?? 7);
    socket.once('close', release);
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => undefined);
      ws.once('close', release);
      // Wrong key: decided before upgrading, answered the Pusher way so pusher-js stops retrying.
      if (!knownKey) return this.refuseSocket(ws, 4001, 'App key does not exist');
      if (!(protocol >= 5)) return this.refuseSocket(ws, 4007, 'Unsupported protocol version');
      this.accept(ws);
    });
  }

  /** Sends a pusher:error and closes; a peer that does not answer the close is cut shortly after. */
  private refuseSocket(socket: WebSocket, code: number, message: string) {
    this.send(socket, frame('pusher:error', { code, message }));
    socket.close(code, message);
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** Sends unless the socket is not open; a socket that stopped reading is dropped instead. */
  private send(socket: WebSocket, message: string) {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.limits.maxBufferedBytes) {
      socket.terminate();
      return;
    }
    socket.send(message, () => undefined);
  }

  private accept(socket: WebSocket) {
    const client: Client = { socket, socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`, channels: new Set(), alive: true };
    this.clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => this.clients.delete(client));
    socket.on('message', (raw, isBinary) => {
      client.alive = true;
      try {
        if (isBinary) this.send(socket, frame('pusher:error', { code: null, message: 'Invalid message' }));
        else this.handle(client, raw.toString());
      } catch (error) {
        // No frame may throw out of the socket handler; a bug here costs this socket only.
        log().warn({ err: error }, 'realtime: frame refused');
        this.refuseSocket(socket, 4200, 'Internal error');
      }
    });
    this.send(socket, frame('pusher:connection_established', JSON.stringify({ socket_id: client.socketId, activity_timeout: ACTIVITY_TIMEOUT_S })));
  }

  private handle(client: Client, raw: string) {
    if (frameTooDeep(raw)) {
      this.send(client.socket, frame('pusher:error', { code: null, message: 'Invalid JSON' }));
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(raw) as unknown;
    } catch {
      this.send(client.socket, frame('pusher:error', { code: null, message: 'Invalid JSON' }));
      return;
    }
    // A Pusher message is an object with a string event; anything else (null, [], 1, "x") is refused.
    if (!isObject(message) || typeof message.event !== 'string') {
      this.send(client.socket, frame('pusher:error', { code: null, message: 'Invalid message' }));
      return;
    }
    // pusher-js sends data as an object; other clients may send it as a JSON string.
    const data = typeof message.data === 'string' ? parseBounded(message.data) : message.data;
    const fields = isObject(data) ? data : {};
    switch (message.event) {
      case 'pusher:ping':
        this.send(client.socket, frame('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subscribe(client, fields.channel, fields.auth);
        return;
      case 'pusher:unsubscribe':
        if (typeof fields.channel === 'string') client.channels.delete(fields.channel);
        return;
      default:
        if (message.event.startsWith('client-')) {
          this.send(client.socket, frame('pusher:error', { code: 4301, message: 'Client events are not enabled' }));
        }
    }
  }

  private subscribe(client: Client, channel: unknown, auth: unknown) {
    if (typeof channel !== 'string' || channel.length === 0 || channel.length > 164) {
      this.send(client.socket, frame('pusher:error', { code: null, message: 'Invalid channel name' }));
      return;
    }
    const refuse = (error: string, status: number) => {
      this.send(client.socket, frame('pusher:error', { code: 4009, message: error }));
      // Lets pusher-js's channel emit `pusher:subscription_error` for this channel.
      this.send(client.socket, frame('pusher:subscription_error', { type: 'AuthError', error, status }, channel));
    };
    if (!SHOP_CHANNEL.test(channel)) return refuse(`Channel ${channel} is not served here`, 403);
    if (!client.channels.has(channel) && client.channels.size >= this.limits.maxChannelsPerSocket) {
      return refuse(`At most ${this.limits.maxChannelsPerSocket} channels per connection`, 403);
    }
    if (!verifyChannelAuth(this.config, client.socketId, channel, auth)) return refuse(`Invalid signature for channel ${channel}`, 401);
    client.channels.add(channel);
    this.send(client.socket, frame('pusher_internal:subscription_succeeded', '{}', channel));
  }
}
