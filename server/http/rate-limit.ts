// Fixed-window rate limits. `RateLimiter` is what handlers see; it is asynchronous so that a store
// shared by several API processes (PostgreSQL) can stand behind it. `MemoryRateLimiter`
// counts in this process: right for the embedded single-process mode. Its store is bounded: the least
// recently hit keys go first when it is full, so a flood of addresses costs a fixed amount of memory
// and each hit stays O(1).
import { ApiError } from './errors';
import { log } from '../log';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** A key and the rule it is counted under. */
export interface Limit {
  key: string;
  rule: RateLimitRule;
}

/** What `take` says of one key: null when within its rule, else the 429 to answer. */
export type Verdict = ApiError | null;

export interface RateLimiter {
  /** Counts a hit for `key`; rejects with 429 once the rule's limit is exceeded within its window. */
  hit(key: string, rule: RateLimitRule): Promise<void>;
  /** Rejects with 429 when `key` already used up the rule's limit in this window, without counting. */
  check(key: string, rule: RateLimitRule): Promise<void>;
  /**
   * `hit` for each of `hits` and `check` for each of `checks` at once (one statement on
   * PostgreSQL), refusing nothing itself: a verdict for each, hits first, in the order given. The
   * keys are distinct, and a check does not see a hit of the same call.
   */
  take(hits: readonly Limit[], checks?: readonly Limit[]): Promise<Verdict[]>;
  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}

/** The 429 every store answers, with the seconds until the window ends. */
export function tooManyRequests(resetAt: number, now: number): ApiError {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  // The key is not logged: it may be an e-mail or an address.
  log().warn({ retryAfterS: seconds }, 'rate limit: refused');
  return new ApiError(429, 'api.tooManyRequests', { seconds });
}

/** Keys kept at most; past it the least recently hit are dropped (they start over if they come back). */
export const RATE_LIMIT_MAX_KEYS = 100_000;

export class MemoryRateLimiter implements RateLimiter {
  // A Map iterates in insertion order: re-inserting on each hit keeps it ordered by last use.
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys: number = RATE_LIMIT_MAX_KEYS,
  ) {}

  async hit(key: string, rule: RateLimitRule): Promise<void> {
    const now = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) entry = { count: 0, resetAt: now + rule.windowMs };
    entry.count++;
    this.hits.delete(key);
    this.hits.set(key, entry);
    this.evict();
    if (entry.count > rule.limit) {
      throw tooManyRequests(entry.resetAt, now);
    }
  }

  async check(key: string, rule: RateLimitRule): Promise<void> {
    const now = this.now();
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now && entry.count >= rule.limit) {
      throw tooManyRequests(entry.resetAt, now);
    }
  }

  async take(hits: readonly Limit[], checks: readonly Limit[] = []): Promise<Verdict[]> {
    const verdict = (run: Promise<void>) => run.then(() => null, (err: unknown) => (err instanceof ApiError ? err : Promise.reject(err)));
    return Promise.all([...hits.map((h) => verdict(this.hit(h.key, h.rule))), ...checks.map((c) => verdict(this.check(c.key, c.rule)))]);
  }

  async reset(key: string): Promise<void> {
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
