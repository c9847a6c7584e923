// The shop's physical units (specific products) as the kiosk's inventory pages see them (issue #7).
import { z } from 'zod';
import { intLike, optionalString, requiredString } from './fields';

/** GET v1/specific_products: `extra=1` lists units out outside order lines (spec §3 extras). */
export const SpecificProductsQuerySchema = z.object({
  extra: z.enum(['0', '1']).optional(),
  order_id: intLike().optional(),
  product_id: intLike().optional(),
  /** `out`: handed out and not back; `locked`: waiting for a problem to be fixed; `available`: neither. */
  status: z.enum(['out', 'locked', 'available']).optional(),
  q: optionalString(64),
});

/** POST v1/specific_products/{id}/specific_product_problems: report a problem (locks the unit). */
export const ProblemRequestSchema = z.object({ description: requiredString(1000) });

export const InventoryItemSchema = z.object({
  id: z.number(),
  internal_code: z.string(),
  product_model: z.string(),
  size: z.string().nullable(),
  locked: z.boolean(),
  product: z.object({ id: z.number(), code: z.string(), label: z.string() }),
  status: z.enum(['out', 'locked', 'available']),
  /** The open hand-out when the unit is out. */
  out: z
    .object({
      delivery_detail_id: z.number(),
      order_id: z.number(),
      order_number: z.string(),
      id_order_detail: z.number().nullable(),
      datetime_delivery: z.string(),
      date_to: z.string(),
      overdue: z.boolean(),
    })
    .nullable(),
});
export type InventoryItem = z.infer<typeof InventoryItemSchema>;

/** An extra specific product (a unit handed out outside the order lines), spec §3. */
export const ExtraSpecificProductSchema = z.object({
  id: z.number(),
  internal_code: z.string(),
  product_model: z.string(),
  order_id: z.number(),
  delivery: z.object({
    id: z.number(),
    date: z.string().nullable(),
    date_return: z.string().nullable(),
    forced: z.boolean(),
    deleted: z.literal(false),
    add: z.literal(false),
  }),
  pickup: z.string().nullable(),
  used: z.boolean(),
  managed: z.boolean(),
  price: z.number().nullable(),
});
export type ExtraSpecificProduct = z.infer<typeof ExtraSpecificProductSchema>;
