// The cart's lines as the checkout shows and prices them: the product, its price, the add-ons used
// and the line's total (src/domain/cart-summary.ts, the bottom bar's sum too).
import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { $cart } from '~/stores/cart';
import { $products } from '~/stores/configuration';
import { cartLines, type CartLine } from '~/domain/cart-summary';
import type { Product } from '~/api/contract/catalogue';

export type CheckoutLine = CartLine<Product>;

/** The cart's lines, and whether the shop's catalogue (hence their prices) is here yet. */
export function useCheckoutLines(): { lines: CheckoutLine[]; priced: boolean } {
  const cart = useStore($cart);
  const products = useStore($products);
  const lines = useMemo(() => cartLines(cart.products, products), [cart.products, products]);
  return { lines, priced: products.length > 0 };
}
