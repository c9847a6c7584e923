// The notifications several API processes exchange through PostgreSQL itself: one
// dedicated connection per process LISTENs; anyone NOTIFYs through the pool (or, for the cache, the
// database's triggers do it inside the writing transaction, see migration 0014_cache_notify).
//
// A notification sent while a process is not listening is lost for it, so the bus never pretends:
// when its connection ends (the server restarted, a network cut, pg_terminate_backend) it
// reconnects and tells its users to reload everything (`onResync`). A connection that silently
// stops answering (a half-open TCP connection) is found by a heartbeat query and treated the same
// way. Staleness is therefore bounded by STALENESS_BOUND_MS plus one reload.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { log } from '../log';

/** The name the listening connection shows in pg_stat_activity (`rentalp-listen-<pid>`). */
export const LISTEN_APPLICATION_NAME = `rentalp-listen-${process.pid}`;
/** PostgreSQL refuses payloads of 8000 bytes or more (default build). */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7999;
/** First wait before reconnecting, doubled up to RECONNECT_MAX_MS while the database is away. */
export const RECONNECT_MIN_MS = 500;
export const RECONNECT_MAX_MS = 5000;
/** A connection attempt (or its LISTEN) that takes longer is given up and retried. */
const CONNECT_TIMEOUT_MS = RECONNECT_MAX_MS;
/** How often the listening connection is asked a trivial query, and how long it may take. */
export const HEARTBEAT_INTERVAL_MS = 2000;
export const HEARTBEAT_TIMEOUT_MS = 2000;
/**
 * Longest a process may serve data that misses a notification before it starts reloading: a
 * silent connection is found within one heartbeat period and its timeout, then the first reconnect.
 */
export const STALENESS_BOUND_MS = HEARTBEAT_INTERVAL_MS + HEARTBEAT_TIMEOUT_MS + RECONNECT_MIN_MS;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export type NotificationHandler = (payload: string) => void;

export class NotificationBus {
  /** This bus's (this process's) own id, so that what it sent itself can be told apart. */
  readonly id = randomUUID();
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, NotificationHandler>();
  private readonly resyncs: (() => void)[] = [];
  private closing = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly db: Db,
  ) {}

  /** Registers the handler of a channel; call before `start`. */
  on(channel: string, handler: NotificationHandler): void {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name ${channel}`);
    this.handlers.set(channel, handler);
  }

  /** Called after every reconnection: whatever was sent meanwhile is lost, reload it all. */
  onResync(handler: () => void): void {
    this.resyncs.push(handler);
  }

  /** Sends a notification through the pool (delivered to every listener, this process included). */
  async notify(channel: string, payload: string): Promise<void> {
    await this.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  async start(): Promise<void> {
    await this.connect();
    this.heartbeat = setInterval(() => void this.checkAlive(), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    // A server that drops packets silently must not hold a reconnect forever: the staleness bound
    // counts on each attempt ending, in success or in a retry.
    const client = new pg.Client({
      connectionString: this.url,
      application_name: LISTEN_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
    });
    client.on('notification', (message) => {
      const handler = this.handlers.get(message.channel);
      if (!handler || message.payload === undefined) return;
      try {
        handler(message.payload);
      } catch (error) {
        log().error({ err: error, channel: message.channel }, 'cluster: notification failed');
      }
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
  }

  private lost(client: pg.Client) {
    if (this.client !== client || this.closing) return;
    this.client = null;
    // The socket may be half-open: drop it without waiting for a goodbye that will not come.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    log().warn({ reconnectInMs: this.reconnectDelay }, 'cluster: notification connection lost, reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.reconnect(), this.reconnectDelay);
    this.reconnectTimer.unref();
  }

  private async reconnect() {
    if (this.closing) return;
    try {
      await this.connect();
    } catch (error) {
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
      log().warn({ err: error, reconnectInMs: this.reconnectDelay }, 'cluster: reconnect failed');
      this.scheduleReconnect();
      return;
    }
    log().info('cluster: notification connection back, reloading what may have been missed');
    for (const resync of this.resyncs) resync();
  }

  private async checkAlive() {
    const client = this.client;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), HEARTBEAT_TIMEOUT_MS)));
    const answer = await Promise.race([client.query('select 1').then(() => 'ok' as const, () => 'error' as const), timeout]);
    clearTimeout(timer);
    if (answer !== 'ok') this.lost(client);
  }
}
