// The i18n keys of the kiosk pages (titles of their shells, the kiosk sheet's buttons).
import { TotemPages, type TotemPage } from '~/domain/kiosk';

const NAMES: Record<TotemPage, string> = {
  [TotemPages.BOARD]: 'board',
  [TotemPages.CASH_DESK]: 'cashDesk',
  [TotemPages.CONFIGURATION]: 'configuration',
  [TotemPages.DELIVERY]: 'delivery',
  [TotemPages.INVENTORY]: 'inventory',
  [TotemPages.PICKUP]: 'pickup',
  [TotemPages.PRODUCTS]: 'products',
  [TotemPages.PUSH_IN_QUEUE]: 'pushInQueue',
};

/** `kiosk.pages.<name>` holds a page's `title` and `intro`. */
export const pageKeys = (page: TotemPage) => `kiosk.pages.${NAMES[page]}`;
export const pageTitleKey = (page: TotemPage) => `${pageKeys(page)}.title`;
