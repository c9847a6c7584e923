// Picks the realtime driver from the environment (see publisher.ts).
import type { Realtime } from './publisher';
import { realtimeConfigFromEnv } from './publisher';
import { LocalRealtime } from './local';
import { PusherRealtime } from './pusher';

export type { Realtime } from './publisher';

export function createRealtime(env: NodeJS.ProcessEnv = process.env): Realtime {
  const { driver, config } = realtimeConfigFromEnv(env);
  return driver === 'pusher' ? new PusherRealtime(config) : new LocalRealtime(config);
}
