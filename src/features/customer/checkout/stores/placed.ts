// The order this tab just placed at a shop. The checkout found again with its cart emptied (Back
// from the confirmation, a reload of the checkout) sends the customer to that order's confirmation
// instead of saying the cart is empty. Per tab (sessionStorage); forgotten once the cart holds
// something again. Without storage (private mode) the checkout simply says the cart is empty.
import { PLACED_ORDER_KEY } from '~/stores/keys';

type Placed = { shop: string; uuid: string };

export function rememberPlaced(shop: string, uuid: string): void {
  try {
    sessionStorage.setItem(PLACED_ORDER_KEY, JSON.stringify({ shop, uuid } satisfies Placed));
  } catch {
    // No storage: nothing to find again.
  }
}

/** The uuid of the order this tab placed at `shop`, if any. */
export function placedAt(shop: string): string | null {
  try {
    const placed = JSON.parse(sessionStorage.getItem(PLACED_ORDER_KEY) ?? 'null') as Partial<Placed> | null;
    return placed?.shop === shop && typeof placed.uuid === 'string' ? placed.uuid : null;
  } catch {
    return null;
  }
}

export function forgetPlaced(): void {
  try {
    sessionStorage.removeItem(PLACED_ORDER_KEY);
  } catch {
    // Nothing stored.
  }
}
