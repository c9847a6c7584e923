// The loyalty card of an order's customer, for the shop's staff at the cash desk: holder and points
// are personal data, so only an admin totem of the order's shop reads them here (the customer reads
// their own through GET v1/fidelity_card).
import { Hono } from 'hono';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderFidelityCardResponseSchema } from '~/api/contract/fidelity';
import { FIDELITY_DISCOUNT } from '~/domain/charges';
import { normalizeFidelityCardNumber } from '~/domain/fidelity';
import { fidelityCards, users } from '~server/db/schema/index';
import type { AppEnv } from '~server/http/context';
import { requireTotem, shopOrder, TotemLevel } from '~server/staff/permissions';

export const staffFidelityRoutes = new Hono<AppEnv>().get('/v1/orders/:id/fidelity_card', async (c) => {
  const totem = requireTotem(c, TotemLevel.ADMIN);
  const order = await shopOrder(c, totem, c.req.param('id'));
  const { db } = c.get('deps').database;
  // The card the ordering account holds wins: a card is claimed by one account (one conditional
  // update writes its user_id). A number typed with the order is checked for validity only, so it
  // may be anyone's: shown, but not verified, for the desk to ask to see the card.
  const numbers: string[] = [];
  if (order.userId) {
    const [user] = await db.select({ card: users.fidelityCardNumber }).from(users).where(eq(users.id, order.userId));
    if (user?.card) numbers.push(normalizeFidelityCardNumber(user.card));
  }
  if (order.fidelityCardNumber) numbers.push(normalizeFidelityCardNumber(order.fidelityCardNumber));
  const found = numbers.length > 0 ? await db.select().from(fidelityCards).where(inArray(fidelityCards.number, numbers)) : [];
  // In that order: the account's card when it is a card, else the typed one.
  const card = numbers.map((number) => found.find((row) => row.number === number)).find((row) => row !== undefined);
  const answer: z.input<typeof OrderFidelityCardResponseSchema> = {
    data: card
      ? {
          number: card.number,
          holder_name: card.holderName,
          points: card.points,
          discount: FIDELITY_DISCOUNT,
          active: card.active === 1,
          verified: order.userId !== null && card.userId === order.userId,
        }
      : null,
  };
  return c.json(answer);
});
