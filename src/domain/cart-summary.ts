// What the cart amounts to for the chosen dates, read from the shop's catalogue: each line priced
// by the pricing rule (the line's main price and used add-ons for its days), and the count and total
// the app bar and the booking's bottom bar show. One place for the checkout's lines and the bar's
// sum, so both always say the same amount.
import type { CartProduct, CartState } from '../api/contract/cart';
import type { Product, RelatedProduct } from '../api/contract/catalogue';
import { cartItemCount, cartTotal } from './cart';
import { productTotal } from './pricing';

type CatalogueProduct = Pick<Product, 'id' | 'prices' | 'related'> & Partial<Pick<Product, 'label'>>;

export interface CartLine<P extends CatalogueProduct = CatalogueProduct> {
  item: CartProduct;
  /** The catalogue's product, when the shop's catalogue holds it. */
  product: P | undefined;
  /** The line's main price, or null when the catalogue does not have it (not loaded, or gone). */
  main: P['prices'][number] | null;
  /** The add-ons the line uses, as the catalogue prices them. */
  used: RelatedProduct[];
  /** Main price and used add-ons for the line's days; 0 without a main price. */
  total: number;
}

/** The cart's lines priced from `products` (the shop's catalogue for the chosen dates). */
export function cartLines<P extends CatalogueProduct>(items: readonly CartProduct[], products: readonly P[]): CartLine<P>[] {
  return items.map((item) => {
    const product = products.find((p) => p.id === item.id);
    const main = product?.prices.find((p) => p.id === item.id_price) ?? null;
    const used = item.related.filter((r) => r.used).flatMap((r) => product?.related.find((x) => x.price.id === r.id_price) ?? []);
    return { item, product, main, used, total: main ? productTotal(main, used.map((r) => ({ price: r.price })), { days: item.days }) : 0 };
  });
}

interface CartSummary {
  /** Items in the cart (one per line). */
  count: number;
  /** Lines minus the accepted coupons, never below 0; null while a line has no price to count. */
  total: number | null;
}

/** The count and total of the cart for its dates, as the checkout's total counts them. */
export function cartSummary(cart: Pick<CartState, 'products' | 'coupons'>, products: readonly CatalogueProduct[]): CartSummary {
  const lines = cartLines(cart.products, products);
  const priced = lines.every((line) => line.main !== null);
  return { count: cartItemCount(cart), total: priced ? cartTotal(lines.map((l) => l.total), cart.coupons) : null };
}
