// scrypt at today's guidance: production parameters, the memory they need, rehash
// detection, and hostile stored hashes refused without computing them.
import { describe, expect, it } from 'vitest';
import {
  dummyHash,
  FAST_SCRYPT,
  HashingBusyError,
  hashesRunning,
  hashPassword,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  needsRehash,
  PRODUCTION_SCRYPT,
  rehashPassword,
  scryptMaxmem,
  verifyPassword,
} from '~server/auth/passwords';
import { loadConfig } from '~server/config';

const NODE_DEFAULT_MAXMEM = 32 * 1024 * 1024;

describe('password hashing', () => {
  it('uses OWASP parameters (N=2^15, r=8, p=3) unless the test suite asks for the fast cost, never in production', () => {
    expect(PRODUCTION_SCRYPT).toEqual({ N: 32768, r: 8, p: 3 });
    expect(loadConfig({}).passwordHashing).toEqual(PRODUCTION_SCRYPT);
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashing).toEqual(PRODUCTION_SCRYPT);
    expect(loadConfig({ PASSWORD_HASH_COST: 'fast', NODE_ENV: 'test' }).passwordHashing).toEqual(FAST_SCRYPT);
    // A production server at the test suite's cost would store weak hashes: it does not start.
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'fast', NODE_ENV: 'production' })).toThrow(/PASSWORD_HASH_COST.*never with NODE_ENV=production/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'slow' })).toThrow(/PASSWORD_HASH_COST/);
    // 32 MiB and a little: Node's default limit would refuse these parameters. The hashes allowed
    // at once fit in 100 MB.
    expect(scryptMaxmem(PRODUCTION_SCRYPT)).toBeGreaterThan(NODE_DEFAULT_MAXMEM);
    expect(scryptMaxmem(PRODUCTION_SCRYPT) * MAX_CONCURRENT_HASHES).toBeLessThan(100 * 1024 * 1024);
  });

  it('hashes and verifies with the production parameters, self-described in the hash', async () => {
    const hash = await hashPassword('Demo-2026!', PRODUCTION_SCRYPT);
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(await verifyPassword('Demo-2026!', hash)).toBe(true);
    expect(await verifyPassword('demo-2026!', hash)).toBe(false);
    expect(needsRehash(hash, PRODUCTION_SCRYPT)).toBe(false);
  }, 60_000);

  it('asks for a rehash of hashes made under other parameters, and still verifies them', async () => {
    const old = await hashPassword('Vecchia-1', { N: 2 ** 14, r: 8, p: 1 });
    expect(old.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('Vecchia-1', old)).toBe(true);
    expect(needsRehash(old, PRODUCTION_SCRYPT)).toBe(true);
    // Made at the production cost before (N=2^17, 128 MiB): still verified, then rehashed.
    const before = await hashPassword('Vecchia-2', { N: 2 ** 17, r: 8, p: 1 });
    expect(await verifyPassword('Vecchia-2', before)).toBe(true);
    expect(needsRehash(before, PRODUCTION_SCRYPT)).toBe(true);
    expect(needsRehash(old, { N: 2 ** 14, r: 8, p: 1 })).toBe(false);
    expect(needsRehash('not-a-hash', PRODUCTION_SCRYPT)).toBe(true);
  }, 60_000);

  it('refuses malformed or memory-hungry stored hashes without computing them', async () => {
    const good = await hashPassword('x', FAST_SCRYPT);
    const [, , , , salt, key] = good.split('$');
    for (const stored of [
      `scrypt$abc$8$1$${salt}$${key}`,
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`,
      `scrypt$1024$8$1000$${salt}$${key}`,
      `scrypt$1024$8$1$${salt}$`,
      `bcrypt$1024$8$1$${salt}$${key}`,
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});

describe('hashing concurrency', () => {
  it(`runs at most ${MAX_CONCURRENT_HASHES} hashes at once; the others wait their turn and all finish`, async () => {
    let peak = 0;
    const probe = setInterval(() => (peak = Math.max(peak, hashesRunning())), 1);
    const params = { N: 2 ** 14, r: 8, p: 1 };
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`pw-${i}`, params)));
    clearInterval(probe);
    expect(peak).toBe(MAX_CONCURRENT_HASHES);
    expect(hashesRunning()).toBe(0);
    expect(await Promise.all(hashes.map((h, i) => verifyPassword(`pw-${i}`, h)))).toEqual(Array(6).fill(true));
  });

  it(`refuses at once, with a HashingBusyError (503 "busy", Retry-After), past ${MAX_WAITING_HASHES} hashes waiting, and the queue drains`, async () => {
    expect([MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES]).toEqual([2, 8]);
    const params = { N: 2 ** 10, r: 8, p: 1 };
    const extra = 5;
    const settled = await Promise.allSettled(
      Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES + extra }, (_, i) =>
        i % 2 ? hashPassword(`pw-${i}`, params) : verifyPassword(`pw-${i}`, `scrypt$1024$8$1$${'A'.repeat(24)}$${'A'.repeat(88)}`),
      ),
    );
    const refused = settled.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(extra);
    for (const r of refused) {
      const reason = (r as PromiseRejectedResult).reason as unknown;
      expect(reason).toBeInstanceOf(HashingBusyError);
      expect(reason).toMatchObject({ status: 503, key: 'api.busy' });
      expect((reason as HashingBusyError).retryAfterS).toBeGreaterThan(0);
    }
    expect(hashesRunning()).toBe(0);
    await expect(hashPassword('after', params)).resolves.toMatch(/^scrypt\$/);
  });

  it('skips a rehash when the queue is full (null: the next login rehashes), rather than refusing a right password', async () => {
    const busy = Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES }, (_, i) => hashPassword(`pw-${i}`, { N: 2 ** 12, r: 8, p: 1 }));
    expect(await rehashPassword('Giusta-1', FAST_SCRYPT)).toBeNull();
    await Promise.all(busy);
    expect(await rehashPassword('Giusta-1', FAST_SCRYPT)).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  it('does not keep a refused unknown-user hash: once the queue drains it is made', async () => {
    const params = { N: 2 ** 10, r: 8, p: 2 };
    const busy = Array.from({ length: MAX_CONCURRENT_HASHES + MAX_WAITING_HASHES }, (_, i) => hashPassword(`pw-${i}`, { N: 2 ** 12, r: 8, p: 1 }));
    await expect(dummyHash(params)).rejects.toBeInstanceOf(HashingBusyError);
    await Promise.all(busy);
    await expect(dummyHash(params)).resolves.toMatch(/^scrypt\$1024\$8\$2\$/);
  });
});
