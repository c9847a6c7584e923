// An order loaded back into the cart to be changed (spec §4 edit-order mode): its shop, its dates,
// one cart line per pool (main item, add-ons, the person it is for) and the contact data. The one
// rule used by the customer's order page and by the kiosk's cash desk (stores/order-edit.ts).
import type { CartProduct, CartState, Customer } from '../api/contract/cart';
import type { OrderResponse } from '../api/contract/orders';
import { DateModes, rentDays, type DateMode } from './dates';
import { parseDecimal } from './validators';

type EditableOrder = Pick<
  OrderResponse,
  'shop' | 'multipleDates' | 'date_from' | 'date_to' | 'order_detail_pools' | 'first_name' | 'last_name' | 'phone' | 'fiscal_code' | 'fidelity_card_number'
>;

export interface OrderEditCart {
  shop: NonNullable<OrderResponse['shop']>;
  mode: DateMode;
  /** The dates as the calendar holds them: none for a season, one day, or first and last day. */
  dates: string[];
  products: CartProduct[];
  /** The contact data and the fidelity card the order was placed with (its discount carries over). */
  contact: Pick<CartState, 'first_name' | 'last_name' | 'phone' | 'fiscal_code' | 'fidelityCardNumber'>;
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
      fiscal_code: order.fiscal_code ?? null,
      fidelityCardNumber: order.fidelity_card_number ?? null,
    },
    path: editStartPath(shop.slug),
  };
}
