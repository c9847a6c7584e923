// The real Pusher service, through the official server package: events are triggered over its
// HTTP API, subscriptions signed with the app secret (the same signature pusher-js checks).
import Pusher from 'pusher';
import type { Realtime, RealtimeConfig } from './publisher';
import { signChannel } from './publisher';
import { log } from '../log';

export class PusherRealtime implements Realtime {
  readonly driver = 'pusher' as const;
  readonly key: string;
  readonly cluster: string | null;
  private readonly client: Pusher;

  /** `host`/`port` point the client at another Pusher-compatible HTTP API (tests). */
  constructor(
    private readonly config: RealtimeConfig,
    endpoint?: { host: string; port: number },
  ) {
    this.key = config.key;
    this.cluster = config.cluster ?? null;
    const base = { appId: config.appId ?? '', key: config.key, secret: config.secret, timeout: 5000 };
    this.client = endpoint
      ? new Pusher({ ...base, host: endpoint.host, port: String(endpoint.port), useTLS: false })
      : new Pusher({ ...base, cluster: config.cluster ?? 'eu', useTLS: true });
  }

  authorize(socketId: string, channel: string): string {
    return signChannel(this.config, socketId, channel);
  }

  async publish(channel: string, event: string, data: unknown): Promise<void> {
    try {
      await this.client.trigger(channel, event, data);
    } catch (err) {
      log().error({ err, event, channel }, 'realtime: pusher trigger failed');
    }
  }

  async close(): Promise<void> {}
}
