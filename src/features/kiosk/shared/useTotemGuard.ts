// Spec §2 route middleware `totem` and `totem-admin` for the client-rendered kiosk pages: a browser
// that is no kiosk, or a kiosk below the page's type, goes to the home page (a kiosk's home then
// opens its own start). Decided once, when the page opens: the configuration page takes its
// one-time access then (stores/kiosk.ts enterTotemPage).
import { useEffect, useState } from 'react';
import { enterTotemPage } from '~/stores/kiosk';
import { localizePath, splitLocale } from '~/i18n/index';

export function useTotemGuard(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const { locale, path } = splitLocale(location.pathname);
    if (enterTotemPage(path)) setAllowed(true);
    else location.replace(localizePath(locale, '/'));
  }, []);
  return allowed;
}
