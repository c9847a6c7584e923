// Kiosk (totem) entities of spec §3 and §7: totem settings, receipt items, POS logs.
import * as z from 'zod/mini';

/** 10 public kiosk, 20 totem admin, 30 totem admin and cash desk. */
export const TotemTypeSchema = z.union([z.literal(10), z.literal(20), z.literal(30)]);
export type TotemType = z.infer<typeof TotemTypeSchema>;

export const TotemSchema = z.object({
  type: TotemTypeSchema,
  code: z.string(),
  /** Host of the local payment-terminal orchestrator. */
  pos: z.optional(z.nullable(z.string())),
  data_security_user_optional: z._default(z.boolean(), false),
  server_url: z.optional(z.nullable(z.string())),
  /**
   * The server takes payments of the configuration's simulated POS (demo mode only). Kept with the
   * settings; absent (settings stored before it existed) is not allowed until they are read again.
   */
  simulated_pos_allowed: z.optional(z.boolean()),
});
export type Totem = z.infer<typeof TotemSchema>;

/** How the kiosk reaches the realtime channels: the local Pusher-protocol endpoint or Pusher itself. */
export const RealtimeSettingsSchema = z.object({
  driver: z.enum(['local', 'pusher']),
  key: z.string(),
  cluster: z.nullable(z.string()),
  /** The shop's private channel, e.g. `private-shop.6`. */
  channel: z.string(),
  /** Local driver: connect to the site's own host and port (`wsHost`/`wsPort`), without TLS. */
  ws_path: z.nullable(z.string()),
});
export type RealtimeSettings = z.infer<typeof RealtimeSettingsSchema>;

export const ReceiptItemSchema = z.object({
  description: z.string(),
  product_category: z.literal('R1'),
  unit_price: z.number(),
  total_price: z.number(),
  total_tax: z.number(),
  total_taxable: z.number(),
  discount: z.number(),
});
export type ReceiptItem = z.infer<typeof ReceiptItemSchema>;
