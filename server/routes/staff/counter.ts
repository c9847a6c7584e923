// The counter's lists: GET v1/totem/counter_orders, for admin kiosks of the shop (the rows carry the
// full name and the uuid that opens the order at the cash desk). `hand_out`: confirmed orders
// starting on the day with a rented line not handed out yet; `returns`: confirmed orders ending on
// the day with units still out. One query: counts and the kiosk's code come from correlated
// subqueries, not one query per order. The screens read this again after every order event on the
// shop's channel (src/features/kiosk/shared/stores/counter-orders.ts).
import { Hono } from 'hono';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { COUNTER_ORDER_LIMIT, CounterOrdersQuerySchema, type CounterOrdersEnvelopeSchema, type CounterOrderSchema } from '~/api/contract/counter';
import { todayInRome } from '~/domain/dates';
import type { Db } from '~server/db/client';
import { deliveryDetails, orderDetails, orders, totems } from '~server/db/schema/index';
import type { AppEnv } from '~server/http/context';
import { queryParams } from '~server/http/validation';
import { ORDER_ID, RENTED_ITEMS, UNITS_OUT } from '~server/staff/order-counts';
import { requireTotem, TotemLevel } from '~server/staff/permissions';

// A rented line (no add-on) without a unit handed out for it, now or earlier and back.
const lineToHandOut = sql`exists (select 1 from ${orderDetails} where ${orderDetails.orderId} = ${ORDER_ID} and not ${orderDetails.isAddOn}
  and not exists (select 1 from ${deliveryDetails} where ${deliveryDetails.idOrderDetail} = ${orderDetails.id} and ${deliveryDetails.datetimeDelivery} is not null))`;

async function loadCounterRows(db: Db, shopId: number, list: 'hand_out' | 'returns', day: string) {
  return (
    db
      .select({
        id: orders.id,
        uuid: orders.uuid,
        number: orders.number,
        firstName: orders.firstName,
        lastName: orders.lastName,
        dateFrom: orders.dateFrom,
        dateTo: orders.dateTo,
        paidAt: orders.paidAt,
        totalAmount: orders.totalAmount,
        createdAt: orders.createdAt,
        totemCode: sql<string | null>`(select ${totems.code} from ${totems} where ${totems.id} = ${orders.createdTotemId})`,
        items: RENTED_ITEMS,
        unitsOut: UNITS_OUT,
      })
      .from(orders)
      .where(
        and(
          eq(orders.shopId, shopId),
          eq(orders.status, 'confirmed'),
          list === 'hand_out' ? and(eq(orders.dateFrom, day), lineToHandOut) : and(eq(orders.dateTo, day), sql`${UNITS_OUT} > 0`),
        ),
      )
      // The newest orders when a day ever holds more than the limit; one more row tells it did.
      .orderBy(desc(orders.id))
      .limit(COUNTER_ORDER_LIMIT + 1)
  );
}

type CounterRow = Awaited<ReturnType<typeof loadCounterRows>>[number];

function presentCounterOrder(row: CounterRow): z.input<typeof CounterOrderSchema> {
  return {
    id: row.id,
    uuid: row.uuid,
    number: row.number,
    first_name: row.firstName,
    last_name: row.lastName,
    date_from: row.dateFrom,
    date_to: row.dateTo,
    items: row.items,
    units_out: row.unitsOut,
    paid: !!row.paidAt,
    total_amount: row.totalAmount,
    totem_code: row.totemCode ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export const counterRoutes = new Hono<AppEnv>().get('/v1/totem/counter_orders', async (c) => {
  const totem = requireTotem(c, TotemLevel.ADMIN);
  const query = queryParams(c, CounterOrdersQuerySchema);
  const { database, now } = c.get('deps');
  const date = query.date ?? todayInRome(now());
  const rows = await loadCounterRows(database.db, totem.shopId, query.list, date);
  const body: z.input<typeof CounterOrdersEnvelopeSchema> = {
    data: { list: query.list, date, orders: rows.slice(0, COUNTER_ORDER_LIMIT).map(presentCounterOrder), truncated: rows.length > COUNTER_ORDER_LIMIT },
  };
  return c.json(body);
});
