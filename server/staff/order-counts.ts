// What the staff lists show of each order, as correlated subqueries of one select on orders: a
// whole list in one query, not one query per order (server/routes/staff/board.ts, counter.ts).
import { sql } from 'drizzle-orm';
import { deliveryDetails, orderDetails, orders } from '../db/schema/index';

// Drizzle writes the columns of a one-table select without their table ("id"), which inside a
// subquery on order_details or delivery_details would mean that table's own id: the outer order's id
// is written out in full so the subqueries stay correlated.
export const ORDER_ID = sql`${orders}.${sql.identifier(orders.id.name)}`;

/** The order's rented items: its lines but the add-ons. */
export const RENTED_ITEMS = sql<number>`(select count(*) from ${orderDetails} where ${orderDetails.orderId} = ${ORDER_ID} and not ${orderDetails.isAddOn})`.mapWith(Number);

/** The order's units handed out and not back yet. */
export const UNITS_OUT = sql<number>`(select count(*) from ${deliveryDetails} where ${deliveryDetails.orderId} = ${ORDER_ID}
  and ${deliveryDetails.datetimeDelivery} is not null and ${deliveryDetails.datetimeReturn} is null)`.mapWith(Number);
