// POST {configured base}/pos_logs (spec §7, §8): a payment-terminal failure, logged by the kiosk
// before it shows the error. Any totem may log, for an order of its own shop. Each row is kept, so a
// kiosk (a public one included) may log POS_LOGS_PER_TOTEM times per window, every request counted
// whatever its outcome, and a row is bounded by the contract (`PosLogRequestSchema`: the terminal's
// answer at most POS_LOG_RESPONSE_MAX_BYTES serialized, the number and date their lengths).
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { PosLogRequestSchema, type PosLogResponseSchema } from '~/api/contract/staff';
import { orders, posLogs } from '~server/db/schema/index';
import { fieldError } from '~server/http/errors';
import type { AppEnv } from '~server/http/context';
import type { RateLimitRule } from '~server/http/rate-limit';
import { jsonBody } from '~server/http/validation';
import { requireTotem, TotemLevel } from '~server/staff/permissions';

/**
 * Logs per kiosk an hour: a terminal failing at every try of a busy hour stays far below it (a
 * failure is one log, and staff retry a payment a few times), a script filling the table does not.
 */
export const POS_LOGS_PER_TOTEM: RateLimitRule = { limit: 60, windowMs: 60 * 60_000 };

export const posLogRoutes = new Hono<AppEnv>().post('/pos_logs', async (c) => {
  const totem = requireTotem(c, TotemLevel.PUBLIC);
  const { database, limiter } = c.get('deps');
  await limiter.hit(`pos-logs:${totem.id}`, POS_LOGS_PER_TOTEM);
  const body = await jsonBody(c, PosLogRequestSchema);
  const { db } = database;
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
