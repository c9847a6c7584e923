// Fidelity cards on the server: the lookup rate limit every route that reads a card
// number shares, issuing new cards with random numbers, and claiming a card for one account.
import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { FIDELITY_CARD_DIGITS, fidelityCardNumberFrom, normalizeFidelityCardNumber } from '~/domain/fidelity';
import type { Db } from '../db/client';
import { fidelityCards } from '../db/schema/index';
import { isUniqueViolation } from '../db/errors';
import { clientIp, type AppContext } from '../http/context';
import type { RateLimitRule } from '../http/rate-limit';

/**
 * Card lookups per address: `fidelity_card/info`, and the card parameter of `products/{id}/price`,
 * `shops/{id}` and an order, all on one count, so none of them is a way round the others to try
 * numbers. A customer checks one card a few times; 60 a minute is far above that.
 */
export const FIDELITY_LOOKUP_RULE: RateLimitRule = { limit: 60, windowMs: 60_000 };

/** Counts one card-number lookup of the caller's address (429 past FIDELITY_LOOKUP_RULE). */
export function limitCardLookup(c: AppContext): Promise<void> {
  return c.get('deps').limiter.hit(`fidelity:ip:${clientIp(c)}`, FIDELITY_LOOKUP_RULE);
}

/** Tries before giving up on a free random number (a collision in 10^15 is already unlikely). */
const ISSUE_ATTEMPTS = 5;

function randomCardNumber(): string {
  let digits = '';
  for (let i = 0; i < FIDELITY_CARD_DIGITS - 1; i++) digits += String(randomInt(0, 10));
  return fidelityCardNumberFrom(digits);
}

/** A new card with a random, check-digited number (the one way cards are created). */
export async function issueFidelityCard(
  db: Db,
  card: { holderName: string; userId?: number | null; points?: number },
): Promise<typeof fidelityCards.$inferSelect> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await db
        .insert(fidelityCards)
        .values({ number: randomCardNumber(), holderName: card.holderName, userId: card.userId ?? null, points: card.points ?? 0 })
        .returning();
      return row!;
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= ISSUE_ATTEMPTS) throw err;
    }
  }
}

/**
 * Claims the card `number` for `userId`: one conditional UPDATE, so of two accounts claiming the
 * same free card at once exactly one gets it. The stored number when the card is (now) the
 * account's, null when it does not exist or another account holds it.
 */
export async function claimFidelityCard(db: Db, number: string, userId: number): Promise<string | null> {
  const [row] = await db
    .update(fidelityCards)
    .set({ userId })
    .where(
      and(
        eq(fidelityCards.number, normalizeFidelityCardNumber(number)),
        or(isNull(fidelityCards.userId), eq(fidelityCards.userId, userId)),
      ),
    )
    .returning({ number: fidelityCards.number });
  return row?.number ?? null;
}

/**
 * Lets go of the cards `userId` holds other than `keep` (a customer who changes or clears their
 * card frees the old one: it is theirs to hand on, and nobody could claim it otherwise).
 */
export async function releaseOtherFidelityCards(db: Db, userId: number, keep: string | null): Promise<void> {
  await db
    .update(fidelityCards)
    .set({ userId: null })
    .where(and(eq(fidelityCards.userId, userId), keep === null ? undefined : ne(fidelityCards.number, keep)));
}
