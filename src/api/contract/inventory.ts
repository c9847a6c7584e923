// The shop's physical units (specific products) as the kiosk's inventory pages see them.
import * as z from 'zod/mini';
import { intLike, optionalString, requiredText } from './fields';

/** GET v1/specific_products: `extra=1` lists units out outside order lines (spec §3 extras). */
export const SpecificProductsQuerySchema = z.object({
  extra: z.optional(z.enum(['0', '1'])),
  order_id: z.optional(intLike()),
  product_id: z.optional(intLike()),
  /** `out`: handed out and not back; `locked`: waiting for a problem to be fixed; `available`: neither. */
  status: z.optional(z.enum(['out', 'locked', 'available'])),
  q: optionalString(64),
});

/** POST v1/specific_products/{id}/specific_product_problems: report a problem (locks the unit). */
export const ProblemRequestSchema = z.object({ description: requiredText(1000) });

export const InventoryItemSchema = z.object({
  id: z.number(),
  internal_code: z.string(),
  product_model: z.string(),
  size: z.nullable(z.string()),
  locked: z.boolean(),
  product: z.object({ id: z.number(), code: z.string(), label: z.string() }),
  status: z.enum(['out', 'locked', 'available']),
  /** The open hand-out when the unit is out. */
  out: z.nullable(
    z.object({
      delivery_detail_id: z.number(),
      order_id: z.number(),
      order_number: z.string(),
      id_order_detail: z.nullable(z.number()),
      datetime_delivery: z.string(),
      date_to: z.string(),
      overdue: z.boolean(),
    }),
  ),
});
export type InventoryItem = z.infer<typeof InventoryItemSchema>;

/** A problem reported on a unit (GET/POST v1/specific_products/{id}/specific_product_problems). */
export const UnitProblemSchema = z.object({
  id: z.number(),
  specific_product_id: z.number(),
  order_id: z.nullable(z.number()),
  description: z.string(),
  created_at: z.string(),
  resolved_at: z.nullable(z.string()),
});
export type UnitProblem = z.infer<typeof UnitProblemSchema>;

/** One hand-out of the unit (newest first): when it went out and came back, for which order. */
export const UnitHistoryEntrySchema = z.object({
  delivery_detail_id: z.number(),
  order_id: z.number(),
  order_number: z.string(),
  /** Not answered by the reference API yet; the cash-desk link uses it when present. */
  order_uuid: z.optional(z.string()),
  id_order_detail: z.nullable(z.number()),
  datetime_delivery: z.nullable(z.string()),
  datetime_return: z.nullable(z.string()),
});

/** GET v1/specific_products/{code} and its unlock: the unit with its open problems and history. */
export const UnitDetailSchema = z.object({
  ...InventoryItemSchema.shape,
  open_problems: z.array(UnitProblemSchema),
  history: z.array(UnitHistoryEntrySchema),
});
export type UnitDetail = z.infer<typeof UnitDetailSchema>;

/** An extra specific product (a unit handed out outside the order lines), spec §3. */
export const ExtraSpecificProductSchema = z.object({
  id: z.number(),
  internal_code: z.string(),
  product_model: z.string(),
  order_id: z.number(),
  delivery: z.object({
    id: z.number(),
    date: z.nullable(z.string()),
    date_return: z.nullable(z.string()),
    forced: z.boolean(),
    deleted: z.literal(false),
    add: z.literal(false),
  }),
  pickup: z.nullable(z.string()),
  used: z.boolean(),
  managed: z.boolean(),
  price: z.nullable(z.number()),
});
export type ExtraSpecificProduct = z.infer<typeof ExtraSpecificProductSchema>;
