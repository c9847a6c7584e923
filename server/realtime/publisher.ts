// Realtime order events (issue #7). One interface, two drivers: the real Pusher service through the
// official `pusher` package when PUSHER_APP_ID/KEY/SECRET/CLUSTER are set, otherwise the local
// Pusher-protocol WebSocket endpoint (`local.ts`) that `npm start` serves on its own HTTP port
// (path `/app/{key}`, as pusher-js asks for it with wsHost/wsPort).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';

export interface Realtime {
  readonly driver: 'local' | 'pusher';
  readonly key: string;
  readonly cluster: string | null;
  /** Pusher's private-channel signature: `${key}:${hex HMAC-SHA256("socket_id:channel")}`. */
  authorize(socketId: string, channel: string): string;
  /** Publishes an event; never throws (a failed publish is logged, the request still succeeds). */
  publish(channel: string, event: string, data: unknown): Promise<void>;
  /** Local driver: serve the WebSocket endpoint on `/app/{key}` of this HTTP server. */
  attach?(server: Server): void;
  close(): Promise<void>;
}

export interface RealtimeConfig {
  appId?: string;
  key: string;
  secret: string;
  cluster?: string;
}

export function signChannel(config: Pick<RealtimeConfig, 'key' | 'secret'>, socketId: string, channel: string): string {
  const signature = createHmac('sha256', config.secret).update(`${socketId}:${channel}`).digest('hex');
  return `${config.key}:${signature}`;
}

/** Constant-time check of a subscription's `auth` against the expected signature. */
export function verifyChannelAuth(config: Pick<RealtimeConfig, 'key' | 'secret'>, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(signChannel(config, socketId, channel));
  const given = Buffer.from(auth);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Real Pusher when all four variables are set; the local endpoint otherwise (key/secret optional). */
export function realtimeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): { driver: 'local' | 'pusher'; config: RealtimeConfig } {
  const { PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET, PUSHER_CLUSTER } = env;
  if (PUSHER_APP_ID && PUSHER_KEY && PUSHER_SECRET && PUSHER_CLUSTER) {
    return { driver: 'pusher', config: { appId: PUSHER_APP_ID, key: PUSHER_KEY, secret: PUSHER_SECRET, cluster: PUSHER_CLUSTER } };
  }
  return {
    driver: 'local',
    // Without a configured secret each process signs with its own random one: signatures only
    // have to match between this API and its own WebSocket endpoint.
    config: { key: PUSHER_KEY || 'rentalp-local', secret: PUSHER_SECRET || randomBytes(32).toString('hex') },
  };
}
