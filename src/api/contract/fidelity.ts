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

export const FidelityCardResponseSchema = z.object({ data: FidelityCardSchema });
export const FidelityInfoSchema = z.object({ valid: z.boolean(), discount: z.number(), holder_initials: z.string() });
export const FidelityInfoResponseSchema = z.object({ data: FidelityInfoSchema });

/** What the storefront keeps of a card typed at checkout: its number and its public info. */
export const CheckedFidelityCardSchema = z.extend(FidelityInfoSchema, { number: z.string() });
export type CheckedFidelityCard = z.infer<typeof CheckedFidelityCardSchema>;
