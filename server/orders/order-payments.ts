// The payments a cash desk records for an order, by method: written in the transaction that marks
// the order paid, read back into the order answer and into the day the cashier closes. The rules of
// the parts (sums, change, methods) are src/domain/desk-methods.ts.
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderPaymentSchema } from '~/api/contract/order-payments';
import { addDays, toRomeDay } from '~/domain/dates';
import { cashExpected, changeFor, totalsByMethod, type MethodTotal, type PaymentPart } from '~/domain/desk-methods';
import { roundMoney, sumMoney } from '~/domain/money';
import type { Db } from '../db/client';
import { orderPayments, totems } from '../db/schema/index';

type PaymentAnswer = z.input<typeof OrderPaymentSchema>;

/** The rows of one payment's parts, ready to insert in the transaction that marks the order paid. */
export function paymentRows(orderId: number, totemId: number, parts: readonly PaymentPart[], paidAt: Date, idempotencyKey: string | null) {
  return parts.map((part) => ({
    orderId,
    method: part.method,
    amount: roundMoney(part.amount),
    received: part.method === 'cash' && part.received !== undefined ? roundMoney(part.received) : null,
    reference: part.method === 'cash' || part.method === 'terminal' ? null : (part.reference ?? null),
    totemId,
    idempotencyKey,
    paidAt,
  }));
}

/** The payments of `orderIds` as the order answer lists them, by order id (one query; none for no ids). */
export async function loadPayments(db: Db, orderIds: number[]): Promise<Map<number, PaymentAnswer[]>> {
  const byOrder = new Map<number, PaymentAnswer[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ payment: orderPayments, totem: totems.code })
    .from(orderPayments)
    .leftJoin(totems, eq(totems.id, orderPayments.totemId))
    .where(inArray(orderPayments.orderId, orderIds))
    .orderBy(asc(orderPayments.id));
  for (const { payment, totem } of rows) {
    const list = byOrder.get(payment.orderId) ?? [];
    list.push({
      method: payment.method,
      amount: payment.amount,
      received: payment.received,
      change: payment.received === null ? null : changeFor(payment.received, payment.amount),
      reference: payment.reference,
      paid_at: payment.paidAt.toISOString(),
      totem,
    });
    byOrder.set(payment.orderId, list);
  }
  return byOrder;
}

/** Whether a request with this Idempotency-Key already recorded the order's payment. */
export async function recordedWithKey(db: Db, orderId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.idempotencyKey, key)))
    .limit(1);
  return !!row;
}

export interface DeskDay {
  methods: MethodTotal[];
  ordersCount: number;
  total: number;
  cashExpected: number;
}

/** What desk `totemId` took on Rome day `date`, by method, with the orders paid and the cash expected. */
export async function deskDay(db: Db, totemId: number, date: string): Promise<DeskDay> {
  // A Rome day lies within these UTC bounds; the exact day is checked below.
  const rows = await db
    .select({ orderId: orderPayments.orderId, method: orderPayments.method, amount: orderPayments.amount, paidAt: orderPayments.paidAt })
    .from(orderPayments)
    .where(
      and(
        eq(orderPayments.totemId, totemId),
        gte(orderPayments.paidAt, new Date(`${addDays(date, -1)}T00:00:00Z`)),
        lt(orderPayments.paidAt, new Date(`${addDays(date, 2)}T00:00:00Z`)),
      ),
    );
  const ofTheDay = rows.filter((p) => toRomeDay(p.paidAt) === date);
  const methods = totalsByMethod(ofTheDay);
  return {
    methods,
    ordersCount: new Set(ofTheDay.map((p) => p.orderId)).size,
    total: roundMoney(sumMoney(ofTheDay.map((p) => p.amount))),
    cashExpected: cashExpected(methods),
  };
}
