// Who may read the metrics (server/metrics/access.ts): loopback by the real client address, behind
// trusted proxies the one they appended (never the socket's, never a client-written entry), or the
// METRICS_TOKEN bearer.
import { describe, expect, it } from 'vitest';
import { isLoopback, mayReadMetrics, realClientAddress } from '~server/metrics/access';

const TOKEN = 'b'.repeat(64);

describe('isLoopback', () => {
  it('takes 127.0.0.0/8, ::1 in any spelling and IPv4 loopback written as IPv6', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1']) {
      expect(isLoopback(address), address).toBe(true);
    }
  });

  it('refuses every other address, and what is no address', () => {
    for (const address of ['10.0.0.1', '192.168.1.1', '203.0.113.7', '::ffff:10.0.0.1', '::2', '1::1', 'fe80::1', '127.0.0.1.evil', 'localhost', 'local', '']) {
      expect(isLoopback(address), address).toBe(false);
    }
  });
});

describe('realClientAddress', () => {
  it('is the socket without proxies, whatever X-Forwarded-For says', () => {
    expect(realClientAddress('127.0.0.1', '203.0.113.7', 0)).toBe('203.0.113.7');
    expect(realClientAddress(undefined, undefined, 0)).toBeNull();
  });

  it('is the entry the trusted proxies appended, and nothing when they appended none', () => {
    expect(realClientAddress('127.0.0.1, 203.0.113.7', '127.0.0.1', 1)).toBe('203.0.113.7');
    expect(realClientAddress('127.0.0.1, 203.0.113.7, 10.0.0.2', '127.0.0.1', 2)).toBe('203.0.113.7');
    expect(realClientAddress(undefined, '127.0.0.1', 1)).toBeNull();
    expect(realClientAddress('203.0.113.7', '127.0.0.1', 2)).toBeNull();
  });
});

describe('mayReadMetrics', () => {
  const caller = (socketAddress: string | undefined, forwardedFor?: string, authorization?: string) => ({ socketAddress, forwardedFor, authorization });

  it('lets a loopback client in without a token, and nobody else', () => {
    const access = { trustProxy: 0, token: null };
    expect(mayReadMetrics(caller('127.0.0.1'), access)).toBe(true);
    expect(mayReadMetrics(caller('203.0.113.7', '127.0.0.1'), access)).toBe(false);
    expect(mayReadMetrics(caller(undefined), access)).toBe(false);
    expect(mayReadMetrics(caller('203.0.113.7', undefined, `Bearer ${TOKEN}`), access)).toBe(false);
  });

  it('behind a local proxy, judges the forwarded client, not the proxy', () => {
    const access = { trustProxy: 1, token: null };
    expect(mayReadMetrics(caller('127.0.0.1', '203.0.113.7'), access)).toBe(false);
    expect(mayReadMetrics(caller('127.0.0.1'), access)).toBe(false);
    expect(mayReadMetrics(caller('127.0.0.1', '127.0.0.1'), access)).toBe(true);
  });

  it('behind proxies, does not believe an X-Forwarded-For sent straight to the port by a remote client', () => {
    const access = { trustProxy: 1, token: null };
    expect(mayReadMetrics(caller('203.0.113.7', '127.0.0.1'), access)).toBe(false);
    expect(mayReadMetrics(caller('::ffff:203.0.113.7', '::1'), access)).toBe(false);
    expect(mayReadMetrics(caller('203.0.113.7', '127.0.0.1', `Bearer ${TOKEN}`), { trustProxy: 1, token: TOKEN })).toBe(true);
  });

  it('takes exactly the configured bearer token from anywhere', () => {
    const access = { trustProxy: 1, token: TOKEN };
    expect(mayReadMetrics(caller('127.0.0.1', '203.0.113.7', `Bearer ${TOKEN}`), access)).toBe(true);
    for (const wrong of [`Bearer ${TOKEN.slice(1)}`, `Bearer ${TOKEN}b`, `bearer ${TOKEN}`, TOKEN, `Basic ${TOKEN}`, 'Bearer ', '']) {
      expect(mayReadMetrics(caller('127.0.0.1', '203.0.113.7', wrong), access), wrong).toBe(false);
    }
  });
});
