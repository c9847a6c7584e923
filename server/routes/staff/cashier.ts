// Closing the cash desk's day (terminal operation 40, spec §7): what the desk took that day,
// by method, recorded with the terminal's answer and the cash staff counted in the drawer.
import { Hono } from 'hono';
import type { z } from 'zod';
import { CloseCashierRequestSchema } from '~/api/contract/staff';
import type { CloseCashierResponseSchema } from '~/api/contract/staff';
import { cashCountProblem } from '~/domain/desk-methods';
import { cashierClosings } from '~server/db/schema/index';
import { fieldError } from '~server/http/errors';
import { deskDay } from '~server/orders/order-payments';
import type { AppEnv } from '~server/http/context';
import { jsonBody } from '~server/http/validation';
import { idempotent } from '~server/http/idempotency';
import { requireTotem, TotemLevel } from '~server/staff/permissions';

export const cashierRoutes = new Hono<AppEnv>()
  // Cash desk only: the day's payments this desk took, recorded with the terminal's answer. The
  // Idempotency-Key makes a retry after a lost answer get the first close back, not a second one.
  .post('/v1/totem/close_cashier', idempotent, async (c) => {
    const totem = requireTotem(c, TotemLevel.CASH_DESK);
    const body = await jsonBody(c, CloseCashierRequestSchema);
    const { database } = c.get('deps');
    const day = await deskDay(database.db, totem.id, body.date);
    const counted = body.counted_cash ?? null;
    const problem = cashCountProblem(day.cashExpected, counted, body.note);
    if (problem) throw fieldError('note', `api.${problem}`, { amount: day.cashExpected });
    const [row] = await database.db
      .insert(cashierClosings)
      .values({
        totemId: totem.id,
        shopId: totem.shopId,
        date: body.date,
        ordersCount: day.ordersCount,
        total: day.total,
        response: body.pos_log ?? null,
        methods: day.methods,
        cashExpected: day.cashExpected,
        cashCounted: counted,
        cashNote: body.note ?? null,
      })
      .returning();
    const answer: z.input<typeof CloseCashierResponseSchema> = {
      data: {
        id: row!.id,
        date: row!.date,
        totem: totem.code,
        orders_count: row!.ordersCount,
        total: row!.total,
        methods: day.methods,
        cash_expected: day.cashExpected,
        cash_counted: counted,
        note: row!.cashNote,
      },
    };
    return c.json(answer, 201);
  });
