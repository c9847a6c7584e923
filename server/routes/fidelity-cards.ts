// Fidelity cards: the holder's own card, and the public check of a number at checkout. Numbers
// and their lookup limit are server/fidelity/cards.ts; the discount a valid card gives is applied
// where prices are worked out (server/orders/quote.ts, server/catalogue/present.ts).
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { FidelityQuerySchema, type FidelityCardResponseSchema, type FidelityInfoResponseSchema } from '~/api/contract/fidelity';
import { FIDELITY_DISCOUNT } from '~/domain/charges';
import { normalizeFidelityCardNumber } from '~/domain/fidelity';
import { fidelityCards } from '../db/schema/index';
import { notFound } from '../http/errors';
import { requireUser, type AppContext, type AppEnv } from '../http/context';
import { queryParams } from '../http/validation';
import { limitCardLookup } from '../fidelity/cards';

async function findCard(c: AppContext) {
  const { fidelity_card_number } = queryParams(c, FidelityQuerySchema);
  // Limit lookups so numbers cannot be enumerated (the legacy ones are short).
  await limitCardLookup(c);
  const number = normalizeFidelityCardNumber(fidelity_card_number);
  const [card] = await c.get('deps').database.db.select().from(fidelityCards).where(eq(fidelityCards.number, number));
  if (!card) throw notFound();
  return card;
}

export const fidelityCardRoutes = new Hono<AppEnv>()
  .get('/v1/fidelity_card', async (c) => {
    // Holder's name and points are personal data: only the holder (kiosks) sees them.
    const user = requireUser(c);
    const card = await findCard(c);
    if (card.userId !== user.id && user.fidelityCardNumber !== card.number) throw notFound();
    const answer: z.input<typeof FidelityCardResponseSchema> = {
      data: { number: card.number, holder_name: card.holderName, points: card.points, discount: FIDELITY_DISCOUNT, active: card.active === 1 },
    };
    return c.json(answer);
  })
  .get('/v1/fidelity_card/info', async (c) => {
    const card = await findCard(c);
    // Public lookup: says whether the card is good, never whose it is beyond initials.
    const initials = card.holderName.split(/\s+/).map((w) => w[0]?.toUpperCase() ?? '').join('.');
    const answer: z.input<typeof FidelityInfoResponseSchema> = {
      data: { valid: card.active === 1, discount: FIDELITY_DISCOUNT, holder_initials: initials ? `${initials}.` : '' },
    };
    return c.json(answer);
  });
