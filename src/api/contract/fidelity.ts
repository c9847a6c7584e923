// Loyalty (fidelity) cards, looked up by number.
import * as z from 'zod/mini';

export const FidelityQuerySchema = z.object({
  fidelity_card_number: z
    .string({ error: 'validators.required' })
    .check(z.trim(), z.minLength(1, 'validators.required'), z.maxLength(64, 'validators.maxLength')),
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
 * GET v1/orders/{id}/fidelity_card (shop staff): the card of the order's customer — the one typed
 * on the order, else the one on the ordering account — or null when there is none.
 */
export const OrderFidelityCardResponseSchema = z.object({ data: z.nullable(FidelityCardSchema) });
export const FidelityInfoSchema = z.object({ valid: z.boolean(), discount: z.number(), holder_initials: z.string() });
export const FidelityInfoResponseSchema = z.object({ data: FidelityInfoSchema });

/** What the storefront keeps of a card typed at checkout: its number and its public info. */
export const CheckedFidelityCardSchema = z.extend(FidelityInfoSchema, { number: z.string() });
export type CheckedFidelityCard = z.infer<typeof CheckedFidelityCardSchema>;
