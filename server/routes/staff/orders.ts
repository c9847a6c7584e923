// Orders, staff side: search the shop's orders and change who a pool's items are for. Viewing,
// changing, cancelling and exporting an order are the customer routes (routes/orders.ts) with the
// staff access rules of orders/access.ts; taking its payment is cash-desk.ts.
import { Hono } from 'hono';
import { and, desc, eq, gte, ilike, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { PoolChangesSchema, StaffOrderSearchQuerySchema } from '~/api/contract/staff';
import { orderDetailPools, orders } from '~server/db/schema/index';
import { ApiError, notFound } from '~server/http/errors';
import type { AppContext, AppEnv } from '~server/http/context';
import { idParam, jsonBody, queryParams } from '~server/http/validation';
import { presentOrder, presentOrders } from '~server/orders/present';
import { publishOrder } from '~server/realtime/events';
import { requireTotem, shopOrder, TotemLevel } from '~server/staff/permissions';

const escapeLike = (text: string) => text.replace(/[%_\\]/g, (m) => `\\${m}`);

/** GET v1/orders/search for a totem: its shop's orders by number, name, phone or email, and day. */
export async function staffOrderSearch(c: AppContext) {
  const totem = requireTotem(c, TotemLevel.ADMIN);
  const query = queryParams(c, StaffOrderSearchQuerySchema);
  const { database, catalogue, now } = c.get('deps');
  const text = query.q ? `%${escapeLike(query.q)}%` : undefined;
  // Phones are typed in many shapes (+39 333 123 4567, 3331234567): compare their digits too.
  const digits = query.q?.replace(/\D/g, '') ?? '';
  const rows = await database.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.shopId, totem.shopId),
        text
          ? or(
              ilike(orders.number, text),
              ilike(orders.lastName, text),
              ilike(orders.firstName, text),
              ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, text),
              ilike(orders.email, text),
              ilike(orders.phone, text),
              digits.length >= 3 ? sql`regexp_replace(${orders.phone}, '[^0-9]', '', 'g') LIKE ${`%${digits}%`}` : undefined,
            )
          : undefined,
        // Orders running on that day, not only those starting then.
        query.date ? and(lte(orders.dateFrom, query.date), gte(orders.dateTo, query.date)) : undefined,
        query.status ? eq(orders.status, query.status) : undefined,
        query.paid === '1' ? isNotNull(orders.paidAt) : query.paid === '0' ? isNull(orders.paidAt) : undefined,
      ),
    )
    .orderBy(desc(orders.dateFrom), desc(orders.id))
    .limit(100);
  return c.json({ data: await presentOrders(database.db, catalogue, rows, now()) });
}

export const staffOrderRoutes = new Hono<AppEnv>()
  .patch('/v1/order_detail_pools/:id', async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const { database, catalogue, now } = c.get('deps');
    const [pool] = await database.db.select().from(orderDetailPools).where(eq(orderDetailPools.id, idParam(c)));
    if (!pool) throw notFound();
    const order = await shopOrder(c, totem, String(pool.orderId));
    const changes = await jsonBody(c, PoolChangesSchema);
    if (order.status !== 'confirmed') throw new ApiError(410, 'api.orderNotEditable');
    let customer = pool.customer;
    if (changes.customer) {
      const merged: Record<string, string> = { ...(pool.customer ?? {}) };
      for (const [field, value] of Object.entries(changes.customer)) {
        if (value === undefined) continue;
        if (value === '') delete merged[field];
        else merged[field] = value;
      }
      customer = Object.keys(merged).length > 0 ? merged : null;
    }
    await database.db
      .update(orderDetailPools)
      .set({ customer, index: changes.index ?? pool.index })
      .where(eq(orderDetailPools.id, pool.id));
    const [row] = await database.db.update(orders).set({ updatedAt: now() }).where(eq(orders.id, order.id)).returning();
    void publishOrder(c.get('deps'), 'order.changed', row!);
    return c.json({ data: await presentOrder(database.db, catalogue, row!, now()) });
  });
