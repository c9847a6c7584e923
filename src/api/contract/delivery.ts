// Delivery and pickup of physical units at the shop counter (spec §3 Delivery detail):
// units are named by the internal code on their label.
import * as z from 'zod/mini';
import { day, intLike, noControlCharacters, requiredString } from './fields';
import { dateTime } from './staff';

const internalCode = () => z.pipe(requiredString(64), z.transform((v: string) => v.toUpperCase()));

/** POST v1/delivery: units handed out for an order, each on one of its lines or as an extra. */
export const DeliveryRequestSchema = z.object({
  order_id: intLike(),
  /** When the units went out; now when absent. */
  date: z.optional(dateTime()),
  delivery_details: z
    .array(
      z.object({
        internal_code: internalCode(),
        /** The order line the unit is for; absent or null for an extra outside the lines. */
        id_order_detail: z.optional(z.nullable(intLike())),
        /** A unit of another product given for the line (e.g. a size swap). */
        forced: z._default(z.boolean(), false),
        /** Why it was forced, kept with the hand-out (the kiosk asks for it). */
        reason: z.optional(z.string().check(z.trim(), noControlCharacters(true), z.maxLength(1000, 'validators.maxLength'))),
        price: z.optional(
          z.nullable(z.number().check(z.gte(0, 'validators.minQuantity'), z.lte(100_000, 'validators.maxQuantity'))),
        ),
      }),
      { error: 'validators.required' },
    )
    .check(z.minLength(1, 'validators.required'), z.maxLength(100, 'validators.maxQuantity')),
});
export type DeliveryRequest = z.input<typeof DeliveryRequestSchema>;

/** POST v1/pickup: units back at the counter; a problem locks the unit until it is unlocked. */
export const PickupRequestSchema = z.object({
  /** When set, every unit must be out for this order. */
  order_id: z.optional(intLike()),
  date: z.optional(dateTime()),
  items: z
    .array(
      z.object({
        internal_code: internalCode(),
        problem: z.optional(z.string().check(z.trim(), noControlCharacters(true), z.maxLength(1000, 'validators.maxLength'))),
      }),
      { error: 'validators.required' },
    )
    .check(z.minLength(1, 'validators.required'), z.maxLength(100, 'validators.maxQuantity')),
});
export type PickupRequest = z.input<typeof PickupRequestSchema>;

/**
 * POST v1/delivery_details/{id}/reset_pickup (body optional): when staff confirmed the undo. A
 * return recorded after it is a later one, not the one undone: refused (422) rather than undone.
 */
export const ResetPickupRequestSchema = z.object({ date: z.optional(dateTime()) });

/** GET v1/delivery_details/{id}/diff?to=: the day the unit is (or would be) back. */
export const DiffQuerySchema = z.object({ to: day() });

const DiffPeriodSchema = z.object({ from: z.string(), to: z.string(), days: z.number(), amount: z.number() });

/** Price of the booked days against the actual days, by the domain pricing rules; diff = actual − booked. */
export const PriceDiffSchema = z.object({
  id_order_detail: z.nullable(z.number()),
  delivery_detail_id: z.nullable(z.number()),
  product_label: z.string(),
  status: z.enum(['not_delivered', 'out', 'returned', 'projected']),
  booked: DiffPeriodSchema,
  actual: DiffPeriodSchema,
  diff: z.number(),
});
export type PriceDiff = z.infer<typeof PriceDiffSchema>;
/** The answer of both diff routes (delivery_details/{id}/diff, order_details/{id}/diff), in the API's envelope. */
export const PriceDiffEnvelopeSchema = z.object({ data: PriceDiffSchema });
