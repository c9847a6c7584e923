// Coupons, fidelity cards, product price and sizes (booking requests: routes/booking-requests.ts).
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { CouponCheckRequestSchema, type CouponResponseSchema } from '../../src/api/contract/coupons';
import { FidelityQuerySchema, type FidelityCardResponseSchema, type FidelityInfoResponseSchema } from '../../src/api/contract/fidelity';
import { BookingQuerySchema } from '../../src/api/contract/booking-query';
import type { AvailableSizesResponseSchema, ProductPriceResponseSchema } from '../../src/api/contract/catalogue';
import type { z } from 'zod';
import { FIDELITY_DISCOUNT } from '../../src/domain/charges';
import { bookingPeriod } from '../../src/domain/availability';
import { coupons, fidelityCards, specificProducts } from '../db/schema/index';
import { fieldError, notFound } from '../http/errors';
import { clientIp, requireUser, type AppContext, type AppEnv } from '../http/context';
import { idParam, jsonBody, queryParams } from '../http/validation';
import { currentPrice } from '../catalogue/present';
import { shopSeason } from '../catalogue/season';
import { isValidFidelityCard, todayOf } from './catalogue';
import { limitCardLookup } from '../fidelity/cards';
import { normalizeFidelityCardNumber } from '../../src/domain/fidelity';
import { COUPON_LOOKUP_RULE, couponOpen } from '../orders/coupons';
import { todayInRome } from '../../src/domain/dates';

async function findCoupon(c: AppContext, code: string): Promise<z.input<typeof CouponResponseSchema>['data'] | null> {
  const [row] = await c.get('deps').database.db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase()));
  // Out of its dates or used up: shown as refused, like a blocked one (the storefront never sends it).
  return row ? { code: row.code, amount: row.amount, blocked: !couponOpen(row, todayInRome(c.get('deps').now())) } : null;
}

async function findCard(c: AppContext) {
  const { fidelity_card_number } = queryParams(c, FidelityQuerySchema);
  // Limit lookups so numbers cannot be enumerated (the legacy ones are short).
  await limitCardLookup(c);
  const number = normalizeFidelityCardNumber(fidelity_card_number);
  const [card] = await c.get('deps').database.db.select().from(fidelityCards).where(eq(fidelityCards.number, number));
  if (!card) throw notFound();
  return card;
}

function productOr404(c: AppContext) {
  const found = c.get('deps').catalogue.product(idParam(c));
  const product = found?.shop.productsById.get(found.product.id);
  if (!found || !product) throw notFound();
  return { shop: found.shop, product };
}

export const extrasRoutes = new Hono<AppEnv>()
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
  })
  .get('/v1/fidelity_card', async (c) => {
    // Holder's name and points are personal data: only the holder (kiosks, issue #7) sees them.
    const user = requireUser(c);
    const card = await findCard(c);
    if (card.userId !== user.id && user.fidelityCardNumber !== card.number) throw notFound();
    const answer: z.input<typeof FidelityCardResponseSchema> = {
      data: { number: card.number, holder_name: card.holderName, points: card.points, discount: FIDELITY_DISCOUNT, active: card.active === 1 },
    };
    return c.json(answer);
  })
  .get('/v1/fidelity_card/info', async (c) => {
    const card = await findCard(c);
    // Public lookup: says whether the card is good, never whose it is beyond initials.
    const initials = card.holderName.split(/\s+/).map((w) => w[0]?.toUpperCase() ?? '').join('.');
    const answer: z.input<typeof FidelityInfoResponseSchema> = {
      data: { valid: card.active === 1, discount: FIDELITY_DISCOUNT, holder_initials: initials ? `${initials}.` : '' },
    };
    return c.json(answer);
  })
  .get('/v1/products/:id/price', async (c) => {
    const { product } = productOr404(c);
    const query = queryParams(c, BookingQuerySchema);
    const fidelity = await isValidFidelityCard(c, query.fidelityCardNumber);
    const price = currentPrice(product, { mode: query.mode, dates: query.dates, fidelity });
    const answer: z.input<typeof ProductPriceResponseSchema> = { data: { product_id: product.row.id, current_price: price } };
    return c.json(answer);
  })
  .post('/v1/products/:id/available_size', async (c) => {
    const { shop, product } = productOr404(c);
    const body = await jsonBody(c, BookingQuerySchema);
    const period = body.mode === null ? null : bookingPeriod(body.mode, body.dates, shopSeason(shop, todayOf(c)));
    if (!period) throw fieldError('from', 'validators.required');
    const units = await c
      .get('deps')
      .database.db.select({ size: specificProducts.size })
      .from(specificProducts)
      .where(and(eq(specificProducts.productId, product.row.id), eq(specificProducts.locked, false)));
    const sizes = new Map<string, number>();
    for (const u of units) sizes.set(u.size ?? '', (sizes.get(u.size ?? '') ?? 0) + 1);
    const answer: z.input<typeof AvailableSizesResponseSchema> = {
      data: {
        product_id: product.row.id,
        available: c.get('deps').availability.available(product.row.id, period),
        sizes: [...sizes].map(([size, units]) => ({ size: size || null, units })),
      },
    };
    return c.json(answer);
  });
