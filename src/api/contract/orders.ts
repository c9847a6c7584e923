// Order entities of spec §3: orders, pools, details, delivery details, medias, coupons, and the
// booking's date fields they and the cart carry (the date mode, a day in Europe/Rome).
import * as z from 'zod/mini';
import { DateModes } from '~/domain/dates';
import { OrderPaymentSchema } from './order-payments';

/** `multipleDates`: one of the spec's date modes (src/domain/dates.ts DateModes). */
export const DateModeSchema = z.union([
  z.literal(DateModes.MORNING),
  z.literal(DateModes.AFTERNOON),
  z.literal(DateModes.SINGLE),
  z.literal(DateModes.RANGE),
  z.literal(DateModes.SEASONAL),
]);

/** A calendar day in Europe/Rome, 'YYYY-MM-DD'. */
export const DaySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const MediaSchema = z.object({
  /** 0 for a media not yet uploaded. */
  id: z._default(z.number(), 0),
  img: z.optional(z.nullable(z.string())),
  url: z.optional(z.nullable(z.string())),
  /** True for the first media (the front of the document). */
  front: z._default(z.boolean(), false),
  /** Already on the server. */
  stored: z._default(z.boolean(), false),
  /** Stored media the customer removed; sent so the server deletes it. */
  deleted: z._default(z.boolean(), false),
});
export type Media = z.infer<typeof MediaSchema>;

/** DELETE v1/media/{id}: the document is gone (the account page then reads the user again). */
export const MediaDeletedSchema = z.object({ data: z.object({ id: z.number(), deleted: z.literal(true) }) });

export const CouponSchema = z.object({
  code: z.string(),
  amount: z.number(),
  /** A refused coupon: never subtracted, never sent. */
  blocked: z._default(z.boolean(), false),
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

export const OrderDetailPoolSchema = z.object({
  id: z.optional(z.number()),
  /** Defaults to the pool's position in the order. */
  index: z.optional(z.nullable(z.number())),
  order_details: z._default(z.array(OrderDetailSchema), []),
});

export const SpecificProductSchema = z.object({
  id: z.number(),
  product_model: z.optional(z.nullable(z.string())),
  internal_code: z.string(),
});

export const DeliveryDetailSchema = z.object({
  id: z.number(),
  /** null when the item is not linked to an order line (an extra specific product). */
  id_order_detail: z.nullable(z.number()),
  forced: z._default(z.boolean(), false),
  /** Why a unit of another product was given at the counter; null when not forced. */
  forced_reason: z.optional(z.nullable(z.string())),
  datetime_delivery: z.optional(z.nullable(z.string())),
  datetime_return: z.optional(z.nullable(z.string())),
  used: z._default(z.boolean(), false),
  managed: z._default(z.boolean(), false),
  price: z.optional(z.nullable(z.number())),
  delivery_detail_specific_product: z.optional(z.nullable(z.object({ specific_product: SpecificProductSchema }))),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;

export const DeliverySchema = z.object({
  id: z.optional(z.number()),
  delivery_details: z._default(z.array(DeliveryDetailSchema), []),
});

export const OrderSchema = z.object({
  id: z.optional(z.number()),
  uuid: z.optional(z.string()),
  number: z.string(),
  /** Date-time; only its first 10 characters (the day) go to the payment terminal. */
  date_from: z.string(),
  date_to: z.string(),
  total_amount: z.number(),
  original_total_amount: z.number(),
  total_tax: z.number(),
  total_taxable: z.number(),
  order_detail_pools: z._default(z.array(OrderDetailPoolSchema), []),
  medias: z._default(z.array(MediaSchema), []),
  delivery: z.optional(z.nullable(DeliverySchema)),
  coupon_codes: z._default(z.array(z.string()), []),
});
export type Order = z.infer<typeof OrderSchema>;

// What the API answers for an order (GET v1/orders/{id}, v1/guest/orders/{uuid}, v1/orders, place,
// edit, change, cancel, pay): the spec's Order above plus what the storefront shows and needs to
// edit it. The server's presenter is typed against it and the API tests parse every answer with it.

export const OrderStatusSchema = z.enum(['confirmed', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** The person a pool's item is for, as typed in the form (height cm, weight kg, shoe size, level). */
export const OrderCustomerSchema = z.object({
  first_name: z.optional(z.string()),
  last_name: z.optional(z.string()),
  height: z.optional(z.string()),
  weight: z.optional(z.string()),
  shoe_size: z.optional(z.string()),
  level: z.optional(z.string()),
});

export const OrderLineSchema = z.extend(OrderDetailSchema, {
  product_id: z.number(),
  price_id: z.number(),
  /** An add-on of the pool's main item. */
  is_add_on: z.boolean(),
  original_total_price: z.number(),
  /** The size booked (a product whose units differ by size); null for any. */
  size: z.optional(z.nullable(z.string())),
});

/**
 * The shop of an order, with where and when to pick the equipment up. The address, hours and map
 * link are optional: an answer from a server that does not send them still parses, and a shop
 * whose hours are not known has none.
 */
export const OrderShopSchema = z.object({
  id: z.number(),
  slug: z.string(),
  label: z.string(),
  /** "Via Louset 14, 10058 Sestriere". */
  address: z.optional(z.string()),
  phone: z.optional(z.string()),
  /** The opening hours as the shop's page says them, in each language ("it", "en", "fr"). */
  opening_hours: z.optional(z.record(z.string(), z.string())),
  /** A map of the shop (OpenStreetMap, or a Google Maps search without coordinates). */
  map_url: z.optional(z.string()),
});

export const OrderResponseSchema = z.extend(OrderSchema, {
  id: z.number(),
  uuid: z.string(),
  status: OrderStatusSchema,
  paid: z.boolean(),
  paid_at: z.nullable(z.string()),
  /** What the cash desk took, by method (a split payment lists both parts); empty when unpaid or paid online. */
  payments: z._default(z.array(OrderPaymentSchema), []),
  /** Paid online: the payment provider's id of the payment (Stripe: `pi_…`), what the shop looks up in its dashboard; null otherwise. */
  online_payment_id: z.optional(z.nullable(z.string())),
  /** Confirmed, unpaid and before its first day: lines, dates and contact data can still change. */
  editable: z.boolean(),
  shop: z.nullable(OrderShopSchema),
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
  fiscal_code: z.nullable(z.string()),
  fidelity_card_number: z.nullable(z.string()),
  discount: z.number(),
  /**
   * The coupons of coupon_codes with the amount each takes off now: what an edit carries back into
   * the cart (domain/order-edit.ts), so the changed order keeps them and its total says so.
   */
  coupons: z._default(z.array(z.object({ code: z.string(), amount: z.number() })), []),
  created_at: z.string(),
  /** Code of the kiosk the order was placed at (e.g. BARD-01); null when placed online. */
  totem_code: z.optional(z.nullable(z.string())),
  /**
   * The order was placed at a kiosk that requires identity documents and holds none now (an order
   * from before the rule, a document gone some other way): the delivery counter warns before
   * handing it out. False otherwise, and when an older server leaves it out.
   */
  document_missing: z._default(z.boolean(), false),
  /**
   * Placed at a public kiosk without a document, the customer saying they will show it at the desk:
   * the cash desk and the delivery counter ask for it before handing anything out.
   */
  id_at_desk: z._default(z.boolean(), false),
  /** The referral the order came with (a hotel's framed page's `forced_ref`); null without one. */
  ref: z.optional(z.nullable(z.string())),
  /**
   * The version of the terms the customer accepted when placing the order (src/domain/terms.ts) and
   * when; null for an order placed at a kiosk without it (signed at the counter) or before consent.
   */
  terms_version: z.optional(z.nullable(z.string())),
  terms_accepted_at: z.optional(z.nullable(z.string())),
  /** When the order was last sent to the shop's queue board; null when never. */
  queued_at: z.optional(z.nullable(z.string())),
  order_detail_pools: z.array(
    z.extend(OrderDetailPoolSchema, {
      id: z.number(),
      index: z.number(),
      customer: z.nullable(OrderCustomerSchema),
      order_details: z.array(OrderLineSchema),
    }),
  ),
  medias: z.array(
    z.extend(MediaSchema, { id: z.number(), url: z.string(), name: z.string(), mime: z.string(), size: z.number() }),
  ),
  delivery: DeliverySchema,
});
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/** One order, with the translated `message` of an action when there is one (cancel). */
export const OrderEnvelopeSchema = z.object({ data: OrderResponseSchema, message: z.optional(z.string()) });
export const OrderListEnvelopeSchema = z.object({ data: z.array(OrderResponseSchema) });
