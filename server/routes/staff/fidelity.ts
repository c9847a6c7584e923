// The loyalty card of an order's customer, for the shop's staff at the cash desk: holder and points
// are personal data, so only an admin totem of the order's shop reads them here (the customer reads
// their own through GET v1/fidelity_card).
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderFidelityCardResponseSchema } from '../../../src/api/contract/fidelity';
import { FIDELITY_DISCOUNT } from '../../../src/domain/charges';
import { normalizeFidelityCardNumber } from '../../../src/domain/fidelity';
import { fidelityCards, users } from '../../db/schema/index';
import type { AppEnv } from '../../http/context';
import { requireTotem, shopOrder, TotemLevel } from '../../staff/permissions';

export const staffFidelityRoutes = new Hono<AppEnv>().get('/v1/orders/:id/fidelity_card', async (c) => {
  const totem = requireTotem(c, TotemLevel.ADMIN);
  const order = await shopOrder(c, totem, c.req.param('id'));
  const { db } = c.get('deps').database;
  // The card the ordering account holds wins: one account holds a card (claimed by one conditional
  // update). A number typed with the order is checked for validity only, so it may be anyone's:
  // shown, but not verified, for the desk to ask to see the card.
  let held: string | null = null;
  if (order.userId) {
    const [user] = await db.select({ card: users.fidelityCardNumber }).from(users).where(eq(users.id, order.userId));
    held = user?.card ? normalizeFidelityCardNumber(user.card) : null;
  }
  const number = held ?? (order.fidelityCardNumber ? normalizeFidelityCardNumber(order.fidelityCardNumber) : null);
  const [card] = number ? await db.select().from(fidelityCards).where(eq(fidelityCards.number, number)) : [];
  const answer: z.input<typeof OrderFidelityCardResponseSchema> = {
    data: card
      ? { number: card.number, holder_name: card.holderName, points: card.points, discount: FIDELITY_DISCOUNT, active: card.active === 1, verified: number === held }
      : null,
  };
  return c.json(answer);
});
