// A Pusher-protocol (version 7) WebSocket endpoint, enough for the unmodified pusher-js client:
// connection_established with a socket id, public and private subscriptions (private ones checked
// against the same signature broadcasting/auth hands out), ping/pong, event delivery and
// pusher:error. Served on `/app/{key}` of the product's HTTP server (wsHost/wsPort = the site's).
import { randomInt } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Realtime, RealtimeConfig } from './publisher';
import { signChannel, verifyChannelAuth } from './publisher';

/** Seconds of silence after which pusher-js pings; we tell it in the handshake. */
const ACTIVITY_TIMEOUT_S = 120;
const PATH = /^\/app\/([^/?]+)$/;

interface Client {
  socket: WebSocket;
  socketId: string;
  channels: Set<string>;
  alive: boolean;
}

const frame = (event: string, data: unknown, channel?: string) =>
  JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });

export class LocalRealtime implements Realtime {
  readonly driver = 'local' as const;
  readonly key: string;
  readonly cluster = null;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly clients = new Set<Client>();
  private readonly servers = new Map<Server, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly config: RealtimeConfig) {
    this.key = config.key;
  }

  authorize(socketId: string, channel: string): string {
    return signChannel(this.config, socketId, channel);
  }

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    // Pusher sends event data as a JSON string inside the frame.
    const message = frame(event, JSON.stringify(data), channel);
    for (const client of this.clients) {
      if (client.channels.has(channel) && client.socket.readyState === client.socket.OPEN) client.socket.send(message);
    }
  }

  /** Number of open connections (for tests and diagnostics). */
  get connections(): number {
    return this.clients.size;
  }

  attach(server: Server): void {
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const match = PATH.exec(url.pathname);
      if (!match) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, decodeURIComponent(match[1]!), url));
    };
    server.on('upgrade', onUpgrade);
    this.servers.set(server, onUpgrade);
    // Sockets that stop answering WebSocket pings (a kiosk that lost its network) are dropped.
    this.heartbeat ??= setInterval(() => {
      for (const client of this.clients) {
        if (!client.alive) client.socket.terminate();
        else {
          client.alive = false;
          client.socket.ping();
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

  private accept(socket: WebSocket, key: string, url: URL) {
    if (key !== this.key) {
      socket.send(frame('pusher:error', { code: 4001, message: `App key ${key} does not exist` }));
      socket.close(4001, 'Unknown app key');
      return;
    }
    const protocol = Number(url.searchParams.get('protocol') ?? 7);
    if (!(protocol >= 5)) {
      socket.send(frame('pusher:error', { code: 4007, message: 'Unsupported protocol version' }));
      socket.close(4007, 'Unsupported protocol version');
      return;
    }
    const client: Client = { socket, socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`, channels: new Set(), alive: true };
    this.clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => this.clients.delete(client));
    socket.on('message', (raw) => {
      client.alive = true;
      this.handle(client, raw.toString());
    });
    socket.send(
      frame('pusher:connection_established', JSON.stringify({ socket_id: client.socketId, activity_timeout: ACTIVITY_TIMEOUT_S })),
    );
  }

  private handle(client: Client, raw: string) {
    let message: { event?: unknown; data?: unknown; channel?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      client.socket.send(frame('pusher:error', { code: null, message: 'Invalid JSON' }));
      return;
    }
    // pusher-js sends data as an object; other clients may send it as a JSON string.
    let data = message.data as Record<string, unknown> | string | undefined;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data) as Record<string, unknown>;
      } catch {
        data = undefined;
      }
    }
    const fields = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    switch (message.event) {
      case 'pusher:ping':
        client.socket.send(frame('pusher:pong', {}));
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
        if (typeof message.event === 'string' && message.event.startsWith('client-')) {
          client.socket.send(frame('pusher:error', { code: 4301, message: 'Client events are not enabled' }));
        }
    }
  }

  private subscribe(client: Client, channel: unknown, auth: unknown) {
    if (typeof channel !== 'string' || channel.length === 0 || channel.length > 164) {
      client.socket.send(frame('pusher:error', { code: null, message: 'Invalid channel name' }));
      return;
    }
    const refuse = (error: string) => {
      client.socket.send(frame('pusher:error', { code: 4009, message: error }));
      // Lets pusher-js's channel emit `pusher:subscription_error` for this channel.
      client.socket.send(frame('pusher:subscription_error', { type: 'AuthError', error, status: 401 }, channel));
    };
    if (channel.startsWith('presence-')) return refuse('Presence channels are not supported');
    if (channel.startsWith('private-') && !verifyChannelAuth(this.config, client.socketId, channel, auth)) {
      return refuse(`Invalid signature for channel ${channel}`);
    }
    client.channels.add(channel);
    client.socket.send(frame('pusher_internal:subscription_succeeded', '{}', channel));
  }
}
