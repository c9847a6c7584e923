// One product: its current price for the asked dates, and its units free with their sizes. The
// shop's whole catalogue and availabilities are routes/catalogue.ts.
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BookingQuerySchema } from '../../src/api/contract/booking-query';
import type { AvailableSizesResponseSchema, ProductPriceResponseSchema } from '../../src/api/contract/catalogue';
import { bookingPeriod } from '../../src/domain/availability';
import { specificProducts } from '../db/schema/index';
import { fieldError, notFound } from '../http/errors';
import type { AppContext, AppEnv } from '../http/context';
import { idParam, jsonBody, queryParams } from '../http/validation';
import { currentPrice } from '../catalogue/present';
import { shopSeason } from '../catalogue/season';
import { isValidFidelityCard, todayOf } from './catalogue';

function productOr404(c: AppContext) {
  const found = c.get('deps').catalogue.product(idParam(c));
  const product = found?.shop.productsById.get(found.product.id);
  if (!found || !product) throw notFound();
  return { shop: found.shop, product };
}

export const productRoutes = new Hono<AppEnv>()
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
