// The API's rate-limit store (server/http/rate-limit.ts): fixed windows, bounded memory (least
// recently hit keys go first, so a flood of addresses cannot grow it), `check` that does not count,
// `take` that does both for several keys at once.
import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '~server/http/rate-limit';

const RULE = { limit: 3, windowMs: 1000 };

describe('rate limiter', async () => {
  it('refuses past the limit within a window and starts over after it', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(() => now);
    for (let i = 0; i < 3; i++) await limiter.hit('a', RULE);
    await expect(limiter.hit('a', RULE)).rejects.toMatchObject({ status: 429 });
    now = 1000;
    await expect(limiter.hit('a', RULE)).resolves.toBeUndefined();
  });

  it('checks without counting', async () => {
    const limiter = new MemoryRateLimiter(() => 0);
    for (let i = 0; i < 10; i++) await limiter.check('a', RULE);
    for (let i = 0; i < 3; i++) await limiter.hit('a', RULE);
    await expect(limiter.check('a', RULE)).rejects.toMatchObject({ status: 429 });
  });

  it('takes several limits in one call, answering a verdict for each instead of refusing', async () => {
    const limiter = new MemoryRateLimiter(() => 0);
    for (let i = 0; i < 3; i++) await limiter.hit('checked', RULE);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.take([{ key: 'hit', rule: RULE }], [{ key: 'checked', rule: RULE }, { key: 'never', rule: RULE }]));
    expect(verdicts.map((v) => v[0] === null)).toEqual([true, true, true, false]);
    expect(verdicts[3]![0]).toMatchObject({ status: 429 });
    expect(verdicts.every((v) => v[1] !== null && v[2] === null)).toBe(true);
  });

  it('keeps a bounded number of keys, dropping the least recently hit', async () => {
    const limiter = new MemoryRateLimiter(() => 0, 100);
    for (let i = 0; i < 3; i++) await limiter.hit('busy', RULE);
    for (let i = 0; i < 1000; i++) {
      await limiter.hit(`flood-${i}`, RULE);
      // The busy key is hit again now and then: it stays, with its count.
      if (i % 50 === 0) await expect(limiter.hit('busy', RULE)).rejects.toMatchObject({ status: 429 });
    }
    expect(limiter.size).toBe(100);
    await expect(limiter.check('busy', RULE)).rejects.toMatchObject({ status: 429 });
  });
});
