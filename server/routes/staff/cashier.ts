// Closing the cash desk's day (terminal operation 40, spec §7): what the desk took that day,
// recorded with the terminal's answer.
import { Hono } from 'hono';
import { and, eq, gte, isNotNull, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { CloseCashierRequestSchema } from '../../../src/api/contract/staff';
import type { CloseCashierResponseSchema } from '../../../src/api/contract/staff';
import { addDays, toRomeDay } from '../../../src/domain/dates';
import { roundMoney, sumMoney } from '../../../src/domain/money';
import { cashierClosings, orders } from '../../db/schema/index';
import type { AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { idempotent } from '../../http/idempotency';
import { requireTotem, TotemLevel } from '../../staff/permissions';

export const cashierRoutes = new Hono<AppEnv>()
  // Cash desk only: the day's payments this desk took, recorded with the terminal's answer. The
  // Idempotency-Key makes a retry after a lost answer get the first close back, not a second one.
  .post('/v1/totem/close_cashier', idempotent, async (c) => {
    const totem = requireTotem(c, TotemLevel.CASH_DESK);
    const body = await jsonBody(c, CloseCashierRequestSchema);
    const { database } = c.get('deps');
    // A Rome day lies within these UTC bounds; the exact day is checked below.
    const paid = await database.db
      .select({ total: orders.totalAmount, paidAt: orders.paidAt })
      .from(orders)
      .where(
        and(
          eq(orders.paidTotemId, totem.id),
          isNotNull(orders.paidAt),
          gte(orders.paidAt, new Date(`${addDays(body.date, -1)}T00:00:00Z`)),
          lt(orders.paidAt, new Date(`${addDays(body.date, 2)}T00:00:00Z`)),
        ),
      );
    const ofTheDay = paid.filter((p) => toRomeDay(p.paidAt!) === body.date);
    const [row] = await database.db
      .insert(cashierClosings)
      .values({
        totemId: totem.id,
        shopId: totem.shopId,
        date: body.date,
        ordersCount: ofTheDay.length,
        total: roundMoney(sumMoney(ofTheDay.map((p) => p.total))),
        response: body.pos_log ?? null,
      })
      .returning();
    const answer: z.input<typeof CloseCashierResponseSchema> = {
      data: { id: row!.id, date: row!.date, totem: totem.code, orders_count: row!.ordersCount, total: row!.total },
    };
    return c.json(answer, 201);
  });
