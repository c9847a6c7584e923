// Coupons: checking a code the customer typed (spec §7). The rules of a coupon (dates, uses, once
// per customer) and its redemption inside the order's transaction are server/orders/coupons.ts.
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CouponCheckRequestSchema, type CouponResponseSchema } from '~/api/contract/coupons';
import { todayInRome } from '~/domain/dates';
import { coupons } from '../db/schema/index';
import { fieldError, notFound } from '../http/errors';
import { clientIp, type AppContext, type AppEnv } from '../http/context';
import { jsonBody } from '../http/validation';
import { COUPON_LOOKUP_RULE, couponOpen } from '../orders/coupons';

async function findCoupon(c: AppContext, code: string): Promise<z.input<typeof CouponResponseSchema>['data'] | null> {
  const [row] = await c.get('deps').database.db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase()));
  // Out of its dates or used up: shown as refused, like a blocked one (the storefront never sends it).
  return row ? { code: row.code, amount: row.amount, blocked: !couponOpen(row, todayInRome(c.get('deps').now())) } : null;
}

export const couponRoutes = new Hono<AppEnv>()
  .post('/v1/coupons', async (c) => {
    const { code } = await jsonBody(c, CouponCheckRequestSchema);
    await c.get('deps').limiter.hit(`coupon:ip:${clientIp(c)}`, COUPON_LOOKUP_RULE);
    const coupon = await findCoupon(c, code);
    if (!coupon) throw fieldError('code', 'api.couponInvalid', { code });
    const answer: z.input<typeof CouponResponseSchema> = { data: coupon };
    return c.json(answer);
  })
  .get('/v1/coupons/:code', async (c) => {
    // The same count as POST v1/coupons: either way of asking is a way of guessing codes.
    await c.get('deps').limiter.hit(`coupon:ip:${clientIp(c)}`, COUPON_LOOKUP_RULE);
    const coupon = await findCoupon(c, c.req.param('code').slice(0, 64));
    if (!coupon) throw notFound();
    const answer: z.input<typeof CouponResponseSchema> = { data: coupon };
    return c.json(answer);
  });
