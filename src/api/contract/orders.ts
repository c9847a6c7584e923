// Order entities of spec §3: orders, pools, details, delivery details, medias, coupons.
import { z } from 'zod';
import { DateModeSchema } from './configuration';

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
  /** Why a unit of another product was given (issue #14); null when not forced. */
  forced_reason: z.string().nullable().optional(),
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

// What the API answers for an order (GET v1/orders/{id}, v1/guest/orders/{uuid}, v1/orders, place,
// edit, change, cancel, pay): the spec's Order above plus what the storefront shows and needs to
// edit it. The server's presenter is typed against it and the API tests parse every answer with it.

export const OrderStatusSchema = z.enum(['confirmed', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** The person a pool's item is for, as typed in the form (height cm, weight kg, shoe size, level). */
export const OrderCustomerSchema = z.object({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  height: z.string().optional(),
  weight: z.string().optional(),
  shoe_size: z.string().optional(),
  level: z.string().optional(),
});

export const OrderLineSchema = OrderDetailSchema.extend({
  product_id: z.number(),
  price_id: z.number(),
  /** An add-on of the pool's main item. */
  is_add_on: z.boolean(),
  original_total_price: z.number(),
});

export const OrderResponseSchema = OrderSchema.extend({
  id: z.number(),
  uuid: z.string(),
  status: OrderStatusSchema,
  paid: z.boolean(),
  paid_at: z.string().nullable(),
  /** Confirmed, unpaid and before its first day: lines, dates and contact data can still change. */
  editable: z.boolean(),
  shop: z.object({ id: z.number(), slug: z.string(), label: z.string() }).nullable(),
  multipleDates: DateModeSchema,
  morning: z.boolean(),
  afternoon: z.boolean(),
  season: z.boolean(),
  days: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string(),
  invoice: z.boolean(),
  fiscal_code: z.string().nullable(),
  fidelity_card_number: z.string().nullable(),
  discount: z.number(),
  created_at: z.string(),
  /** Code of the kiosk the order was placed at (e.g. BARD-01); null when placed online (issue #12). */
  totem_code: z.string().nullable().optional(),
  /** When the order was last sent to the shop's queue board (issue #13); null when never. */
  queued_at: z.string().nullable().optional(),
  order_detail_pools: z.array(
    OrderDetailPoolSchema.extend({
      id: z.number(),
      index: z.number(),
      customer: OrderCustomerSchema.nullable(),
      order_details: z.array(OrderLineSchema),
    }),
  ),
  medias: z.array(
    MediaSchema.extend({ id: z.number(), url: z.string(), name: z.string(), mime: z.string(), size: z.number() }),
  ),
  delivery: DeliverySchema,
});
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/** One order, with the translated `message` of an action when there is one (cancel). */
export const OrderEnvelopeSchema = z.object({ data: OrderResponseSchema, message: z.string().optional() });
export const OrderListEnvelopeSchema = z.object({ data: z.array(OrderResponseSchema) });
