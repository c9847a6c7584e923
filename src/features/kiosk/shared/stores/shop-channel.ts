// The shop's realtime channel, followed by every kiosk screen that shows orders as they move (the
// wall's board, the cash desk's and the counter's lists of the day): pusher-js subscribes to
// `private-shop.{id}` through v1/broadcasting/auth with the kiosk token, and the screen is told to
// read its list again on every order event, on every (re)subscription — after a dropped connection
// nothing published meanwhile is lost — and, while not live, now and then, so a screen that cannot
// reach the channel still moves. Reads are coalesced: a burst of events costs two reads, the last
// one after the last event. pusher-js is imported here only, on demand, after the screen's first
// paint.
import type { WritableAtom } from 'nanostores';
import type { default as Pusher, Options } from 'pusher-js';
import type { RealtimeSettings } from '~/api/contract/kiosk';
import { ORDER_EVENTS } from '~/api/contract/realtime';
import { broadcastingAuthUrl } from '~/api/board';
import { $kioskDevice, kioskToken } from '~/stores/kiosk-device';
import { loadApi } from '~/stores/api-loader';

/** connecting: first contact; live: subscribed; offline: the socket is down (reconnecting); unauthorized: channel refused. */
export type ChannelStatus = 'connecting' | 'live' | 'offline' | 'unauthorized';

/** Events closer than this share one read (a delivery of ten units is one burst). */
export const CHANNEL_COALESCE_MS = 150;
/** While not live, the list is read this often, so a screen cut off from the channel still moves. */
export const CHANNEL_FALLBACK_POLL_MS = 30_000;
/** A subscription refused for a passing reason (auth endpoint unreachable, 5xx) is tried again after this. */
export const CHANNEL_RESUBSCRIBE_MS = 5_000;
/**
 * While offline, a fresh connection attempt is started this often. pusher-js alone waits out its
 * attempt's timeout (15 s, doubling up to 60 s) even when the server refused at once, so a screen
 * would stay stale up to a minute after the network came back.
 */
export const CHANNEL_RECONNECT_NUDGE_MS = 5_000;

const HTTP_SERVER_ERROR = 500;
/** The answer statuses that mean "this kiosk may not have this channel", not "try again". */
const isRefusal = (status: number | undefined) => status !== undefined && status > 0 && status < HTTP_SERVER_ERROR;

/** Where the API is served: the local driver's WebSocket is on the API's own host and port. */
export interface PageAddress {
  protocol: string;
  hostname: string;
  port: string;
}

/**
 * pusher-js builds its URL as `{wsPath}/app/{key}`; the pairing answer's `ws_path` is the whole path
 * the local endpoint listens on (`/app/{key}`, or `/prefix/app/{key}` behind a proxy), so only what
 * comes before `/app/{key}` is pusher-js's wsPath.
 */
export function wsPathPrefix(wsPath: string | null, key: string): string {
  const suffix = `/app/${key}`;
  return wsPath && wsPath.endsWith(suffix) ? wsPath.slice(0, -suffix.length) : '';
}

const DEFAULT_PORTS = { 'https:': 443, 'http:': 80 } as const;

/** pusher-js options for the realtime settings of the pairing answer. */
export function pusherOptions(settings: RealtimeSettings, address: PageAddress, auth: { endpoint: string; token: string | null }): Options {
  const channelAuthorization = {
    endpoint: auth.endpoint,
    transport: 'ajax' as const,
    headers: auth.token ? { Authorization: auth.token } : {},
  };
  if (settings.driver === 'pusher') {
    return { cluster: settings.cluster ?? 'eu', forceTLS: true, channelAuthorization };
  }
  const tls = address.protocol === 'https:';
  const port = Number(address.port) || DEFAULT_PORTS[tls ? 'https:' : 'http:'];
  return {
    // pusher-js requires a cluster; with wsHost set it is never used to build a host.
    cluster: 'local',
    wsHost: address.hostname,
    wsPort: port,
    wssPort: port,
    wsPath: wsPathPrefix(settings.ws_path, settings.key),
    // The local endpoint speaks plain ws on an http site (spec: `npm start` serves it without TLS).
    forceTLS: tls,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization,
  };
}

export interface CoalescedReader {
  /** Read now when idle, or once more after the read under way. */
  request(): void;
  stop(): void;
}

/**
 * Runs `read` at once when idle and hands its answer to `onRead` (never after stop); requests
 * arriving during a read, or within CHANNEL_COALESCE_MS of its start, are answered by one more read
 * after it, so a burst costs two reads and the last one always sees the last change. `reading` is
 * true while a read is under way or coming: a positive signal that the reads asked for so far are
 * over, so a test need not wait a fixed time.
 */
export function createCoalescedReader<T>(
  read: () => Promise<T>,
  onRead: (answer: T) => void,
  reading: WritableAtom<boolean>,
  now: () => number = () => Date.now(),
): CoalescedReader {
  let inFlight = false;
  let pending = false;
  let lastStart = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  // A stopped reader's late answer leaves the signal to the reader that replaced it.
  const busy = () => {
    if (!stopped) reading.set(inFlight || pending || timer !== undefined);
  };
  async function run() {
    inFlight = true;
    pending = false;
    lastStart = now();
    try {
      const answer = await read();
      if (!stopped) onRead(answer);
    } catch {
      // No answer: the screen keeps its last list and says it is not live; the next event or poll reads again.
    } finally {
      inFlight = false;
      if (pending && !stopped) schedule();
      busy();
    }
  }
  function schedule() {
    if (timer !== undefined) return;
    const wait = Math.max(0, lastStart + CHANNEL_COALESCE_MS - now());
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, wait);
    busy();
  }
  return {
    request() {
      if (stopped) return;
      if (inFlight) pending = true;
      else schedule();
      busy();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      reading.set(false);
    },
  };
}

export interface FollowOptions {
  /** Where the screen says whether it is live. */
  status: WritableAtom<ChannelStatus>;
  /** Something may have changed: read the list again (coalesced by the caller's reader). */
  onChange: () => void;
  /** The API's address when it is not the one broadcastingAuthUrl names (tests). */
  apiAddress?: PageAddress;
}

/** Follows the shop's channel until the returned function is called (the island's cleanup), which disconnects. */
export type FollowShopChannel = (options: FollowOptions) => () => void;

interface Connection {
  pusher: Pusher;
}

export const followShopChannel: FollowShopChannel = ({ status, onChange, apiAddress }) => {
  let stopped = false;
  let connection: Connection | null = null;
  let resubscribe: ReturnType<typeof setTimeout> | undefined;
  const poll = setInterval(() => {
    if (status.get() !== 'live') onChange();
  }, CHANNEL_FALLBACK_POLL_MS);
  const nudge = setInterval(() => {
    const pusher = connection?.pusher;
    if (!pusher || status.get() !== 'offline') return;
    if (pusher.connection.state === 'connecting' || pusher.connection.state === 'unavailable') {
      pusher.disconnect();
      pusher.connect();
    }
  }, CHANNEL_RECONNECT_NUDGE_MS);

  status.set('connecting');
  const settings = $kioskDevice.get().realtime;
  if (!settings) status.set('offline');
  else {
    void open(settings).then(
      (opened) => {
        if (stopped) opened.pusher.disconnect();
        else connection = opened;
      },
      () => {
        // pusher-js could not be loaded (a failed chunk): the fallback reads keep the screen moving.
        if (!stopped) status.set('offline');
      },
    );
  }

  async function open(realtime: RealtimeSettings): Promise<Connection> {
    const [{ default: PusherClient }, endpoint] = await Promise.all([import('pusher-js'), loadApi().then(broadcastingAuthUrl)]);
    // The API's address (the kiosk's server_url, or the site's own /api): the local endpoint is there.
    const pusher = new PusherClient(realtime.key, pusherOptions(realtime, apiAddress ?? new URL(endpoint), { endpoint, token: kioskToken() }));
    pusher.connection.bind('state_change', ({ current }: { current: string }) => {
      if (stopped || current === 'connected') return; // live once the channel is subscribed
      // A first attempt still under way is "connecting"; any later loss is "offline".
      const first = current === 'connecting' && status.get() === 'connecting';
      status.set(first ? 'connecting' : 'offline');
    });
    // A dropped socket is retried after a second, during which pusher-js still says "connected".
    pusher.connection.bind('connecting_in', () => {
      if (!stopped) status.set('offline');
    });
    const channel = pusher.subscribe(realtime.channel);
    channel.bind('pusher:subscription_succeeded', () => {
      if (stopped) return;
      status.set('live');
      onChange();
    });
    channel.bind('pusher:subscription_error', (error: { status?: number }) => {
      if (stopped) return;
      if (isRefusal(error?.status)) {
        status.set('unauthorized');
        return;
      }
      status.set('offline');
      clearTimeout(resubscribe);
      resubscribe = setTimeout(() => {
        if (!stopped && pusher.connection.state === 'connected') pusher.subscribe(realtime.channel);
      }, CHANNEL_RESUBSCRIBE_MS);
    });
    for (const event of ORDER_EVENTS) channel.bind(event, onChange);
    return { pusher };
  }

  return () => {
    stopped = true;
    clearInterval(poll);
    clearInterval(nudge);
    clearTimeout(resubscribe);
    connection?.pusher.disconnect();
    connection = null;
  };
};
