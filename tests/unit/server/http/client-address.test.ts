// The client address rate limits count by (server/http/client-address.ts): behind
// TRUST_PROXY proxies the entry our own proxy appended, never the client-supplied left-most one;
// IPv6 per /64.
import { describe, expect, it } from 'vitest';
import { addressGroup, clientAddress } from '~server/http/client-address';

describe('client address', () => {
  it('without a proxy counts by the connection, whatever the request claims', () => {
    expect(clientAddress('1.2.3.4', '203.0.113.9', 0)).toBe('203.0.113.9');
    expect(clientAddress(undefined, undefined, 0)).toBe('local');
  });

  it('behind proxies takes the entry they appended, not the forged left-most one', () => {
    // The client forged "1.2.3.4"; nginx appended the real address 198.51.100.7.
    expect(clientAddress('1.2.3.4, 198.51.100.7', '10.0.0.2', 1)).toBe('198.51.100.7');
    // Two trusted proxies: a CDN then nginx.
    expect(clientAddress('1.2.3.4, 198.51.100.7, 172.16.0.5', '10.0.0.2', 2)).toBe('198.51.100.7');
    // A request that skipped the proxy has no header: the connection counts.
    expect(clientAddress(undefined, '198.51.100.8', 1)).toBe('198.51.100.8');
  });

  it('counts IPv6 per /64 and IPv4-mapped addresses as IPv4', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddress('2001:db8:1:2::5', '10.0.0.2', 1)).toBe('2001:db8:1:2::/64');
  });
});
