// AskShop for screens already heavy with islands (the booking page's sold-out products): its code
// (the form, its schema) loads as its own chunk only when a sold-out product shows the button, so
// the booking screen's script graph (bench/budgets.ts) does not grow with it.
import { lazy, Suspense } from 'react';
import type { AskShopProps } from './AskShop';

const AskShop = lazy(() => import('./AskShop'));

export default function AskShopLazy(props: AskShopProps) {
  return (
    <Suspense fallback={null}>
      <AskShop {...props} />
    </Suspense>
  );
}
