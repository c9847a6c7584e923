// The live board's state: today's board as the API answers it, and whether the wall is
// live. connectBoard() reads the board, then follows the shop's private channel through pusher-js
// and reads it again whenever an order event arrives, whenever the channel is (re)subscribed —
// after a dropped connection nothing published meanwhile is lost — and, while not live, now and
// then, so a wall that cannot reach the channel still moves. pusher-js is imported only here, on
// demand, so it loads on the board page alone.
import { atom } from 'nanostores';
import type { default as Pusher, Options } from 'pusher-js';
import type { Board } from '../../../../api/contract/board';
import type { RealtimeSettings } from '../../../../api/contract/kiosk';
import { ORDER_EVENTS } from '../../../../api/contract/realtime';
import { broadcastingAuthUrl, fetchBoard } from '../../../../api/board';
import { $kioskDevice, kioskToken } from '../../../../stores/kiosk-device';
import { loadApi } from '../../../../stores/api-loader';

/** connecting: first contact; live: subscribed; offline: the socket is down (reconnecting); unauthorized: channel refused. */
export type BoardStatus = 'connecting' | 'live' | 'offline' | 'unauthorized';

export const $board = atom<Board | null>(null);
export const $boardStatus = atom<BoardStatus>('connecting');
/** When the board was last read (epoch ms), for the wall's "updated at". */
export const $boardReadAt = atom<number | null>(null);
/**
 * A read of the board is under way or coming (an event's coalescing window): a positive signal
 * that the reads asked for so far are over, so a test need not wait a fixed time for them.
 */
export const $boardReading = atom(false);

/** Events closer than this share one read of the board (a delivery of ten units is one burst). */
export const BOARD_COALESCE_MS = 150;
/** While not live, the board is read this often, so a wall cut off from the channel still moves. */
export const BOARD_FALLBACK_POLL_MS = 30_000;
/** A subscription refused for a passing reason (auth endpoint unreachable, 5xx) is tried again after this. */
export const BOARD_RESUBSCRIBE_MS = 5_000;
/**
 * While offline, a fresh connection attempt is started this often. pusher-js alone waits out its
 * attempt's timeout (15 s, doubling up to 60 s) even when the server refused at once, so a wall
 * would stay stale up to a minute after the network came back.
 */
export const BOARD_RECONNECT_NUDGE_MS = 5_000;

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

/**
 * Reads the board at once when idle; events arriving during a read, or within BOARD_COALESCE_MS of
 * its start, are answered by one more read after it, so a burst costs two reads and the last one
 * always sees the last change.
 */
function createReader(onRead: (board: Board) => void) {
  let inFlight = false;
  let pending = false;
  let lastStart = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  // A stopped reader's late answer leaves the signal to the board that replaced it.
  const busy = () => {
    if (!stopped) $boardReading.set(inFlight || pending || timer !== undefined);
  };
  async function read() {
    inFlight = true;
    pending = false;
    lastStart = Date.now();
    try {
      const board = await fetchBoard(await loadApi());
      if (!stopped) onRead(board);
    } catch {
      // No answer (fetchBoard gives up on a hung read, BOARD_READ_TIMEOUT_MS): the wall keeps the
      // last board, says it is not live, and the next event or poll reads again.
    } finally {
      inFlight = false;
      if (pending && !stopped) schedule();
      busy();
    }
  }
  function schedule() {
    if (timer !== undefined) return;
    const wait = Math.max(0, lastStart + BOARD_COALESCE_MS - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      void read();
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
      $boardReading.set(false);
    },
  };
}

interface Connection {
  pusher: Pusher;
}

/**
 * Starts the board: reads it, connects pusher-js to the shop's channel and keeps the board current
 * until the returned function is called (the island's cleanup), which disconnects.
 */
export function connectBoard(apiAddress?: PageAddress): () => void {
  let stopped = false;
  let connection: Connection | null = null;
  let resubscribe: ReturnType<typeof setTimeout> | undefined;
  const reader = createReader((board) => {
    $board.set(board);
    $boardReadAt.set(Date.now());
  });
  const poll = setInterval(() => {
    if ($boardStatus.get() !== 'live') reader.request();
  }, BOARD_FALLBACK_POLL_MS);
  const nudge = setInterval(() => {
    const pusher = connection?.pusher;
    if (!pusher || $boardStatus.get() !== 'offline') return;
    if (pusher.connection.state === 'connecting' || pusher.connection.state === 'unavailable') {
      pusher.disconnect();
      pusher.connect();
    }
  }, BOARD_RECONNECT_NUDGE_MS);

  $boardStatus.set('connecting');
  reader.request();

  const settings = $kioskDevice.get().realtime;
  if (!settings) $boardStatus.set('offline');
  else {
    void open(settings).then(
      (opened) => {
        if (stopped) opened.pusher.disconnect();
        else connection = opened;
      },
      () => {
        // pusher-js could not be loaded (a failed chunk): the fallback reads keep the wall moving.
        if (!stopped) $boardStatus.set('offline');
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
      const first = current === 'connecting' && $boardStatus.get() === 'connecting';
      $boardStatus.set(first ? 'connecting' : 'offline');
    });
    // A dropped socket is retried after a second, during which pusher-js still says "connected".
    pusher.connection.bind('connecting_in', () => {
      if (!stopped) $boardStatus.set('offline');
    });
    const channel = pusher.subscribe(realtime.channel);
    channel.bind('pusher:subscription_succeeded', () => {
      if (stopped) return;
      $boardStatus.set('live');
      reader.request();
    });
    channel.bind('pusher:subscription_error', (error: { status?: number }) => {
      if (stopped) return;
      if (isRefusal(error?.status)) {
        $boardStatus.set('unauthorized');
        return;
      }
      $boardStatus.set('offline');
      clearTimeout(resubscribe);
      resubscribe = setTimeout(() => {
        if (!stopped && pusher.connection.state === 'connected') pusher.subscribe(realtime.channel);
      }, BOARD_RESUBSCRIBE_MS);
    });
    for (const event of ORDER_EVENTS) channel.bind(event, () => reader.request());
    return { pusher };
  }

  return () => {
    stopped = true;
    reader.stop();
    clearInterval(poll);
    clearInterval(nudge);
    clearTimeout(resubscribe);
    connection?.pusher.disconnect();
    connection = null;
  };
}
