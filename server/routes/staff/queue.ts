// Pushing an order to the shop's queue board (/totem/push_in_queue, spec §2): an admin kiosk any
// order of its shop; a public kiosk (type 10) only an order placed on it in the last
// PUBLIC_PUSH_WINDOW_MS — the customer at its screen queuing what they just booked. Anything else is
// 404 for it, as an unknown number: order numbers are sequential, and the answer (first name, last
// initial, dates, paid) and the board must not let a public screen walk the shop's old orders.
// queued_at is stored so a board that was offline when the event went out still finds it when it
// reads the board again.
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { PushInQueueRequestSchema } from '~/api/contract/staff';
import type { PushInQueueResponseSchema } from '~/api/contract/board';
import { orders } from '~server/db/schema/index';
import { ApiError, notFound } from '~server/http/errors';
import type { AppEnv, AuthTotem } from '~server/http/context';
import type { OrderRow } from '~server/orders/write';
import { jsonBody } from '~server/http/validation';
import { orderEvent, publishOrder } from '~server/realtime/events';
import { requireTotem, shopOrder, TotemLevel } from '~server/staff/permissions';

/** How long after placing an order on a public kiosk that kiosk may still push it in the queue. */
export const PUBLIC_PUSH_WINDOW_MS = 4 * 60 * 60 * 1000;

/** Whether the kiosk may push the order: an admin kiosk any of its shop, a public one its own fresh ones. */
function mayPush(totem: AuthTotem, order: OrderRow, at: Date): boolean {
  if (totem.type >= TotemLevel.ADMIN) return true;
  return order.createdTotemId === totem.id && at.getTime() - order.createdAt.getTime() <= PUBLIC_PUSH_WINDOW_MS;
}

export const queueRoutes = new Hono<AppEnv>()
  .post('/v1/totem/push_in_queue', async (c) => {
    const totem = requireTotem(c, TotemLevel.PUBLIC);
    const body = await jsonBody(c, PushInQueueRequestSchema);
    const order = await shopOrder(c, totem, body.order);
    const deps = c.get('deps');
    const at = deps.now();
    // Before the status check: a cancelled order of another kiosk is as unknown as any other.
    if (!mayPush(totem, order, at)) throw notFound();
    if (order.status !== 'confirmed') throw new ApiError(410, 'api.orderNotEditable');
    // Conditional, so an order cancelled since it was read is not queued.
    const [queued] = await deps.database.db
      .update(orders)
      .set({ queuedAt: at })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'confirmed')))
      .returning();
    if (!queued) throw new ApiError(410, 'api.orderNotEditable');
    await publishOrder(deps, 'order.pushed_in_queue', queued);
    const answer: z.input<typeof PushInQueueResponseSchema> = { data: { ...orderEvent(queued, at), queued_at: at.toISOString() } };
    return c.json(answer);
  });
