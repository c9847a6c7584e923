// The shop's live board: GET v1/totem/board, for any kiosk of the shop (the wall
// screen is often a public kiosk). Today's orders (Europe/Rome) that a board can show: starting
// today, ending today, queued today or handed out today; confirmed only, so a cancelled order leaves
// the board. One query: the item count and the hand-out state come from correlated subqueries, not
// one query per order. The board re-reads this after every order event (src/features/kiosk/board/stores/board.ts).
import { Hono } from 'hono';
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BOARD_ORDER_LIMIT, type BoardEnvelopeSchema, type BoardOrderSchema } from '~/api/contract/board';
import { addDays, parseRomeDateTime, todayInRome } from '~/domain/dates';
import { lastInitial } from '~/domain/board';
import type { Db } from '~server/db/client';
import { deliveryDetails, orders } from '~server/db/schema/index';
import type { AppEnv } from '~server/http/context';
import { ORDER_ID, RENTED_ITEMS, UNITS_OUT } from '~server/staff/order-counts';
import { requireTotem, TotemLevel } from '~server/staff/permissions';

/** Rome's midnight starting `day` and the next one, as instants. */
function romeDayBounds(day: string): { start: Date; end: Date } {
  return { start: parseRomeDateTime(day), end: parseRomeDateTime(addDays(day, 1)) };
}

async function loadBoardRows(db: Db, shopId: number, today: string) {
  const { start, end } = romeDayBounds(today);
  const handedOutToday = sql`exists (select 1 from ${deliveryDetails} where ${deliveryDetails.orderId} = ${ORDER_ID}
    and ${deliveryDetails.datetimeDelivery} >= ${start.toISOString()} and ${deliveryDetails.datetimeDelivery} < ${end.toISOString()})`;
  return db
    .select({
      id: orders.id,
      number: orders.number,
      firstName: orders.firstName,
      lastName: orders.lastName,
      dateFrom: orders.dateFrom,
      dateTo: orders.dateTo,
      paidAt: orders.paidAt,
      queuedAt: orders.queuedAt,
      items: RENTED_ITEMS,
      deliveredAt: sql<Date | null>`(select max(${deliveryDetails.datetimeDelivery}) from ${deliveryDetails} where ${deliveryDetails.orderId} = ${ORDER_ID})`.mapWith(
        deliveryDetails.datetimeDelivery,
      ),
      unitsOut: UNITS_OUT,
    })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        eq(orders.status, 'confirmed'),
        or(eq(orders.dateFrom, today), eq(orders.dateTo, today), and(gte(orders.queuedAt, start), lt(orders.queuedAt, end)), handedOutToday),
      ),
    )
    // The newest orders when a day ever holds more than the limit; one more row tells it did.
    .orderBy(desc(orders.id))
    .limit(BOARD_ORDER_LIMIT + 1);
}

type BoardRow = Awaited<ReturnType<typeof loadBoardRows>>[number];

/** What a wall may show of an order: no contact data, only the initial of the last name. */
export function presentBoardOrder(row: BoardRow): z.input<typeof BoardOrderSchema> {
  return {
    id: row.id,
    number: row.number,
    first_name: row.firstName,
    last_initial: lastInitial(row.lastName),
    date_from: row.dateFrom,
    date_to: row.dateTo,
    paid: !!row.paidAt,
    queued_at: row.queuedAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt ? new Date(row.deliveredAt).toISOString() : null,
    units_out: row.unitsOut,
    items: row.items,
  };
}

export const boardRoutes = new Hono<AppEnv>().get('/v1/totem/board', async (c) => {
  const totem = requireTotem(c, TotemLevel.PUBLIC);
  const { database, now } = c.get('deps');
  const today = todayInRome(now());
  const rows = await loadBoardRows(database.db, totem.shopId, today);
  const body: z.input<typeof BoardEnvelopeSchema> = {
    data: { date: today, orders: rows.slice(0, BOARD_ORDER_LIMIT).map(presentBoardOrder), truncated: rows.length > BOARD_ORDER_LIMIT },
  };
  return c.json(body);
});
