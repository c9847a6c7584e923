// The app bar's interactive part (spec §2 default layout): dates chip, shop chip with the
// selector, the orders chip for kiosks, the user menu or login button (never in totem mode); the
// cart link is AppBarCart, its own island outside the phone's menu. On a public kiosk the shop
// leads back to its start screen. The staff's kiosk screens have a bar of their own (StaffBarControls).
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $configuration } from '~/stores/configuration';
import { $loginDialog, $session, hideLogin, openLogin } from '~/stores/session';
import { notify, notifyOnNextPage } from '~/stores/notifications';
import { DateModes, datesChipText } from '~/domain/dates';
import { dateShower } from '../shared/show-date';
import { isTotemMode, TotemPages, totemRole } from '~/domain/kiosk';
import { useT } from '~/i18n/client';
import { localizePath, toLocale } from '~/i18n/index';
import { useHydrated, useIslandReady } from '~/components/ui/useHydrated';
import { useOpenedOnce } from '~/components/ui/useOpenedOnce';
import LazyDialog, { lazyDialog } from '~/components/ui/LazyDialog';
import { loadedOnUse, ShopMark, useAppBarEvents } from './AppBarShared';
import '~/components/ui/controls.css';
import './app-bar.css';

// The login sheet and its form (react-hook-form), and the shop selector, load on their first open
// (useOpenedOnce.ts), and again on the next open after a failed fetch (LazyDialog.tsx). The login
// store (logout) on the logout's tap; reading the user of a stored token is AppBarShared's.
const LoginDialog = lazyDialog(() => import('./LoginDialog'));
const ShopSelector = lazyDialog(() => import('./ShopSelector'));
const loadLogin = () => import('~/stores/login');

export default function AppBarControls({ locale, pageShop }: { locale: string; pageShop?: string }) {
  const t = useT(locale);
  const lang = toLocale(locale);
  const hydrated = useHydrated();
  const storedConfiguration = useStore($configuration);
  const storedSession = useStore($session);
  // The static HTML knows no visitor: match it on the first render (see useHydrated).
  const configuration = hydrated ? storedConfiguration : { ...storedConfiguration, shop: null, totem: null, dates: [], multipleDates: DateModes.SINGLE };
  const session = hydrated ? storedSession : { token: null, user: null, loggedIn: false };
  const loginDialog = useStore($loginDialog);
  const loginOpen = hydrated && loginDialog.open;
  const loginMounted = useOpenedOnce(loginOpen);
  const [selectorOpen, setSelectorOpen] = useState(false);
  const selectorMounted = useOpenedOnce(selectorOpen);
  // A sheet whose code could not be fetched closes and says why (LazyDialog.tsx).
  const dialogFailed = (close: () => void) => {
    close();
    notify(t('errors.network'), 'error');
  };
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useIslandReady(root);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    // An open menu closes on a press anywhere else, like any menu.
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [menuOpen]);
  const totemMode = isTotemMode(configuration.totem);

  useAppBarEvents(t('appBar.homeWarning'));

  const chip = datesChipText(configuration.multipleDates, configuration.dates, dateShower(t));
  const datesText = t(chip.key, chip.params);
  const shop = configuration.shop;
  // The dates belong to a shop: the chosen one, else the one whose page this is (then it is a plain
  // link in the static HTML too); with neither, the selector asks for the shop first.
  const calendarShop = shop?.slug ?? pageShop;

  const publicKiosk = totemMode && !totemRole(configuration.totem?.type).isAdmin;
  const shopMark = shop && <ShopMark shop={shop} />;

  return (
    <div className="app-controls" ref={root}>
      {calendarShop ? (
        <a className="chip" href={localizePath(lang, `/prenota/${calendarShop}/calendar`)} aria-label={t('appBar.changeDates', { dates: datesText })}>
          {datesText}
        </a>
      ) : (
        <button type="button" className="chip" onClick={() => setSelectorOpen(true)} aria-label={t('appBar.changeDates', { dates: datesText })}>
          {datesText}
        </button>
      )}
      {totemMode && shop && publicKiosk ? (
        // A public kiosk's customer goes back to its start from here (its logo link leads out of the shop).
        <a className="chip chip--shop" href={localizePath(lang, `/prenota/${shop.slug}`)}>
          {shopMark}
        </a>
      ) : totemMode && shop ? (
        // A kiosk's shop is fixed: its logo and name, no selector (spec §2: the shop logo shows in totem mode only).
        <span className="chip chip--shop">{shopMark}</span>
      ) : (
        <button type="button" className="chip" onClick={() => setSelectorOpen(true)} aria-label={shop ? t('appBar.changeShop', { shop: shop.label }) : undefined}>
          {shop?.label ?? t('appBar.chooseShop')}
        </button>
      )}
      {configuration.totem && totemRole(configuration.totem.type).canSeeOrdersChip && (
        // The kiosk's order list is the cash desk's search, never the customer's login.
        <a className="chip" href={localizePath(lang, TotemPages.CASH_DESK)}>
          {t('appBar.ordersList')}
        </a>
      )}
      {!totemMode &&
        (session.loggedIn && session.user ? (
          <div
            className="menu"
            ref={menu}
            onKeyDown={(event) => {
              // Escape closes it and gives the focus back to its button.
              if (event.key !== 'Escape' || !menuOpen) return;
              // Taken: the phone's app menu around it stays open (scripts/app-menu.ts).
              event.preventDefault();
              setMenuOpen(false);
              menuButton.current?.focus();
            }}
          >
            <button ref={menuButton} type="button" className="chip" aria-haspopup="true" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
              {t('userMenu.greeting', { name: session.user.first_name ?? '' })}
            </button>
            {menuOpen && (
              <ul className="menu__list" aria-label={t('userMenu.menu')}>
                <li>
                  <a href={localizePath(lang, '/orders')}>{t('userMenu.orders')}</a>
                </li>
                <li>
                  <a href={localizePath(lang, '/account')}>{t('userMenu.profile')}</a>
                </li>
                <li>
                  <button
                    type="button"
                    className="link-button"
                    onClick={async () => {
                      // Without the login store's code nothing is done: the network failed, say so.
                      const login = await loadedOnUse(loadLogin);
                      if (!login) return notify(t('errors.network'), 'error');
                      // Logged out here at once; home once the server's revocation is on its way
                      // (keepalive: it lands after the page is gone; one not yet sent would not).
                      await login.logout();
                      // Logout leads home (spec §2); the home page says it.
                      notifyOnNextPage(t('userMenu.loggedOut'), 'info');
                      location.assign(localizePath(lang, '/'));
                    }}
                  >
                    {t('userMenu.logout')}
                  </button>
                </li>
              </ul>
            )}
          </div>
        ) : (
          // `login-open`: hidden on a kiosk already in the static HTML (global.css, html.totem).
          <button type="button" className="chip login-open" onClick={openLogin}>
            {t('login.open')}
          </button>
        ))}
      {/* A kiosk has no customer login and a fixed shop. */}
      {!totemMode && loginMounted && (
        <LazyDialog open={loginOpen} onFailed={() => dialogFailed(hideLogin)}>
          <LoginDialog locale={locale} open={loginOpen} onClose={hideLogin} />
        </LazyDialog>
      )}
      {!totemMode && selectorMounted && (
        <LazyDialog open={selectorOpen} onFailed={() => dialogFailed(() => setSelectorOpen(false))}>
          <ShopSelector locale={locale} open={selectorOpen} onClose={() => setSelectorOpen(false)} />
        </LazyDialog>
      )}
    </div>
  );
}
