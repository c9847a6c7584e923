// Pushing an order to the shop's queue board (/totem/push_in_queue, spec §2): any kiosk of the shop.
// queued_at is stored so a board that was offline when the event went out still finds it when it
// reads the board again.
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { PushInQueueRequestSchema } from '../../../src/api/contract/staff';
import type { PushInQueueResponseSchema } from '../../../src/api/contract/board';
import { orders } from '../../db/schema/index';
import { ApiError } from '../../http/errors';
import type { AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { orderEvent, publishOrder } from '../../realtime/events';
import { requireTotem, shopOrder, TotemLevel } from '../../staff/permissions';

export const queueRoutes = new Hono<AppEnv>()
  .post('/v1/totem/push_in_queue', async (c) => {
    const totem = requireTotem(c, TotemLevel.PUBLIC);
    const body = await jsonBody(c, PushInQueueRequestSchema);
    const order = await shopOrder(c, totem, body.order);
    if (order.status !== 'confirmed') throw new ApiError(410, 'api.orderNotEditable');
    const deps = c.get('deps');
    const at = deps.now();
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
