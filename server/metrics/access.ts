// Who may read the metrics: a client on this machine (loopback), or anyone presenting the
// configured METRICS_TOKEN as `Authorization: Bearer <token>`. Nobody else, and a refusal looks
// like any unknown API path (route.ts answers 404), so the internet learns nothing, not even that
// the path exists.
//
// Behind trusted proxies (TRUST_PROXY) the socket's address is the proxy's, loopback when nginx
// runs on the same machine, for every public request it relays: there the client is the address
// the proxies recorded in X-Forwarded-For (server/http/client-address.ts counts hops the same way),
// and a request without that entry is not taken for local, even though clientAddress falls back to
// the socket for rate limits. That entry is believed only when the socket is loopback (the proxy
// on this machine): anyone reaching the app's port directly can write X-Forwarded-For. A scraper
// on the machine that goes around the proxy, or a proxy on another machine, then needs the token.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

export interface MetricsCaller {
  /** The X-Forwarded-For header, as received. */
  forwardedFor: string | undefined;
  /** The connection's remote address; undefined for a request that came through no socket (in-process). */
  socketAddress: string | undefined;
  authorization: string | undefined;
}

export interface MetricsAccess {
  /** TRUST_PROXY: proxies in front whose X-Forwarded-For entries are believed. */
  trustProxy: number;
  /** METRICS_TOKEN, or null: loopback only. */
  token: string | null;
}

/** The client's own address: the socket's, or behind `trustProxy` proxies the entry they appended; null when absent. */
export function realClientAddress(forwardedFor: string | undefined, socketAddress: string | undefined, trustProxy: number): string | null {
  if (trustProxy === 0) return socketAddress ?? null;
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries[entries.length - trustProxy] ?? null;
}

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return isIP(v4) === 4 && v4.startsWith('127.');
  return isIP(address) === 6 && /^(?:0{0,4}:){2,7}0{0,3}1$/.test(address);
}

/** Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no timing hint of the token's length. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function mayReadMetrics(caller: MetricsCaller, access: MetricsAccess): boolean {
  const address = realClientAddress(caller.forwardedFor, caller.socketAddress, access.trustProxy);
  // Behind proxies the forwarded entry is only believed from a proxy on this machine: a request
  // sent straight to the app's port (HOST is 0.0.0.0 by default) can write any X-Forwarded-For.
  const throughLocalProxy = access.trustProxy === 0 || (caller.socketAddress !== undefined && isLoopback(caller.socketAddress));
  if (throughLocalProxy && address !== null && isLoopback(address)) return true;
  if (!access.token) return false;
  const bearer = /^Bearer (.+)$/.exec(caller.authorization ?? '')?.[1];
  return bearer !== undefined && sameToken(bearer, access.token);
}
