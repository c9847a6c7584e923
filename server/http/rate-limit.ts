// Fixed-window counters in memory: enough for one API process (the reference deployment). Several
// processes each count on their own, so a limit is per process there (issue #11 keeps that open).
// The store is bounded: the least recently hit keys go first when it is full, so a flood of
// addresses costs a fixed amount of memory and each hit stays O(1).
import { ApiError } from './errors';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Keys kept at most; past it the least recently hit are dropped (they start over if they come back). */
export const RATE_LIMIT_MAX_KEYS = 100_000;

export class RateLimiter {
  // A Map iterates in insertion order: re-inserting on each hit keeps it ordered by last use.
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys: number = RATE_LIMIT_MAX_KEYS,
  ) {}

  /** Counts a hit for `key`; throws 429 once the rule's limit is exceeded within its window. */
  hit(key: string, rule: RateLimitRule): void {
    const now = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) entry = { count: 0, resetAt: now + rule.windowMs };
    entry.count++;
    this.hits.delete(key);
    this.hits.set(key, entry);
    this.evict();
    if (entry.count > rule.limit) {
      throw new ApiError(429, 'api.tooManyRequests', { seconds: Math.ceil((entry.resetAt - now) / 1000) });
    }
  }

  /** Throws 429 when `key` already used up the rule's limit in this window, without counting. */
  check(key: string, rule: RateLimitRule): void {
    const now = this.now();
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now && entry.count >= rule.limit) {
      throw new ApiError(429, 'api.tooManyRequests', { seconds: Math.ceil((entry.resetAt - now) / 1000) });
    }
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** How many keys are kept (for tests and monitoring). */
  get size(): number {
    return this.hits.size;
  }

  private evict() {
    while (this.hits.size > this.maxKeys) {
      const oldest = this.hits.keys().next().value;
      if (oldest === undefined) return;
      this.hits.delete(oldest);
    }
  }
}
