// The app bar's cart link with its item count (spec §2 default layout), shown once the cart holds
// something and a shop is chosen. Its own island, outside the bar's menu, so that on a phone, where
// the menu folds the other chips away, the cart is still one tap from anywhere.
import { useStore } from '@nanostores/react';
import { $configuration } from '~/stores/configuration';
import { $cartCount } from '~/stores/cart';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import { useHydrated } from '~/components/ui/useHydrated';
import '~/components/ui/controls.css';
import './app-bar.css';

export default function AppBarCart({ locale }: { locale: string }) {
  const t = useT(locale);
  const hydrated = useHydrated();
  const count = useStore($cartCount);
  const shop = useStore($configuration).shop;
  // The static HTML knows no cart: match it on the first render (see useHydrated).
  if (!hydrated || count === 0 || !shop) return null;
  return (
    <a className="chip chip--cart" href={localizePath(toLocale(locale), `/prenota/${shop.slug}/order`)} aria-label={t('appBar.cartCount', { count })}>
      <svg className="chip__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.6 2H21l-3 8H8l-.4 1.5H19V17H5.6l1.3-4L4.1 4H2V2h3.6z" />
      </svg>
      {/* On a phone the icon and the count say it (the link's name says it in words). */}
      <span className="chip__label">{t('appBar.cart')}</span> <span className="badge" aria-hidden="true">{count}</span>
    </a>
  );
}
