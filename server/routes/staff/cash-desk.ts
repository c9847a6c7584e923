// The cash desk takes a payment: its claim on the order before the terminal charges the card,
// staff releasing the claim of a desk that is gone, and the payment recorded once. The claim rules
// every writer shares are in orders/payment-claims.ts.
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PaymentClaimReleaseRequestSchema,
  PaymentClaimRequestSchema,
  PayRequestSchema,
  type PaymentClaimHolderResponseSchema,
  type PaymentClaimResponseSchema,
} from '~/api/contract/staff';
import { PAYMENT_CLAIM_TTL_MS } from '~/domain/desk-payments';
import { roundMoney } from '~/domain/money';
import { orderPayments, orders, posLogs } from '~server/db/schema/index';
import { ApiError } from '~server/http/errors';
import type { AppContext, AppEnv, AuthTotem } from '~server/http/context';
import type { OrderRow } from '~server/orders/write';
import { jsonBody, queryParams } from '~server/http/validation';
import { presentOrder } from '~server/orders/present';
import { claimableBy, claimedBy, claimHolder, noClaim, paymentRefusal, refusal, releaseClaimOf } from '~server/orders/payment-claims';
import { paymentRows } from '~server/orders/order-payments';
import { publishOrder } from '~server/realtime/events';
import { assertKioskPassword } from '~server/staff/kiosk-password';
import { requireTotem, shopOrder, TotemLevel } from '~server/staff/permissions';

/** What a pos_logs entry of a released claim says it is (the terminal's failures carry its answer). */
const CLAIM_RELEASED_EVENT = 'payment_claim_released';

/**
 * A desk may charge the card when no other payment attempt holds a fresh claim. One conditional
 * UPDATE, so two desks (or two API processes) racing for the same order cannot both win.
 */
async function claimPayment(c: AppContext, totem: AuthTotem, order: OrderRow) {
  const { attempt } = await jsonBody(c, PaymentClaimRequestSchema);
  const { database, now } = c.get('deps');
  const at = now();
  const [row] = await database.db
    .update(orders)
    .set({ paymentClaimTotemId: totem.id, paymentClaimAttempt: attempt, paymentClaimedAt: at })
    .where(claimableBy(order.id, attempt))
    .returning();
  if (!row) throw await refusal(database.db, order.id, at, { staleClaimsHold: true });
  const expires = new Date(at.getTime() + PAYMENT_CLAIM_TTL_MS);
  const answer: z.input<typeof PaymentClaimResponseSchema> = {
    data: { order_id: row.id, totem: totem.code, claimed_at: at.toISOString(), expires_at: expires.toISOString(), total_amount: roundMoney(row.totalAmount) },
  };
  return c.json(answer);
}

export const cashDeskRoutes = new Hono<AppEnv>()
  // Cash desk only: claim the order before the terminal charges the card; release it if it did not.
  .post('/v1/orders/:id/payment_claim', async (c) => {
    const totem = requireTotem(c, TotemLevel.CASH_DESK);
    return claimPayment(c, totem, await shopOrder(c, totem, c.req.param('id')));
  })
  // Only the attempt's own claim: releasing another desk's would let a second card be charged.
  .delete('/v1/orders/:id/payment_claim', async (c) => {
    const totem = requireTotem(c, TotemLevel.CASH_DESK);
    const order = await shopOrder(c, totem, c.req.param('id'));
    const { attempt } = queryParams(c, PaymentClaimRequestSchema);
    await c
      .get('deps')
      .database.db.update(orders)
      .set(noClaim)
      .where(and(eq(orders.id, order.id), eq(orders.paymentClaimAttempt, attempt)));
    return c.body(null, 204);
  })
  // The desk holding the order's claim, for staff deciding whether to release it.
  .get('/v1/orders/:id/payment_claim', async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const order = await shopOrder(c, totem, c.req.param('id'));
    const holder = await claimHolder(c.get('deps').database.db, order.id);
    const answer: z.input<typeof PaymentClaimHolderResponseSchema> = {
      data: holder && { totem: holder.totem, claimed_at: holder.claimedAt.toISOString() },
    };
    return c.json(answer);
  })
  // Admins and cash desks: free the order from another desk's claim (that desk died, was switched
  // off, or lost track of its charge), behind the calling kiosk's configuration password. Whoever
  // releases it answers for a charge that desk's terminal may have made: written to pos_logs.
  .post('/v1/orders/:id/payment_claim/release', async (c) => {
    const totem = requireTotem(c, TotemLevel.ADMIN);
    const order = await shopOrder(c, totem, c.req.param('id'));
    const body = await jsonBody(c, PaymentClaimReleaseRequestSchema);
    await assertKioskPassword(c, totem, body.password);
    const { database, catalogue, now } = c.get('deps');
    const released = await releaseClaimOf(database.db, order.id, body.totem.toUpperCase());
    if (released) {
      await database.db.insert(posLogs).values({
        totemId: totem.id,
        orderNumber: order.number,
        date: now().toISOString(),
        response: { event: CLAIM_RELEASED_EVENT, released_by: totem.code, totem: released.totem, attempt: released.attempt, claimed_at: released.claimedAt.toISOString() },
      });
    }
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    return c.json({ data: await presentOrder(database.db, catalogue, row!, now()) });
  })
  // Cash desk only: the payment the terminal took, recorded once, under the claim it was charged
  // with. The same attempt sent again (its answer was lost) gets the order as recorded; any other
  // payment of a paid order is 410, and one without the claim or for a changed total 409, so a desk
  // whose card charge cannot be recorded shows it as money to give back, never as paid.
  .post('/v1/orders/:id/pay', async (c) => {
    const totem = requireTotem(c, TotemLevel.CASH_DESK);
    const order = await shopOrder(c, totem, c.req.param('id'));
    const body = await jsonBody(c, PayRequestSchema);
    const { database, catalogue, now, demoData } = c.get('deps');
    // The configuration's simulated POS charges no card: outside demo mode it would record gifts.
    if (body.simulated && !demoData) throw new ApiError(403, 'api.simulatedPosRefused');
    const present = async (current: OrderRow) => c.json({ data: await presentOrder(database.db, catalogue, current, now()) });
    const replay = (current: OrderRow) => !!current.paidAt && (current.paymentLog as { attempt?: string } | null)?.attempt === body.attempt;
    if (replay(order)) return present(order);
    const amount = roundMoney(body.amount);
    // One conditional update: recorded only while this attempt holds the claim and the total is what
    // the terminal charged, so two desks paying at once, or a desk whose claim was released while
    // it was gone, cannot both succeed.
    // The payment's row by method (the terminal's), in the same transaction: the order answer and the
    // cashier close read the payments from there.
    const at = now();
    const row = await database.db.transaction(async (tx) => {
      const [paid] = await tx
        .update(orders)
        .set({
          paidAt: at,
          paidTotemId: totem.id,
          paymentLog: { date: body.date, pos_log: body.pos_log ?? null, totem: totem.code, attempt: body.attempt, amount, ...(body.simulated ? { simulated: true } : {}) },
          ...noClaim,
          updatedAt: at,
        })
        .where(and(claimedBy(order.id, body.attempt), eq(orders.totalAmount, amount)))
        .returning();
      if (paid) await tx.insert(orderPayments).values(paymentRows(order.id, totem.id, [{ method: 'terminal', amount }], at, null));
      return paid;
    });
    if (!row) {
      // Lost the race: maybe to this same attempt sent twice at once (the desk's retry and a second
      // tab's resume). That is the payment recorded, answered as the replay above, not a conflict.
      const [current] = await database.db.select().from(orders).where(eq(orders.id, order.id));
      if (current && replay(current)) return present(current);
      throw await paymentRefusal(database.db, order.id, amount);
    }
    void publishOrder(c.get('deps'), 'order.paid', row);
    return present(row);
  });
