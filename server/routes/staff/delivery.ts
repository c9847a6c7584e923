// Delivery and pickup at the counter (admin totems of the order's shop): units handed
// out for order lines or as extras, taken back, either step undone, and the price difference of an
// early or late return.
import { Hono } from 'hono';
import { desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { DeliveryRequestSchema, DiffQuerySchema, PickupRequestSchema, ResetPickupRequestSchema, type PriceDiffEnvelopeSchema } from '~/api/contract/delivery';
import { parseRomeDateTime, todayInRome, toRomeDay } from '~/domain/dates';
import { deliveryDetails, orderDetails, orders } from '~server/db/schema/index';
import { notFound } from '~server/http/errors';
import { idempotent } from '~server/http/idempotency';
import type { AppContext, AppEnv, AuthTotem } from '~server/http/context';
import { idParam, jsonBody, queryParams } from '~server/http/validation';
import { presentOrder, presentOrders } from '~server/orders/present';
import { publishOrder } from '~server/realtime/events';
import { deliver, pickUp, resetDelivery, resetPickup, shopDeliveryDetail } from '~server/staff/delivery';
import { extraDiff, lineCharge, lineDiff, unitCharge } from '~server/staff/diff';
import { requireTotem, shopOrder, TotemLevel } from '~server/staff/permissions';

const when = (c: AppContext, date: string | undefined) => (date ? parseRomeDateTime(date) : c.get('deps').now());

async function orderById(c: AppContext, id: number) {
  const [row] = await c.get('deps').database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound();
  return row;
}

/** The price difference of the hand-out `detail` returned on `to`. */
async function handOutDiff(c: AppContext, handOut: NonNullable<Awaited<ReturnType<typeof shopDeliveryDetail>>>, to: string) {
  const { detail, unit } = handOut;
  const { database, catalogue } = c.get('deps');
  const order = await orderById(c, detail.orderId);
  const status = detail.datetimeReturn ? 'returned' : 'out';
  if (!detail.idOrderDetail) {
    const { label, charge } = unitCharge(catalogue, unit.productId, c.get('locale'));
    return extraDiff({ from: toRomeDay(detail.datetimeDelivery ?? c.get('deps').now()), to, charge, label, deliveryDetailId: detail.id, status });
  }
  const lines = await database.db.select().from(orderDetails).where(eq(orderDetails.orderId, order.id));
  const line = lines.find((l) => l.id === detail.idOrderDetail)!;
  const main = lines.find((l) => l.poolId === line.poolId && !l.isAddOn);
  const charge = lineCharge(catalogue, order, line, main);
  return lineDiff({ order, charge, label: line.productLabel, to, lineId: line.id, deliveryDetailId: detail.id, status });
}

/** Both diff routes answer the contract's envelope (PriceDiffEnvelopeSchema). */
const diffAnswer = (c: AppContext, data: z.input<typeof PriceDiffEnvelopeSchema>['data']) => {
  const answer: z.input<typeof PriceDiffEnvelopeSchema> = { data };
  return c.json(answer);
};

async function handOutOr404(c: AppContext, totem: AuthTotem) {
  const handOut = await shopDeliveryDetail(c.get('deps').database.db, totem, idParam(c));
  if (!handOut) throw notFound();
  return handOut;
}

async function respondWithOrder(c: AppContext, orderId: number, event: 'order.delivered' | 'order.changed') {
  const { database, catalogue, now } = c.get('deps');
  const order = await orderById(c, orderId);
  void publishOrder(c.get('deps'), event, order);
  return c.json({ data: await presentOrder(database.db, catalogue, order, now()) });
}

// The confirmations honour an `Idempotency-Key` header (a retry gets the first answer): see http/idempotency.ts.
export const deliveryRoutes = new Hono<AppEnv>()
  .post('/v1/delivery', idempotent, async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const body = await jsonBody(c, DeliveryRequestSchema);
    const order = await shopOrder(c, totem, String(body.order_id));
    await deliver(c.get('deps'), totem, order, body, when(c, body.date));
    return respondWithOrder(c, order.id, 'order.delivered');
  })
  .post('/v1/pickup', idempotent, async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const body = await jsonBody(c, PickupRequestSchema);
    if (body.order_id !== undefined) await shopOrder(c, totem, String(body.order_id));
    const orderIds = await pickUp(c.get('deps'), totem, body, when(c, body.date));
    const { database, catalogue, now } = c.get('deps');
    const rows = await database.db.select().from(orders).where(inArray(orders.id, orderIds));
    for (const row of rows) void publishOrder(c.get('deps'), 'order.picked_up', row);
    return c.json({ data: await presentOrders(database.db, catalogue, rows, now()) });
  })
  .post('/v1/delivery_details/:id/reset_delivery', idempotent, async (c) => {
    const handOut = await handOutOr404(c, requireTotem(c, TotemLevel.ADMIN));
    await resetDelivery(c.get('deps'), handOut);
    return respondWithOrder(c, handOut.detail.orderId, 'order.changed');
  })
  .post('/v1/delivery_details/:id/reset_pickup', idempotent, async (c) => {
    const handOut = await handOutOr404(c, requireTotem(c, TotemLevel.ADMIN));
    const { date } = await jsonBody(c, ResetPickupRequestSchema);
    await resetPickup(c.get('deps'), handOut, date ? parseRomeDateTime(date) : undefined);
    return respondWithOrder(c, handOut.detail.orderId, 'order.changed');
  })
  .get('/v1/delivery_details/:id/diff', async (c) => {
    const handOut = await handOutOr404(c, requireTotem(c, TotemLevel.ADMIN));
    const { to } = queryParams(c, DiffQuerySchema);
    return diffAnswer(c, await handOutDiff(c, handOut, to));
  })
  // The line's latest hand-out: priced to its return day, or to today once overdue; not handed out: as booked.
  .get('/v1/order_details/:id/diff', async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const { database, catalogue, now } = c.get('deps');
    const [line] = await database.db.select().from(orderDetails).where(eq(orderDetails.id, idParam(c)));
    if (!line) throw notFound();
    const order = await shopOrder(c, totem, String(line.orderId));
    const [latest] = await database.db
      .select({ id: deliveryDetails.id })
      .from(deliveryDetails)
      .where(eq(deliveryDetails.idOrderDetail, line.id))
      .orderBy(desc(deliveryDetails.id))
      .limit(1);
    const handOut = latest ? await shopDeliveryDetail(database.db, totem, latest.id) : null;
    if (handOut) {
      const { detail } = handOut;
      const today = todayInRome(now());
      const back = detail.datetimeReturn ? toRomeDay(detail.datetimeReturn) : today > order.dateTo ? today : order.dateTo;
      // Back before the booking started: priced as its first day.
      const to = back < order.dateFrom ? order.dateFrom : back;
      return diffAnswer(c, await handOutDiff(c, handOut, to));
    }
    const lines = await database.db.select().from(orderDetails).where(eq(orderDetails.orderId, order.id));
    const main = lines.find((l) => l.poolId === line.poolId && !l.isAddOn);
    const charge = lineCharge(catalogue, order, line, main);
    return diffAnswer(c, lineDiff({ order, charge, label: line.productLabel, to: order.dateTo, lineId: line.id, deliveryDetailId: null, status: 'not_delivered' }));
  });
