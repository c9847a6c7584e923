// The client address rate limits and connection caps count by, for the API and the
// local WebSocket endpoint alike. Without a proxy it is the connection's own address. With
// TRUST_PROXY set to the number of trusted proxies in front (`1` = one nginx), the address is the
// entry that many hops from the right of X-Forwarded-For — the one our own proxy appended — never
// the client-supplied left-most one (anyone can send `X-Forwarded-For: 1.2.3.4`). IPv6 addresses
// are counted per /64 (one customer's line), IPv4 per address.
import { isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';

/**
 * The address to count by, from the X-Forwarded-For header (if any) and the socket's address;
 * `trustProxy` is the configuration's TRUST_PROXY (server/config.ts), 0 without a proxy.
 */
export function clientAddress(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trustProxy: number): string {
  let address = socketAddress ?? 'local';
  const hops = trustProxy;
  if (hops > 0) {
    const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
    const forwarded = entries[entries.length - hops];
    if (forwarded) address = forwarded;
  }
  return addressGroup(address);
}

export function upgradeClientAddress(req: IncomingMessage, trustProxy: number): string {
  return clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress ?? 'unknown', trustProxy);
}

/** IPv4 (also IPv4-mapped IPv6) as is; other IPv6 reduced to its /64 prefix. */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}
