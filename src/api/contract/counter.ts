// The counter's lists: GET v1/totem/counter_orders answers the shop's orders waiting at the counter
// on a day, in the rows the cash desk, delivery and pickup open on. `hand_out`: orders starting that
// day with something still to hand out; `returns`: orders ending that day with units still out.
// Staff only (admin kiosks): unlike the wall's board, a row carries the full name and the uuid that
// opens the order at the cash desk.
import * as z from 'zod/mini';
import { day } from './fields';

/** The most rows one answer carries; more than a shop serves in a day. */
export const COUNTER_ORDER_LIMIT = 300;

export const COUNTER_LISTS = ['hand_out', 'returns'] as const;
export type CounterList = (typeof COUNTER_LISTS)[number];

export const CounterOrdersQuerySchema = z.object({
  list: z.enum(COUNTER_LISTS),
  /** The shop's day ('YYYY-MM-DD', Europe/Rome); today when left out. */
  date: z.optional(day()),
});
export type CounterOrdersQuery = z.infer<typeof CounterOrdersQuerySchema>;

export const CounterOrderSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** First and last day of the rental ('YYYY-MM-DD'). */
  date_from: z.string(),
  date_to: z.string(),
  /** Rented items (order lines that are no add-on). */
  items: z.number().check(z.int(), z.nonnegative()),
  /** Units handed out and not back yet. */
  units_out: z.number().check(z.int(), z.nonnegative()),
  paid: z.boolean(),
  total_amount: z.number(),
  /** Placed at one of the shop's kiosks (its code), null when placed online. */
  totem_code: z.nullable(z.string()),
  /** When the order was placed (ISO instant). */
  created_at: z.string(),
});
export type CounterOrder = z.infer<typeof CounterOrderSchema>;

export const CounterOrdersSchema = z.object({
  list: z.enum(COUNTER_LISTS),
  date: z.string(),
  orders: z.array(CounterOrderSchema).check(z.maxLength(COUNTER_ORDER_LIMIT)),
  /** True when the day has more orders than COUNTER_ORDER_LIMIT (the newest are kept). */
  truncated: z.boolean(),
});
export type CounterOrders = z.infer<typeof CounterOrdersSchema>;

export const CounterOrdersEnvelopeSchema = z.object({ data: CounterOrdersSchema });
