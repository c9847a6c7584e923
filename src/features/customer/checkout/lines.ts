// The cart's lines as the checkout shows and prices them: the product, its price, the add-ons used
// and the line's total by the pricing rule (src/domain/pricing.ts).
import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { $cart } from '../../../stores/cart';
import { $products } from '../../../stores/configuration';
import { productTotal } from '../../../domain/pricing';

function linesOf(items: ReturnType<typeof $cart.get>['products'], products: ReturnType<typeof $products.get>) {
  return items.map((item) => {
    const product = products.find((p) => p.id === item.id);
    const main = product?.prices.find((p) => p.id === item.id_price) ?? null;
    const used = item.related.filter((r) => r.used).flatMap((r) => product?.related.find((x) => x.price.id === r.id_price) ?? []);
    return { item, product, main, used, total: main ? productTotal(main, used.map((r) => ({ price: r.price })), { days: item.days }) : 0 };
  });
}

export type CheckoutLine = ReturnType<typeof linesOf>[number];

/** The cart's lines, and whether the shop's catalogue (hence their prices) is here yet. */
export function useCheckoutLines(): { lines: CheckoutLine[]; priced: boolean } {
  const cart = useStore($cart);
  const products = useStore($products);
  const lines = useMemo(() => linesOf(cart.products, products), [cart.products, products]);
  return { lines, priced: products.length > 0 };
}
