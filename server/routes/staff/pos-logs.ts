// POST {configured base}/pos_logs (spec §7, §8): a payment-terminal failure, logged by the kiosk
// before it shows the error. Any totem may log, for an order of its own shop.
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { PosLogRequestSchema, type PosLogResponseSchema } from '../../../src/api/contract/staff';
import { orders, posLogs } from '../../db/schema/index';
import { fieldError } from '../../http/errors';
import type { AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { requireTotem, TotemLevel } from '../../staff/permissions';

export const posLogRoutes = new Hono<AppEnv>().post('/pos_logs', async (c) => {
  const totem = requireTotem(c, TotemLevel.PUBLIC);
  const body = await jsonBody(c, PosLogRequestSchema);
  const { db } = c.get('deps').database;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, body.order_number), eq(orders.shopId, totem.shopId)));
  if (!order) throw fieldError('order_number', 'api.notFound');
  const [row] = await db
    .insert(posLogs)
    .values({ totemId: totem.id, orderNumber: body.order_number, date: body.date, response: body.response ?? null })
    .returning();
  const answer: z.input<typeof PosLogResponseSchema> = {
    data: { id: row!.id, order_number: row!.orderNumber, date: row!.date, response: row!.response, totem: totem.code },
  };
  return c.json(answer, 201);
});
