// Cart state persisted in the browser (spec §3 "Cart state" and "Cart product"). Unlike the other
// storage schemas (the configuration's, the kiosk's drafts and payments, kept by their stores), it
// stays with the contract: the cart is the order's input (src/domain/orders.ts writes the order form
// from it, which the server reads with src/api/contract/order-form.ts), and the rules of src/domain
// that price and check it may name only the contract's types.
import * as z from 'zod/mini';
import { CouponSchema, DateModeSchema, DaySchema, MediaSchema } from './orders';

/** Who will use the item; asked when a product's category requires customer info. */
export const CustomerSchema = z.object({
  first_name: z.optional(z.nullable(z.string())),
  last_name: z.optional(z.nullable(z.string())),
  height: z.optional(z.nullable(z.number())),
  weight: z.optional(z.nullable(z.number())),
  shoe_size: z.optional(z.nullable(z.number())),
  level: z.optional(z.nullable(z.string())),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CartRelatedSchema = z.object({
  /** Product id of the add-on. */
  id: z.number(),
  /** Id of the add-on price linked to the chosen main price. */
  id_price: z.number(),
  used: z._default(z.boolean(), false),
});

export const CartProductSchema = z.object({
  /** Product id. */
  id: z.number(),
  id_shop: z.number(),
  /** The chosen main price. */
  id_price: z.number(),
  related: z._default(z.array(CartRelatedSchema), []),
  customer: z.optional(CustomerSchema),
  /** The size chosen for a product whose units differ by size (src/domain/sizes.ts). */
  size: z.optional(z.nullable(z.string())),
  // Price inputs: what the price was chosen from.
  multipleDates: DateModeSchema,
  dates: z._default(z.array(DaySchema), []),
  days: z.number().check(z.int(), z.nonnegative()),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

export const CartStateSchema = z.object({
  phone: z._default(z.nullable(z.string()), null),
  first_name: z._default(z.nullable(z.string()), null),
  last_name: z._default(z.nullable(z.string()), null),
  /** The e-mail of the order being edited, so the checkout offers it instead of asking again. */
  email: z._default(z.nullable(z.string()), null),
  fiscal_code: z._default(z.nullable(z.string()), null),
  fidelityCardNumber: z._default(z.nullable(z.string()), null),
  products: z._default(z.array(CartProductSchema), []),
  medias: z._default(z.array(MediaSchema), []),
  userHaveMedias: z._default(z.boolean(), false),
  /** Non-null while an existing order is being edited. */
  orderCodeToReplace: z._default(z.nullable(z.string()), null),
  /** The number of the order being edited, which is what its customer knows it by. */
  orderNumberToReplace: z._default(z.nullable(z.string()), null),
  coupons: z._default(z.array(CouponSchema), []),
  /** Extra customers. */
  customers: z._default(z.array(CustomerSchema), []),
  fidelityCardInitialized: z._default(z.boolean(), false),
  /** At a public kiosk: no document photographed, the customer will show it at the desk. */
  idAtDesk: z._default(z.boolean(), false),
});
export type CartState = z.infer<typeof CartStateSchema>;
