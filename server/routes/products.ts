// One product: its current price for the asked dates, and its units free, per size (src/domain/sizes.ts). The
// shop's whole catalogue and availabilities are routes/catalogue.ts.
import { Hono } from 'hono';
import type { z } from 'zod';
import { BookingQuerySchema } from '~/api/contract/booking-query';
import type { AvailableSizesResponseSchema, ProductPriceResponseSchema } from '~/api/contract/catalogue';
import { bookingPeriod } from '~/domain/availability';
import { fieldError, notFound } from '../http/errors';
import type { AppContext, AppEnv } from '../http/context';
import { idParam, jsonBody, queryParams } from '../http/validation';
import { currentPrice } from '../catalogue/present';
import { shopSeason } from '../catalogue/season';
import { editedOrderId, isValidFidelityCard, todayOf } from './catalogue';

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
    // An order being edited leaves its own units out of the count, as the shop's availabilities do.
    const exclude = await editedOrderId(c, body.editOrderCode);
    const { availability } = c.get('deps');
    const answer: z.input<typeof AvailableSizesResponseSchema> = {
      data: {
        product_id: product.row.id,
        available: availability.available(product.row.id, period, exclude),
        sizes: availability.sizes(product.row.id, period, exclude),
      },
    };
    return c.json(answer);
  });
