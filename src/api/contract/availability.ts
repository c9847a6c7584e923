// Per-day availability of one product (the calendar): how many units are still free in
// each half-day of a span of days, so every calendar cell can say whether the chosen product is
// available in the morning and in the afternoon.
//
//   GET v1/shops/{id}/availabilities/days?product_id=&from=YYYY-MM-DD&to=YYYY-MM-DD[&edit_order_code=]
//   → { data: [{ date, morning, afternoon }] }   one entry per day from `from` to `to`, in order
//
// `morning` / `afternoon`: the product's stock minus the bookings holding that half-day (a full-day
// or range booking holds both halves of each of its days, a season booking every day of the
// shop's season, a unit out on delivery what it holds), never below 0; the order named by
// `edit_order_code` (number or uuid) is left out, as in GET v1/shops/{id}/availabilities.
// At most MAX_AVAILABILITY_DAYS days per request. Errors: unknown shop or a product that is not
// the shop's → 404; a missing or malformed field, `to` before `from` or a longer span → 422.
// What the visitor's cart already holds is not subtracted here: the storefront does it
// (src/domain/calendar.ts), like it does for the availabilities call.
import * as z from 'zod/mini';
import { isDay } from '~/domain/dates';
import { day, noControlCharacters } from './fields';

/** The longest span of days one request may ask for (two months: a calendar page and its edges). */
export const MAX_AVAILABILITY_DAYS = 62;

const AvailabilityDaysParamsSchema = z
  .object({
    product_id: z.pipe(
      z.string({ error: 'validators.required' }).check(z.regex(/^\d{1,9}$/, 'validators.invalid')),
      z.transform((v: string) => Number(v)),
    ),
    from: day(),
    to: day(),
    edit_order_code: z.optional(z.string().check(noControlCharacters(), z.maxLength(64, 'validators.maxLength'))),
  })
  .check(
    z.superRefine((q, ctx) => {
      // Unlike the booking query, a reversed span is refused rather than swapped: it is a client bug.
      // (Only between two real days: a malformed one is already reported on its own field.)
      if (isDay(q.from) && isDay(q.to) && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validators.dateOrder' });
    }),
  );

export const AvailabilityDaysQuerySchema = z.pipe(
  AvailabilityDaysParamsSchema,
  z.transform((q: z.output<typeof AvailabilityDaysParamsSchema>) => ({
    productId: q.product_id,
    from: q.from,
    to: q.to,
    editOrderCode: q.edit_order_code || undefined,
  })),
);

/** Units of the product still free in each half of one day. */
export const DayAvailabilitySchema = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  morning: z.number().check(z.int(), z.nonnegative()),
  afternoon: z.number().check(z.int(), z.nonnegative()),
});
export type DayAvailability = z.infer<typeof DayAvailabilitySchema>;

export const AvailabilityDaysSchema = z.object({ data: z.array(DayAvailabilitySchema) });
