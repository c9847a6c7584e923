// Realtime channels: order events on the shop's private channel, signed the way Pusher
// signs private subscriptions, delivered by Pusher or by the local Pusher-protocol endpoint.
import * as z from 'zod/mini';
import { noControlCharacters } from './fields';

/** POST v1/broadcasting/auth (pusher-js sends it form-encoded). */
export const BroadcastingAuthRequestSchema = z.object({
  socket_id: z.string({ error: 'validators.required' }).check(z.regex(/^\d{1,20}\.\d{1,20}$/, 'validators.invalid')),
  channel_name: z
    .string({ error: 'validators.required' })
    .check(noControlCharacters(), z.minLength(1, 'validators.required'), z.maxLength(164, 'validators.maxLength')),
});

/** The answer pusher-js expects: `auth` at the top level, `${key}:${hex HMAC-SHA256}`. */
export const BroadcastingAuthResponseSchema = z.object({ auth: z.string() });

/** The private channel of a shop: only that shop's totems may subscribe. */
export const shopChannel = (shopId: number) => `private-shop.${shopId}`;

export const ORDER_EVENTS = [
  'order.created',
  'order.changed',
  'order.paid',
  'order.delivered',
  'order.picked_up',
  'order.pushed_in_queue',
] as const;
export type OrderEventName = (typeof ORDER_EVENTS)[number];

/**
 * What every order event carries: enough to know which order moved, nothing that opens it or names
 * its customer. Every totem of the shop, the public kiosk included, receives it; a
 * kiosk that needs more reads it with its own rights (the board re-reads v1/totem/board).
 */
export const OrderEventSchema = z.object({
  id: z.number(),
  number: z.string(),
  shop_id: z.number(),
  status: z.string(),
  paid: z.boolean(),
  date_from: z.string(),
  date_to: z.string(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;
