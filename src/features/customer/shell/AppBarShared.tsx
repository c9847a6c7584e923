// What the customer's app bar (AppBarControls) and the staff's (StaffBarControls) share: the shop's
// mark, and the page-wide listeners a bar keeps while it is mounted. Two bars, not one with a
// `staff` switch, so that a kiosk screen does not load the customer's dates, menus and selector.
import { useEffect } from 'react';
import { $cartCount, clearCart } from '~/stores/cart';
import { $token, $user, clearSession, hideLogin, requireLogin } from '~/stores/session';
import { HIDE_LOGIN_EVENT, REQUIRE_LOGIN_EVENT } from '~/scripts/island-events';
import type { Shop } from '~/api/contract/catalogue';

/** A shop without a logo file: its initials stand for it. */
function initials(label: string): string {
  return label
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 3)
    .map((word) => word[0])
    .join('');
}

/** The shop's logo (or initials) and name, as the shop chip shows them. */
export function ShopMark({ shop }: { shop: Pick<Shop, 'label' | 'logos'> }) {
  return (
    <>
      {shop.logos[0]?.url ? (
        <img className="shop-logo" src={shop.logos[0].url} alt={shop.label} />
      ) : (
        <span className="shop-logo shop-logo--text" role="img" aria-label={shop.label}>
          {initials(shop.label)}
        </span>
      )}
      <span aria-hidden="true">{shop.label}</span>
    </>
  );
}

/**
 * A store's module fetched on first use (its `import()`), or undefined when its code could not be
 * fetched: Vite answers undefined when the chunk-failure guard (scripts/page-transitions.ts) took the error.
 */
export const loadedOnUse = <Module,>(load: () => Promise<Module>): Promise<Module | undefined> => load().catch(() => undefined);

/** Reading the user of a stored token: the login store's forms and logout are not needed for it. */
const loadCurrentUser = () => import('~/stores/current-user');

/**
 * A stored token without a user (a reload) fetches the user, and a refused token logs out; pages
 * and plain scripts may ask for the login through window events (spec §2); the logo goes home, and
 * with items in the cart it asks first (going on empties the cart). The user's read is fetched only
 * for a stored token: a failed fetch of its code leaves the session as it is.
 */
export function useAppBarEvents(homeWarning: string): void {
  useEffect(() => {
    if ($token.get() && !$user.get()) {
      void loadedOnUse(loadCurrentUser).then((store) => store?.fetchUser().catch(() => clearSession()));
    }
    window.addEventListener(REQUIRE_LOGIN_EVENT, requireLogin);
    window.addEventListener(HIDE_LOGIN_EVENT, hideLogin);
    const onLogo = (event: MouseEvent) => {
      const logo = (event.target as Element | null)?.closest?.('a.logo');
      if (!logo || $cartCount.get() === 0) return;
      if (window.confirm(homeWarning)) clearCart();
      else event.preventDefault();
    };
    document.addEventListener('click', onLogo, true);
    return () => {
      window.removeEventListener(REQUIRE_LOGIN_EVENT, requireLogin);
      window.removeEventListener(HIDE_LOGIN_EVENT, hideLogin);
      document.removeEventListener('click', onLogo, true);
    };
  }, [homeWarning]);
}
