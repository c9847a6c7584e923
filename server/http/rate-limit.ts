// Fixed-window counters in memory: enough for one API process (the reference deployment).
import { ApiError } from './errors';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a hit for `key`; throws 429 once the rule's limit is exceeded within its window. */
  hit(key: string, rule: RateLimitRule): void {
    const now = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + rule.windowMs };
      this.hits.set(key, entry);
    }
    entry.count++;
    if (this.hits.size > 50_000) this.sweep(now);
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

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
