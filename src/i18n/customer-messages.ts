// The islands' messages on a customer's page: `i18n/<locale>.json?customer-page=<name>`, only the
// sections and keys that page's islands translate (CUSTOMER_PAGE_SECTIONS of
// ./islands-messages-plugin.mjs). The page names its list on `<body data-messages>` (its shell's
// `messages` prop, through BaseLayout); a page naming none, or a name not known, gets `page`: the
// layout's islands alone.
import type { CUSTOMER_PAGE_SECTIONS } from './islands-messages-plugin.mjs';
import type { Locale } from './index';

type Messages = Record<string, unknown>;
type Loader = () => Promise<{ default: Messages }>;
/** A customer page's list of messages, as its shell's `messages` prop names it. */
export type CustomerPageMessages = keyof typeof CUSTOMER_PAGE_SECTIONS;

// One literal glob per list: Vite needs the query written out. The record's type makes it one per list.
const PAGE_MESSAGES: Record<CustomerPageMessages, Record<string, Loader>> = {
  page: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=page' }),
  'ask-shop': import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=ask-shop' }),
  booking: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=booking' }),
  calendar: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=calendar' }),
  checkout: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=checkout' }),
  order: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=order' }),
  orders: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=orders' }),
  confirmation: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=confirmation' }),
  account: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=account' }),
  user: import.meta.glob<{ default: Messages }>('../../i18n/*.json', { query: '?customer-page=user' }),
};

/** The list a page names (`data-messages`), `page` when it names none or one not known. */
export function customerPageMessages(named: string | undefined): CustomerPageMessages {
  return named !== undefined && Object.hasOwn(PAGE_MESSAGES, named) ? (named as CustomerPageMessages) : 'page';
}

/** The loader of the messages a customer's page, naming `named`, shows in `locale`. */
export function customerMessages(named: string | undefined, locale: Locale): Loader | undefined {
  return PAGE_MESSAGES[customerPageMessages(named)][`../../i18n/${locale}.json`];
}
