// Request params of the shop and availabilities calls (spec §7): from, to (= from for a single
// date), edit_order_code, morning, afternoon, season ('1'/'0'), days, fidelity_card_number.
import * as z from 'zod/mini';
import { dateModeOf } from '~/domain/booking-params';
import { checkDateShape, day, flag, noControlCharacters } from './fields';

const BookingQueryParamsSchema = z
  .object({
    from: z.optional(day()),
    to: z.optional(day()),
    morning: flag(),
    afternoon: flag(),
    season: flag(),
    days: z.optional(z.string().check(z.regex(/^\d{1,3}$/, 'validators.required'))),
    edit_order_code: z.optional(z.string().check(noControlCharacters(), z.maxLength(64))),
    fidelity_card_number: z.optional(z.string().check(noControlCharacters(), z.maxLength(64))),
  })
  .check(z.superRefine(checkDateShape));

export const BookingQuerySchema = z.pipe(
  BookingQueryParamsSchema,
  z.transform((q: z.output<typeof BookingQueryParamsSchema>) => {
    // The same reading as the order form's (server/orders/quote.ts): one rule, src/domain.
    const chosen = dateModeOf(q);
    return {
      mode: chosen?.mode ?? null,
      dates: chosen?.dates ?? [],
      editOrderCode: q.edit_order_code || undefined,
      fidelityCardNumber: q.fidelity_card_number || undefined,
    };
  }),
);
export type BookingQuery = z.output<typeof BookingQuerySchema>;
