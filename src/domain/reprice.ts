// When the dates change, what is already in the cart must follow: each item takes its product's
// price for the new dates (another tier, or half day, or season), and each add-on in use takes the
// add-on price linked to that new main price. Items whose product has no price for the new dates
// are reported, not silently kept with a price the server would refuse.
import type { CartProduct } from '../api/contract/cart';
import type { Product } from '../api/contract/catalogue';
import type { DateMode } from './dates';
import { normalizeDates, rentDays } from './dates';
import { offeredAddOns } from './pricing';

export function repriceCart(
  items: readonly CartProduct[],
  products: readonly Pick<Product, 'id' | 'current_price' | 'related'>[],
  mode: DateMode,
  dates: readonly string[],
): { items: CartProduct[]; unpriced: CartProduct[] } {
  const normalized = normalizeDates(mode, dates);
  const days = rentDays(mode, normalized);
  const repriced: CartProduct[] = [];
  const unpriced: CartProduct[] = [];
  for (const item of items) {
    const product = products.find((p) => p.id === item.id);
    const main = product?.current_price;
    if (!product || !main) {
      unpriced.push(item);
      continue;
    }
    const offered = offeredAddOns(product.related, main.id);
    repriced.push({
      ...item,
      id_price: main.id,
      related: offered.map((r) => ({ id: r.id, id_price: r.price.id, used: item.related.some((x) => x.id === r.id && x.used) })),
      multipleDates: mode,
      dates: normalized,
      days,
    });
  }
  return { items: repriced, unpriced };
}
