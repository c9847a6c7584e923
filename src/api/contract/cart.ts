// Cart state persisted in the browser (spec §3 "Cart state" and "Cart product").
import { z } from 'zod';
import { DateModeSchema, DaySchema } from './configuration';
import { CouponSchema, MediaSchema } from './orders';

/** Who will use the item; asked when a product's category requires customer info. */
export const CustomerSchema = z.object({
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  height: z.number().nullable().optional(),
  weight: z.number().nullable().optional(),
  shoe_size: z.number().nullable().optional(),
  level: z.string().nullable().optional(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CartRelatedSchema = z.object({
  /** Product id of the add-on. */
  id: z.number(),
  /** Id of the add-on price linked to the chosen main price. */
  id_price: z.number(),
  used: z.boolean().default(false),
});
export type CartRelated = z.infer<typeof CartRelatedSchema>;

export const CartProductSchema = z.object({
  /** Product id. */
  id: z.number(),
  id_shop: z.number(),
  /** The chosen main price. */
  id_price: z.number(),
  related: z.array(CartRelatedSchema).default([]),
  customer: CustomerSchema.optional(),
  // Price inputs: what the price was chosen from.
  multipleDates: DateModeSchema,
  dates: z.array(DaySchema).default([]),
  days: z.number().int().nonnegative(),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

export const CartStateSchema = z.object({
  phone: z.string().nullable().default(null),
  first_name: z.string().nullable().default(null),
  last_name: z.string().nullable().default(null),
  fiscal_code: z.string().nullable().default(null),
  fidelityCardNumber: z.string().nullable().default(null),
  products: z.array(CartProductSchema).default([]),
  medias: z.array(MediaSchema).default([]),
  userHaveMedias: z.boolean().default(false),
  /** Non-null while an existing order is being edited. */
  orderCodeToReplace: z.string().nullable().default(null),
  /** The number of the order being edited, which is what its customer knows it by. */
  orderNumberToReplace: z.string().nullable().default(null),
  coupons: z.array(CouponSchema).default([]),
  /** Extra customers. */
  customers: z.array(CustomerSchema).default([]),
  fidelityCardInitialized: z.boolean().default(false),
});
export type CartState = z.infer<typeof CartStateSchema>;
