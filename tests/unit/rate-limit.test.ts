// The API's rate-limit store (server/http/rate-limit.ts): fixed windows, bounded memory (least
// recently hit keys go first, so a flood of addresses cannot grow it), `check` that does not count.
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../server/http/rate-limit';

const RULE = { limit: 3, windowMs: 1000 };

describe('rate limiter', () => {
  it('refuses past the limit within a window and starts over after it', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 3; i++) limiter.hit('a', RULE);
    expect(() => limiter.hit('a', RULE)).toThrow(expect.objectContaining({ status: 429 }));
    now = 1000;
    expect(() => limiter.hit('a', RULE)).not.toThrow();
  });

  it('checks without counting', () => {
    const limiter = new RateLimiter(() => 0);
    for (let i = 0; i < 10; i++) limiter.check('a', RULE);
    for (let i = 0; i < 3; i++) limiter.hit('a', RULE);
    expect(() => limiter.check('a', RULE)).toThrow(expect.objectContaining({ status: 429 }));
  });

  it('keeps a bounded number of keys, dropping the least recently hit', () => {
    const limiter = new RateLimiter(() => 0, 100);
    for (let i = 0; i < 3; i++) limiter.hit('busy', RULE);
    for (let i = 0; i < 1000; i++) {
      limiter.hit(`flood-${i}`, RULE);
      // The busy key is hit again now and then: it stays, with its count.
      if (i % 50 === 0) expect(() => limiter.hit('busy', RULE)).toThrow(expect.objectContaining({ status: 429 }));
    }
    expect(limiter.size).toBe(100);
    expect(() => limiter.check('busy', RULE)).toThrow(expect.objectContaining({ status: 429 }));
  });
});
