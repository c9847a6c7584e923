// Coupon usage limits: total uses, uses per customer (the account, or the e-mail of a
// guest) and validity dates, checked and recorded inside the order's transaction.
//
// The count of live redemptions (`coupons.uses_count`) is raised by one conditional UPDATE that
// also checks the total and the dates, so of two orders racing for the last use exactly one gets
// it. That UPDATE also holds the coupon's row lock until the order commits, so a second order of
// the same customer waits for the first and then counts its redemption (PostgreSQL reads committed
// rows per statement); on PGlite order writes are serialized anyway.
//
// An edit keeps the coupons the order already redeemed (not counted again, not re-checked against
// dates that passed since) and releases those it drops; a coupon the shop blocked since is refused
// (quote.ts): a shop blocks a code to stop its discount, also on the orders that still carry it. A cancelled order releases its redemptions:
// only unpaid orders can be cancelled, so the customer never had the discount, and a welcome coupon
// used on an order cancelled the same day must still be there for the order that replaces it.
import { and, asc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { dayToDisplay } from '~/domain/dates';
import type { Db } from '../db/client';
import { couponRedemptions, coupons } from '../db/schema/index';
import { ApiError, type FieldErrors } from '../http/errors';
import type { RateLimitRule } from '../http/rate-limit';

/**
 * Coupon look-ups per address (POST v1/coupons and GET v1/coupons/{code} together): enough for a
 * family trying a few codes, too few to walk through code lists.
 */
export const COUPON_LOOKUP_RULE: RateLimitRule = { limit: 60, windowMs: 60_000 };

type CouponRow = typeof coupons.$inferSelect;

/** Whether a coupon can be redeemed on `today` as far as dates and total uses go. */
export function couponOpen(row: CouponRow, today: string): boolean {
  return (
    !row.blocked &&
    (row.validFrom === null || row.validFrom <= today) &&
    (row.validTo === null || row.validTo >= today) &&
    (row.maxUses === null || row.usesCount < row.maxUses)
  );
}

/** Why an open-looking coupon could not be taken (read after the conditional UPDATE missed). */
function refusalOf(row: CouponRow | undefined, code: string, today: string): FieldErrors[string] {
  if (!row) return [{ key: 'api.couponInvalid', params: { code } }];
  if (row.blocked) return [{ key: 'api.couponBlocked', params: { code } }];
  if (row.validFrom !== null && row.validFrom > today) return [{ key: 'api.couponNotYetValid', params: { code, date: dayToDisplay(row.validFrom) } }];
  if (row.validTo !== null && row.validTo < today) return [{ key: 'api.couponExpired', params: { code } }];
  return [{ key: 'api.couponExhausted', params: { code } }];
}

export interface Redemption {
  orderId: number;
  /** Canonical codes the order uses now (Quote.couponCodes), with the form index each came from. */
  codes: { code: string; field: string }[];
  userId: number | null;
  email: string;
  /** Rome day of the order write. */
  today: string;
  /** An edit: the order may hold redemptions already. */
  edited: boolean;
}

/** Records the order's coupons inside its transaction; throws 422 (rolling it back) when one is refused. */
export async function redeemCoupons(tx: Db, input: Redemption): Promise<void> {
  // A new order without coupons (most of them) costs no query.
  if (!input.edited && input.codes.length === 0) return;
  const held = await tx
    .select({ id: couponRedemptions.id, couponId: couponRedemptions.couponId, code: coupons.code })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(couponRedemptions.orderId, input.orderId));
  const wanted = new Set(input.codes.map((c) => c.code));
  const dropped = held.filter((h) => !wanted.has(h.code));
  if (dropped.length > 0) await release(tx, dropped);
  const errors: FieldErrors = {};
  // In code order: two orders taking the same coupons lock their rows in the same order.
  const fresh = input.codes.filter((c) => !held.some((h) => h.code === c.code)).sort(byCode);
  for (const { code, field } of fresh) {
    const [taken] = await tx
      .update(coupons)
      .set({ usesCount: sql`${coupons.usesCount} + 1` })
      .where(
        and(
          eq(coupons.code, code),
          eq(coupons.blocked, false),
          or(isNull(coupons.validFrom), lte(coupons.validFrom, input.today)),
          or(isNull(coupons.validTo), gte(coupons.validTo, input.today)),
          or(isNull(coupons.maxUses), lt(coupons.usesCount, coupons.maxUses)),
        ),
      )
      .returning();
    if (!taken) {
      const [row] = await tx.select().from(coupons).where(eq(coupons.code, code));
      errors[field] = refusalOf(row, code, input.today);
      continue;
    }
    if (taken.maxUsesPerCustomer !== null) {
      const same = or(eq(couponRedemptions.email, input.email), input.userId ? eq(couponRedemptions.userId, input.userId) : undefined);
      const [{ used }] = (await tx
        .select({ used: sql<number>`count(*)`.mapWith(Number) })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, taken.id), ne(couponRedemptions.orderId, input.orderId), same))) as [{ used: number }];
      if (used >= taken.maxUsesPerCustomer) {
        errors[field] = [{ key: 'api.couponAlreadyUsed', params: { code } }];
        continue;
      }
    }
    await tx.insert(couponRedemptions).values({ couponId: taken.id, orderId: input.orderId, userId: input.userId, email: input.email });
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, 'api.invalidData', {}, errors);
}

/**
 * The one order in which coupon rows are locked, by taking (redeem) and by giving back (release):
 * an order redeeming two coupons while another order holding them is cancelled must not deadlock.
 */
const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

async function release(tx: Db, rows: { id: number; couponId: number; code: string }[]): Promise<void> {
  await tx.delete(couponRedemptions).where(inArray(couponRedemptions.id, rows.map((r) => r.id)));
  const byCoupon = new Map(rows.map((r) => [r.couponId, r.code]));
  for (const [couponId] of [...byCoupon].map(([id, code]) => [id, { code }] as const).sort((a, b) => byCode(a[1], b[1]))) {
    const n = rows.filter((r) => r.couponId === couponId).length;
    await tx
      .update(coupons)
      .set({ usesCount: sql`greatest(0, ${coupons.usesCount} - ${n})` })
      .where(eq(coupons.id, couponId));
  }
}

/** A cancelled order gives its coupons back (see the top of this file for why). */
export async function releaseCoupons(tx: Db, orderId: number): Promise<void> {
  const rows = await tx
    .select({ id: couponRedemptions.id, couponId: couponRedemptions.couponId, code: coupons.code })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(couponRedemptions.orderId, orderId))
    .orderBy(asc(coupons.code));
  if (rows.length > 0) await release(tx, rows);
}
