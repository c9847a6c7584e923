// An order loaded back into the cart to be changed (spec §4 edit-order mode): its shop, its dates,
// one cart line per pool (main item, add-ons, the person it is for), the contact data with its
// e-mail, its coupons and its documents. The one rule used by the customer's order page and by the
// kiosk's cash desk (stores/order-edit.ts): whatever the edit does not touch goes back as it was.
import type { CartProduct, CartState, Customer } from '../api/contract/cart';
import type { Coupon, Media, OrderResponse } from '../api/contract/orders';
import { DateModes, rentDays, type DateMode } from './dates';
import { parseDecimal } from './validators';

type EditableOrder = Pick<
  OrderResponse,
  | 'shop'
  | 'multipleDates'
  | 'date_from'
  | 'date_to'
  | 'order_detail_pools'
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'email'
  | 'fiscal_code'
  | 'fidelity_card_number'
  | 'coupons'
  | 'medias'
>;

export interface OrderEditCart {
  shop: NonNullable<OrderResponse['shop']>;
  mode: DateMode;
  /** The dates as the calendar holds them: none for a season, one day, or first and last day. */
  dates: string[];
  products: CartProduct[];
  /**
   * The contact data, its e-mail included (nobody retypes it, at the desk or at home), and the
   * fidelity card the order was placed with (its discount carries over).
   */
  contact: Pick<CartState, 'first_name' | 'last_name' | 'phone' | 'email' | 'fiscal_code' | 'fidelityCardNumber'>;
  /**
   * The order's coupons, sent again with the edit: one left out would be given back and its
   * discount lost. Never marked refused here: the server checks them again and says which one no
   * longer applies, under its field.
   */
  coupons: Coupon[];
  /** The order's documents as stored ones: kept unless removed, and counted by the kiosk's document rule. */
  medias: Media[];
  /** Where the edit starts (without the locale prefix): the shop's calendar, to change the dates. */
  path: string;
}

/** The shop's calendar: the first screen of an edit. */
export const editStartPath = (shopSlug: string) => `/prenota/${shopSlug}/calendar`;

/** The shop's checkout: where an edit left half-way goes on (its summary links back to the dates). */
export const editCheckoutPath = (shopSlug: string) => `/prenota/${shopSlug}/order`;

/** A measure typed by a person ("42,5", "180") as the cart's number; blank or garbage: none. */
function measure(value: string | undefined): number | undefined {
  const n = parseDecimal(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The person of a pool as the cart holds them. A pool may name someone only in part (staff can
 * clear a field at the desk): a missing measure stays missing rather than becoming NaN, which the
 * persisted cart would refuse (and so drop the whole cart).
 */
function cartCustomer(customer: OrderResponse['order_detail_pools'][number]['customer']): Customer | undefined {
  if (!customer) return undefined;
  return {
    first_name: customer.first_name,
    last_name: customer.last_name,
    height: measure(customer.height),
    weight: measure(customer.weight),
    shoe_size: measure(customer.shoe_size),
    level: customer.level,
  };
}

/** The cart that replaces `order` when sent; null when the order's shop is gone from the catalogue. */
export function orderEditCart(order: EditableOrder): OrderEditCart | null {
  const shop = order.shop;
  if (!shop) return null;
  const mode = order.multipleDates as DateMode;
  const dates = mode === DateModes.SEASONAL ? [] : order.date_from === order.date_to ? [order.date_from] : [order.date_from, order.date_to];
  const days = rentDays(mode, dates);
  const products = order.order_detail_pools.flatMap((pool): CartProduct[] => {
    const main = pool.order_details.find((d) => !d.is_add_on);
    // A pool always has its main item; one without (never written by the API) cannot be re-booked.
    if (!main) return [];
    return [
      {
        id: main.product_id,
        id_shop: shop.id,
        id_price: main.price_id,
        related: pool.order_details.filter((d) => d.is_add_on).map((d) => ({ id: d.product_id, id_price: d.price_id, used: true })),
        customer: cartCustomer(pool.customer),
        // The size booked goes back with the line: an edit sent without it would free that size.
        ...(main.size ? { size: main.size } : {}),
        multipleDates: mode,
        dates,
        days,
      },
    ];
  });
  return {
    shop,
    mode,
    dates,
    products,
    contact: {
      first_name: order.first_name,
      last_name: order.last_name,
      phone: order.phone,
      email: order.email,
      fiscal_code: order.fiscal_code ?? null,
      fidelityCardNumber: order.fidelity_card_number ?? null,
    },
    coupons: order.coupons.map((c) => ({ code: c.code, amount: c.amount, blocked: false })),
    medias: order.medias.map((m) => ({ id: m.id, img: m.url, url: m.url, front: m.front, stored: true, deleted: false })),
    path: editStartPath(shop.slug),
  };
}
