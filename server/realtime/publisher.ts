// Realtime order events. One interface, two drivers: the real Pusher service through the
// official `pusher` package when PUSHER_APP_ID/KEY/SECRET/CLUSTER are set, otherwise the local
// Pusher-protocol WebSocket endpoint (`local.ts`) that `npm start` serves on its own HTTP port
// (path `/app/{key}`, as pusher-js asks for it with wsHost/wsPort).
import { createHmac, timingSafeEqual } from 'node:crypto';
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
