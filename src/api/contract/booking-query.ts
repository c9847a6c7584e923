// Request params of the shop and availabilities calls (spec §7): from, to (= from for a single
// date), edit_order_code, morning, afternoon, season ('1'/'0'), days, fidelity_card_number.
import { z } from 'zod';
import type { DateMode } from '../../domain/dates';
import { checkDateShape, day, flag } from './fields';

export const BookingQuerySchema = z
  .object({
    from: day().optional(),
    to: day().optional(),
    morning: flag(),
    afternoon: flag(),
    season: flag(),
    days: z.string().regex(/^\d{1,3}$/, 'validators.required').optional(),
    edit_order_code: z.string().max(64).optional(),
    fidelity_card_number: z.string().max(64).optional(),
  })
  .superRefine(checkDateShape)
  .transform((q) => {
    const from = q.from;
    const to = q.to ?? q.from;
    let mode: DateMode | null = null;
    let dates: string[] = [];
    if (q.season) mode = 20;
    else if (from && to) {
      dates = from === to ? [from] : [from, to].sort();
      if (q.morning && !q.afternoon) mode = 0;
      else if (q.afternoon && !q.morning) mode = 1;
      else mode = dates.length === 1 ? 2 : 3;
    }
    return {
      mode,
      dates,
      editOrderCode: q.edit_order_code || undefined,
      fidelityCardNumber: q.fidelity_card_number || undefined,
    };
  });
export type BookingQuery = z.output<typeof BookingQuerySchema>;
