// Picks the realtime driver the configuration names (server/config.ts, PUSHER_*; see publisher.ts).
import { randomBytes } from 'node:crypto';
import type { RealtimeSettings } from '../config';
import type { Realtime } from './publisher';
import { LocalRealtime } from './local';
import { PusherRealtime } from './pusher';

export type { Realtime } from './publisher';

/** `trustProxy`: proxies whose X-Forwarded-For counts for the local endpoint's per-address caps. */
export function createRealtime(settings: RealtimeSettings, trustProxy: number): Realtime {
  if (settings.driver === 'pusher') return new PusherRealtime(settings);
  // Without a configured secret each process signs with its own random one: signatures only
  // have to match between this API and its own WebSocket endpoint.
  return new LocalRealtime({ key: settings.key, secret: settings.secret ?? randomBytes(32).toString('hex') }, { trustProxy });
}
