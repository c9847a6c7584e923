// Rate limits shared by every API process on one PostgreSQL: the same fixed windows as
// MemoryRateLimiter (a window opens at a key's first hit and lasts the rule's windowMs), kept in
// the `rate_limits` table. A hit is one atomic statement — INSERT … ON CONFLICT DO UPDATE …
// RETURNING — so two processes counting the same key at the same moment both count, and neither
// reads a count the other is about to change. Expired windows are deleted in bounded batches
// through the reset_at index, at most once per PRUNE_INTERVAL_MS per process: no sweep per hit.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executedRows } from '../db/rows';
import { rateLimits } from '../db/schema/index';
import { tooManyRequests, type Limit, type RateLimitRule, type RateLimiter, type Verdict } from './rate-limit';
import { log } from '../log';

/** How often a process deletes expired windows. */
export const PRUNE_INTERVAL_MS = 60_000;
/** Expired windows deleted per prune: bounded work, the next prune takes the rest. */
export const PRUNE_BATCH = 1000;

export class PgRateLimiter implements RateLimiter {
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, rule: RateLimitRule): Promise<void> {
    const now = this.now();
    const at = new Date(now);
    const resetAt = new Date(now + rule.windowMs);
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        // An expired window starts over at this hit; a running one counts it.
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${at} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    this.maybePrune(now);
    if (row!.count > rule.limit) throw tooManyRequests(row!.resetAt.getTime(), now);
  }

  async check(key: string, rule: RateLimitRule): Promise<void> {
    const now = this.now();
    const [row] = await this.db.select({ count: rateLimits.count, resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key));
    if (row && row.resetAt.getTime() > now && row.count >= rule.limit) throw tooManyRequests(row.resetAt.getTime(), now);
  }

  async take(hits: readonly Limit[], checks: readonly Limit[] = []): Promise<Verdict[]> {
    if (hits.length === 0 && checks.length === 0) return [];
    const now = this.now();
    const at = new Date(now);
    // The hits as one multi-row upsert, the checks read beside it: one round trip for them all.
    const upserted = hits.length
      ? sql`insert into ${rateLimits} (key, count, reset_at) values ${sql.join(
          hits.map((h) => sql`(${h.key}, 1, ${new Date(now + h.rule.windowMs)})`),
          sql`, `,
        )}
        on conflict (key) do update set
          count = case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.count} + 1 end,
          reset_at = case when ${rateLimits.resetAt} <= ${at} then excluded.reset_at else ${rateLimits.resetAt} end
        returning key, count, reset_at`
      : sql`select key, count, reset_at from ${rateLimits} where false`;
    const read = checks.length
      ? sql`select key, count, reset_at, false as hit from ${rateLimits} where key in (${sql.join(
          checks.map((c) => sql`${c.key}`),
          sql`, `,
        )})`
      : sql`select key, count, reset_at, false as hit from ${rateLimits} where false`;
    const result = await this.db.execute(sql`with hit as (${upserted}) select key, count, reset_at, true as hit from hit union all ${read}`);
    const rows = executedRows<{ key: string; count: number | string; reset_at: Date | string; hit: boolean }>(result);
    if (hits.length) this.maybePrune(now);
    // Each hit has its row from the upsert; a check's key may be nowhere (never hit).
    const hitRows = new Map<string, { count: number; resetAt: number }>();
    const readRows = new Map<string, { count: number; resetAt: number }>();
    for (const r of rows) (r.hit ? hitRows : readRows).set(r.key, { count: Number(r.count), resetAt: new Date(r.reset_at).getTime() });
    return [
      ...hits.map((h) => {
        const row = hitRows.get(h.key)!;
        return row.count > h.rule.limit ? tooManyRequests(row.resetAt, now) : null;
      }),
      ...checks.map((c) => {
        const row = readRows.get(c.key);
        return row && row.resetAt > now && row.count >= c.rule.limit ? tooManyRequests(row.resetAt, now) : null;
      }),
    ];
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Deletes up to PRUNE_BATCH expired windows now (also what the periodic prune runs). */
  async prune(now: number = this.now()): Promise<number> {
    const deleted = await this.db.execute(sql`
      delete from ${rateLimits} where ${rateLimits.key} in (
        select ${rateLimits.key} from ${rateLimits} where ${rateLimits.resetAt} <= ${new Date(now)} limit ${PRUNE_BATCH}
      )`);
    return (deleted as unknown as { rowCount?: number }).rowCount ?? 0;
  }

  private maybePrune(now: number) {
    if (now - this.lastPrune < PRUNE_INTERVAL_MS) return;
    this.lastPrune = now;
    void this.prune(now).catch((error: Error) => log().error({ err: error }, 'rate limit: prune failed'));
  }
}
