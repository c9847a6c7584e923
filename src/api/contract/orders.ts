// Order entities of spec §3: orders, pools, details, delivery details, medias, coupons.
import { z } from 'zod';

export const MediaSchema = z.object({
  /** 0 for a media not yet uploaded. */
  id: z.number().default(0),
  img: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  /** True for the first media (the front of the document). */
  front: z.boolean().default(false),
  /** Already on the server. */
  stored: z.boolean().default(false),
  /** Stored media the customer removed; sent so the server deletes it. */
  deleted: z.boolean().default(false),
});
export type Media = z.infer<typeof MediaSchema>;

export const CouponSchema = z.object({
  code: z.string(),
  amount: z.number(),
  /** A refused coupon: never subtracted, never sent. */
  blocked: z.boolean().default(false),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const OrderDetailSchema = z.object({
  id: z.number(),
  product_label: z.string(),
  unit_price: z.number(),
  total_price: z.number(),
  total_tax: z.number(),
  total_taxable: z.number(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderDetailPoolSchema = z.object({
  id: z.number().optional(),
  /** Defaults to the pool's position in the order. */
  index: z.number().nullable().optional(),
  order_details: z.array(OrderDetailSchema).default([]),
});
export type OrderDetailPool = z.infer<typeof OrderDetailPoolSchema>;

export const SpecificProductSchema = z.object({
  id: z.number(),
  product_model: z.string().nullable().optional(),
  internal_code: z.string(),
});
export type SpecificProduct = z.infer<typeof SpecificProductSchema>;

export const DeliveryDetailSchema = z.object({
  id: z.number(),
  /** null when the item is not linked to an order line (an extra specific product). */
  id_order_detail: z.number().nullable(),
  forced: z.boolean().default(false),
  datetime_delivery: z.string().nullable().optional(),
  datetime_return: z.string().nullable().optional(),
  used: z.boolean().default(false),
  managed: z.boolean().default(false),
  price: z.number().nullable().optional(),
  delivery_detail_specific_product: z
    .object({ specific_product: SpecificProductSchema })
    .nullable()
    .optional(),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;

export const DeliverySchema = z.object({
  id: z.number().optional(),
  delivery_details: z.array(DeliveryDetailSchema).default([]),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const OrderSchema = z.object({
  id: z.number().optional(),
  uuid: z.string().optional(),
  number: z.string(),
  /** Date-time; only its first 10 characters (the day) go to the payment terminal. */
  date_from: z.string(),
  date_to: z.string(),
  total_amount: z.number(),
  original_total_amount: z.number(),
  total_tax: z.number(),
  total_taxable: z.number(),
  order_detail_pools: z.array(OrderDetailPoolSchema).default([]),
  medias: z.array(MediaSchema).default([]),
  delivery: DeliverySchema.nullable().optional(),
  coupon_codes: z.array(z.string()).default([]),
});
export type Order = z.infer<typeof OrderSchema>;
