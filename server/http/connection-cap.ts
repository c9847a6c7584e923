// Connections per client address (CONNECTIONS_PER_ADDRESS), so that one address cannot hold the
// server's sockets open with requests it sends a byte at a time (REQUEST_TIMEOUT_S bounds how long
// each one lives, this how many). What can be counted depends on what is in front:
// - no proxy (TRUST_PROXY unset or 0): the sockets themselves, by their remote address (IPv6 per
//   /64, as the rate limits count). A socket past the cap is closed at once, before a byte of it
//   is parsed: the cheapest refusal there is.
// - behind TRUST_PROXY every socket comes from the proxy, so counting sockets would cap the proxy
//   itself. What is counted then is the requests in flight (from their headers to the end of the
//   answer, a body being trickled in included) per forwarded client address, as
//   server/http/client-address.ts reads it; one past the cap is answered 429 with Retry-After and
//   `Connection: close`. Capping the client's own connections is the proxy's job there (nginx's
//   limit_conn, OPERATING.md).
// With several API processes (start:cluster) each process counts its own.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { addressGroup, clientAddress } from './client-address';
import { localeFromHeader, translator } from './locale';
import { log } from '../log';

/** Seconds a client refused at the request level is told to wait: a request of its own should end by then. */
const RETRY_AFTER_S = 5;
const TOO_MANY_REQUESTS = 429;
/** At most one warning per this long, however many refusals: an attack must not flood the log. */
const WARN_EVERY_MS = 60_000;

/** What is open per client address, up to a cap; the realtime endpoint counts its sockets with it too. */
export class AddressCounts {
  private readonly open = new Map<string, number>();

  constructor(private readonly cap: number) {}

  /** Counts one more for `address` and returns its release (safe to call twice), or null at the cap. */
  enter(address: string): (() => void) | null {
    const count = this.open.get(address) ?? 0;
    if (count >= this.cap) return null;
    this.open.set(address, count + 1);
    let counted = true;
    return () => {
      if (!counted) return;
      counted = false;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    };
  }
}

/** A warning at the first refusal of each minute, with how many were refused since the last one. */
function refusalLog(what: string) {
  let refused = 0;
  let lastWarned = -Infinity;
  return () => {
    refused++;
    const now = Date.now();
    if (now - lastWarned < WARN_EVERY_MS) return;
    log().warn({ refused }, `${what}: refused past CONNECTIONS_PER_ADDRESS`);
    lastWarned = now;
    refused = 0;
  };
}

/** Without a proxy: closes each socket past `perAddress` open ones from its address. */
export function capSocketsPerAddress(server: Server, perAddress: number): void {
  const counts = new AddressCounts(perAddress);
  const refused = refusalLog('connection');
  server.on('connection', (socket: Socket) => {
    const release = counts.enter(addressGroup(socket.remoteAddress ?? 'unknown'));
    if (!release) {
      refused();
      socket.destroy();
      return;
    }
    socket.once('close', release);
  });
}

/**
 * The client hung up, or Node cut it past REQUEST_TIMEOUT_S (answering 408 itself), before its
 * body had all arrived: a read of that body fails with ECONNRESET, which is no fault of the
 * database's and leaves no one to answer.
 */
export function requestCut(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return Boolean(incoming?.destroyed && !incoming.complete);
}

/** Behind a proxy: answers 429 to a request past `perAddress` in flight from its forwarded client. */
export function capRequestsPerAddress(perAddress: number, trustProxy: number): MiddlewareHandler {
  const counts = new AddressCounts(perAddress);
  const refused = refusalLog('request');
  return async (c, next) => {
    const node = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
    // Only over Node's HTTP server is there an answer whose end releases the count.
    if (!node?.outgoing) return next();
    const release = counts.enter(clientAddress(c.req.header('x-forwarded-for'), node.incoming?.socket.remoteAddress, trustProxy));
    if (!release) {
      refused();
      const t = translator(localeFromHeader(c.req.header('content-language')));
      // `close`: a body the client is still sending is not read, so the connection cannot carry another request.
      return c.json({ message: t('api.tooManyRequests', { seconds: RETRY_AFTER_S }) }, TOO_MANY_REQUESTS, {
        connection: 'close',
        'retry-after': String(RETRY_AFTER_S),
      });
    }
    // Whether the answer was sent or the client hung up.
    node.outgoing.once('close', release);
    await next();
  };
}
