// The staff's bar on the kiosk screens (TotemLayout, spec §2): the shop, the orders chip, and the
// cart while an order is being changed; no dates, languages, account menu or shop selector, which
// staff do not use here (the customer's bar, AppBarControls, has them). On a public kiosk the shop
// leads back to its start screen. Off a kiosk (no totem stored) the login may still be asked for
// (AppBarShared.tsx): its sheet loads on its first open, as in the customer's bar.
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $configuration } from '~/stores/configuration';
import { $cartCount } from '~/stores/cart';
import { $loginDialog, hideLogin } from '~/stores/session';
import { notify } from '~/stores/notifications';
import { isTotemMode, TotemPages, totemRole } from '~/domain/kiosk';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import { useHydrated, useIslandReady } from '~/components/ui/useHydrated';
import { useOpenedOnce } from '~/components/ui/useOpenedOnce';
import LazyDialog, { lazyDialog } from '~/components/ui/LazyDialog';
import { ShopMark, useAppBarEvents } from './AppBarShared';
import '~/components/ui/controls.css';
import './app-bar.css';

const LoginDialog = lazyDialog(() => import('./LoginDialog'));

export default function StaffBarControls({ locale }: { locale: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const hydrated = useHydrated();
  const storedConfiguration = useStore($configuration);
  const storedCount = useStore($cartCount);
  // The static HTML knows no kiosk nor cart: match it on the first render (see useHydrated).
  const shop = hydrated ? storedConfiguration.shop : null;
  const totem = hydrated ? storedConfiguration.totem : null;
  const cartCount = hydrated ? storedCount : 0;
  const loginDialog = useStore($loginDialog);
  const loginOpen = hydrated && loginDialog.open;
  const loginMounted = useOpenedOnce(loginOpen);
  const root = useRef<HTMLDivElement>(null);
  useIslandReady(root);
  useAppBarEvents(t('appBar.homeWarning'));

  const totemMode = isTotemMode(totem);
  const role = totemRole(totem?.type);
  return (
    <div className="app-controls" ref={root}>
      {totemMode && shop && !role.isAdmin ? (
        // A public kiosk's customer goes back to its start from here (its logo link leads out of the shop).
        <a className="chip chip--shop" href={localizePath(lang, `/prenota/${shop.slug}`)}>
          <ShopMark shop={shop} />
        </a>
      ) : totemMode && shop ? (
        // A kiosk's shop is fixed: its logo and name, no selector (spec §2: the shop logo shows in totem mode only).
        <span className="chip chip--shop">
          <ShopMark shop={shop} />
        </span>
      ) : null}
      {totem && role.canSeeOrdersChip && (
        // The kiosk's order list is the cash desk's search, never the customer's login.
        <a className="chip" href={localizePath(lang, TotemPages.CASH_DESK)}>
          {t('appBar.ordersList')}
        </a>
      )}
      {cartCount > 0 && shop && (
        <a className="chip chip--cart" href={localizePath(lang, `/prenota/${shop.slug}/order`)} aria-label={t('appBar.cartCount', { count: cartCount })}>
          {t('appBar.cart')} <span className="badge" aria-hidden="true">{cartCount}</span>
        </a>
      )}
      {/* A kiosk has no customer login. A sheet whose code could not be fetched closes and says why (LazyDialog.tsx). */}
      {!totemMode && loginMounted && (
        <LazyDialog
          open={loginOpen}
          onFailed={() => {
            hideLogin();
            notify(t('errors.network'), 'error');
          }}
        >
          <LoginDialog locale={locale} open={loginOpen} onClose={hideLogin} />
        </LazyDialog>
      )}
    </div>
  );
}
