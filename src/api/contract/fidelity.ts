// Loyalty (fidelity) cards, looked up by number.
import * as z from 'zod/mini';
import { noControlCharacters } from './fields';

export const FidelityQuerySchema = z.object({
  fidelity_card_number: z
    .string({ error: 'validators.required' })
    .check(z.trim(), noControlCharacters(), z.minLength(1, 'validators.required'), z.maxLength(64, 'validators.maxLength')),
});

export const FidelityCardSchema = z.object({
  number: z.string(),
  holder_name: z.string(),
  points: z.number(),
  /** Share taken off rental prices, e.g. 0.1. */
  discount: z.number(),
  active: z.boolean(),
});

export type FidelityCard = z.infer<typeof FidelityCardSchema>;
export const FidelityCardResponseSchema = z.object({ data: FidelityCardSchema });
/**
 * The card of an order's customer as the shop's staff see it: `verified` when it is the card the
 * ordering account holds (claimed by one account only); a number only typed with the order may be
 * anyone's, and the desk asks to see the card.
 */
export const OrderFidelityCardSchema = z.extend(FidelityCardSchema, { verified: z.boolean() });
export type OrderFidelityCard = z.infer<typeof OrderFidelityCardSchema>;
/**
 * GET v1/orders/{id}/fidelity_card (shop staff): the card of the order's customer — the ordering
 * account's, else the one typed with the order (not verified) — or null when there is none.
 */
export const OrderFidelityCardResponseSchema = z.object({ data: z.nullable(OrderFidelityCardSchema) });
export const FidelityInfoSchema = z.object({ valid: z.boolean(), discount: z.number(), holder_initials: z.string() });
export const FidelityInfoResponseSchema = z.object({ data: FidelityInfoSchema });

/** What the storefront keeps of a card typed at checkout: its number and its public info. */
export const CheckedFidelityCardSchema = z.extend(FidelityInfoSchema, { number: z.string() });
export type CheckedFidelityCard = z.infer<typeof CheckedFidelityCardSchema>;
