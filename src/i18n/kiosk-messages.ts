// The islands' messages on a kiosk (src/i18n/client.ts fetches this module on kiosks only, so no
// customer's page carries these loaders). A kiosk page (/totem/<name>) gets
// `i18n/<locale>.json?kiosk-page=<name>`: only the sections and kiosk parts that page's islands
// translate (KIOSK_PAGE_SECTIONS of ./islands-messages-plugin.mjs). Any other page on a kiosk (the
// booking pages, the pairing page) gets every island section (`?islands`).
// Nothing imported at run time: a module of its own, so the customer's chunks stay as they are.
import type { TotemPage } from '../domain/kiosk';
import type { Locale } from './index';

type Messages = Record<string, unknown>;
type Loader = () => Promise<{ default: Messages }>;
type NameOf<Page> = Page extends `/totem/${infer Name}` ? Name : never;
/** A kiosk page's name in the `?kiosk-page=` query: its path after `/totem/`. */
export type KioskPageName = NameOf<TotemPage>;

const everySection = import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?islands' });
// One literal glob per page: Vite needs the query written out. The record's type makes it one per TotemPage.
const PAGE_MESSAGES: Record<KioskPageName, Record<string, Loader>> = {
  board: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?kiosk-page=board' }),
  'cash-desk': import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?kiosk-page=cash-desk' }),
  configuration: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?kiosk-page=configuration' }),
  delivery: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?kiosk-page=delivery' }),
  inventory: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?kiosk-page=inventory' }),
  pickup: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?kiosk-page=pickup' }),
  products: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?kiosk-page=products' }),
  push_in_queue: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?kiosk-page=push_in_queue' }),
};

/** `/totem/<name>`, after a locale prefix or not, `/totem/cash-desk/{uuid}` included (as domain/kiosk-screens' totemPageOf). */
const KIOSK_PAGE_PATH = /^(?:\/[^/]+)?\/totem\/([^/]+)/;

/** The kiosk page of `pathname`, by its name; null on any other page. */
export function kioskPageName(pathname: string): KioskPageName | null {
  const name = KIOSK_PAGE_PATH.exec(pathname)?.[1];
  return name !== undefined && Object.hasOwn(PAGE_MESSAGES, name) ? (name as KioskPageName) : null;
}

/** The loader of the messages a kiosk shows at `pathname` in `locale`. */
export function kioskMessages(pathname: string, locale: Locale): Loader | undefined {
  const page = kioskPageName(pathname);
  return (page ? PAGE_MESSAGES[page] : everySection)[`../../i18n/${locale}.json`];
}
