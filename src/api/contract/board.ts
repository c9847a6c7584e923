// The shop's live board: GET v1/totem/board answers today's orders to queue, prepare,
// hand out and take back, in a shape small and private enough for a wall screen (no phone, no
// e-mail, no full last name, no uuid: the uuid opens the guest link of an order). The push in queue
// answer is here too, since the board is what it feeds.
import * as z from 'zod/mini';
import { OrderEventSchema } from './realtime';

/** The most orders one board answer carries; more than a shop hands out in a day. */
export const BOARD_ORDER_LIMIT = 500;

export const BoardOrderSchema = z.object({
  id: z.number(),
  number: z.string(),
  first_name: z.string(),
  /** "R." for Rossi; empty when the order has no last name. */
  last_initial: z.string(),
  /** First and last day of the rental ('YYYY-MM-DD'). */
  date_from: z.string(),
  date_to: z.string(),
  paid: z.boolean(),
  /** When the order was last pushed in the queue (ISO instant); null when never. */
  queued_at: z.nullable(z.string()),
  /** When a unit of the order was last handed out (ISO instant); null when none was. */
  delivered_at: z.nullable(z.string()),
  /** Units handed out and not back yet. */
  units_out: z.number().check(z.int(), z.nonnegative()),
  /** Rented items (order lines that are no add-on). */
  items: z.number().check(z.int(), z.nonnegative()),
});
export type BoardOrder = z.infer<typeof BoardOrderSchema>;

export const BoardSchema = z.object({
  /** The shop's day the board is for (Europe/Rome, 'YYYY-MM-DD'). */
  date: z.string(),
  orders: z.array(BoardOrderSchema).check(z.maxLength(BOARD_ORDER_LIMIT)),
  /** True when the day has more orders than BOARD_ORDER_LIMIT (the newest are kept). */
  truncated: z.boolean(),
});
export type Board = z.infer<typeof BoardSchema>;

export const BoardEnvelopeSchema = z.object({ data: BoardSchema });

/** POST v1/totem/push_in_queue: the order event it published, with the time it was queued. */
export const PushInQueueResponseSchema = z.object({ data: z.extend(OrderEventSchema, { queued_at: z.string() }) });
export type PushInQueueResponse = z.infer<typeof PushInQueueResponseSchema>;
