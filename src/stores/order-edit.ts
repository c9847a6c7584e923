// Edit-order mode (spec §4): an order goes back into the cart, with its shop and dates, so the
// booking screens change it and the checkout sends the replacement. Used by the customer's order
// page and by the kiosk's cash desk, so both edit an order by the same rule (domain/order-edit.ts).
import type { OrderResponse } from '../api/contract/orders';
import { orderEditCart } from '../domain/order-edit';
import { startEditingOrder } from './cart';
import { $configuration, setDates, setShop } from './configuration';

/**
 * Loads `order` into the cart in edit mode and answers where the edit starts (the shop's calendar,
 * without locale prefix), or null when the order has no shop to book in (nothing is changed then).
 */
export function editOrderInCart(order: OrderResponse): string | null {
  const edit = orderEditCart(order);
  if (!edit) return null;
  // The shop already chosen (a kiosk's own, with its logo) is kept as it is; another one is set
  // from what the order says, and the booking screens load the rest of it.
  const current = $configuration.get().shop;
  if (current?.id !== edit.shop.id) setShop({ ...edit.shop, logos: [], categories: [], sports: [] });
  setDates(edit.mode, edit.dates);
  startEditingOrder(order, edit.products, { ...edit.contact, coupons: edit.coupons, medias: edit.medias });
  return edit.path;
}
