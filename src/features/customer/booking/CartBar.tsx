// The booking's bottom bar: once the cart holds something, every step before the summary shows how
// many items for how much (for the chosen dates, src/domain/cart-summary.ts) and the way on to the
// summary, fixed to the bottom of the screen where a thumb reaches it. It covers nothing: the page
// gets the bar's height as bottom padding while it shows (booking.css), added after the footer so
// nothing above moves. The total waits for the shop's catalogue, which the step's island loads.
import { useStore } from '@nanostores/react';
import { $cart } from '~/stores/cart';
import { $products } from '~/stores/configuration';
import { cartSummary } from '~/domain/cart-summary';
import { formatCurrency } from '~/domain/format';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import '~/components/ui/controls.css';
import '../shared/booking.css';

export default function CartBar({ locale, shop }: { locale: string; shop: string }) {
  const t = useT(locale);
  const cart = useStore($cart);
  const products = useStore($products);
  const { count, total } = cartSummary(cart, products);
  if (count === 0) return null;
  return (
    <div className="cart-bar" role="region" aria-label={t('booking.cartBar.label')}>
      <p className="cart-bar__sum">
        <span>{t('booking.cartBar.items', { count })}</span>
        <strong data-testid="cart-bar-total">{total === null ? t('booking.cartBar.pricing') : t('booking.cartBar.total', { total: formatCurrency(total) })}</strong>
      </p>
      <a className="button" href={localizePath(toLocale(locale), `/prenota/${shop}/order`)}>
        {t('booking.cartBar.continue')}
      </a>
    </div>
  );
}
