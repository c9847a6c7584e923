// The cash desk takes a payment by any method: cash (with change), a card or a transfer outside the
// terminal, or a split across two methods, one of which may be the terminal's card charge. Recorded
// once per Idempotency-Key, only for exactly the order's total, and a terminal part only under the
// claim it was charged with (orders/payment-claims.ts), so two desks never both take the order.
// Also the day's payments by method, which the desk shows before it closes the cashier.
import { Hono } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { CashierDayQuerySchema, RecordPaymentsRequestSchema, type CashierDayResponseSchema } from '~/api/contract/desk-payments';
import { paymentPartsProblem, terminalPart } from '~/domain/desk-methods';
import { roundMoney } from '~/domain/money';
import { orderPayments, orders } from '~server/db/schema/index';
import { ApiError, fieldError } from '~server/http/errors';
import type { AppEnv } from '~server/http/context';
import { idempotent } from '~server/http/idempotency';
import { jsonBody, queryParams } from '~server/http/validation';
import type { OrderRow } from '~server/orders/write';
import { presentOrder } from '~server/orders/present';
import { claimedBy, noClaim, paymentRefusal, refusal } from '~server/orders/payment-claims';
import { deskDay, paymentRows, recordedWithKey } from '~server/orders/order-payments';
import { publishOrder } from '~server/realtime/events';
import { requireTotem, shopOrder, TotemLevel } from '~server/staff/permissions';

export const orderPaymentRoutes = new Hono<AppEnv>()
  .post('/v1/orders/:id/desk_payments', idempotent, async (c) => {
    const totem = requireTotem(c, TotemLevel.CASH_DESK);
    const order = await shopOrder(c, totem, c.req.param('id'));
    const body = await jsonBody(c, RecordPaymentsRequestSchema);
    const { database, catalogue, now, demoData } = c.get('deps');
    const onTerminal = terminalPart(body.parts);
    if (onTerminal && body.simulated && !demoData) throw new ApiError(403, 'api.simulatedPosRefused');
    const key = c.get('idempotency')?.key ?? null;
    const present = async (current: OrderRow) => c.json({ data: await presentOrder(database.db, catalogue, current, now()) });
    // Recorded already by this very request (its answer was lost and the stored one is gone), or
    // this very terminal charge: the order as it is, not a second payment.
    if (order.paidAt && key && (await recordedWithKey(database.db, order.id, key))) return present(order);
    if (order.paidAt && body.attempt && (order.paymentLog as { attempt?: string } | null)?.attempt === body.attempt) return present(order);
    if (order.paidAt) throw new ApiError(410, 'api.orderAlreadyPaid');
    if (order.status !== 'confirmed') throw new ApiError(410, 'api.orderNotEditable');
    const due = roundMoney(order.totalAmount);
    const problem = paymentPartsProblem(body.parts, due);
    if (problem) throw fieldError(problem.field, `api.${problem.key}`, problem.params);

    const at = now();
    const paid = await database.db.transaction(async (tx) => {
      // One conditional update: a terminal part only under its own claim, any other payment only
      // while no desk holds a claim (its terminal may be charging the card right now); and only for
      // the total checked above, so an edit landing meanwhile is not paid for its old total.
      const [row] = await tx
        .update(orders)
        .set({
          paidAt: at,
          paidTotemId: totem.id,
          paymentLog: {
            date: body.date,
            totem: totem.code,
            amount: due,
            methods: body.parts.map((p) => p.method),
            ...(body.attempt && { attempt: body.attempt }),
            ...(onTerminal && { pos_log: body.pos_log ?? null }),
            ...(body.simulated && { simulated: true }),
          },
          ...noClaim,
          updatedAt: at,
        })
        .where(
          and(
            onTerminal && body.attempt
              ? claimedBy(order.id, body.attempt)
              : and(eq(orders.id, order.id), eq(orders.status, 'confirmed'), isNull(orders.paidAt), isNull(orders.paymentClaimAttempt)),
            eq(orders.totalAmount, due),
          ),
        )
        .returning();
      if (!row) return null;
      await tx.insert(orderPayments).values(paymentRows(order.id, totem.id, body.parts, at, key));
      return row;
    });
    if (!paid) {
      const [current] = await database.db.select().from(orders).where(eq(orders.id, order.id));
      // Lost the race to this same terminal charge sent twice at once: that is the payment recorded.
      if (current?.paidAt && body.attempt && (current.paymentLog as { attempt?: string } | null)?.attempt === body.attempt) return present(current);
      throw onTerminal ? await paymentRefusal(database.db, order.id, due) : await refusal(database.db, order.id, at, { staleClaimsHold: true });
    }
    void publishOrder(c.get('deps'), 'order.paid', paid);
    return present(paid);
  })
  // Cash desk only: what this desk took on a day, by method, before its close is sent to the terminal.
  .get('/v1/totem/cashier_day', async (c) => {
    const totem = requireTotem(c, TotemLevel.CASH_DESK);
    const { date } = queryParams(c, CashierDayQuerySchema);
    const day = await deskDay(c.get('deps').database.db, totem.id, date);
    const answer: z.input<typeof CashierDayResponseSchema> = {
      data: { date, totem: totem.code, methods: day.methods, orders_count: day.ordersCount, total: day.total, cash_expected: day.cashExpected },
    };
    return c.json(answer);
  });
