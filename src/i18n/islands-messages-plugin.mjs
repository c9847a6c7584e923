// @ts-check
// Most of i18n/*.json (footer pages, trails, mails, exports…) is used only by the static pages and
// the server. The browser loads its locale's messages for the islands (src/i18n/client.ts) as
// `i18n/<locale>.json?islands`, which this plugin cuts down to the sections islands use; a
// customer's page (no kiosk configured, not a kiosk page) loads `?customer-page=<name>`, only what
// that page's islands translate (every customer section was 4.7 KB gzip of Italian, a booking
// screen uses about half of it); a kiosk page (/totem/…) loads
// `?kiosk-page=<name>`, only what that page's islands translate (the whole kiosk section was 7.4 KB
// gzip of its 12.2, and each screen uses a fifth to a third of it). Plain JS: astro.config.mjs
// imports it.
import { readFile } from 'node:fs/promises';

/**
 * Top-level sections of i18n/*.json that client code translates: the islands and what they import
 * (stores, API client, domain messages such as `validators.*` and `dates.*`).
 * `api.*` is not here: the server translates its own messages. tests/unit/i18n/i18n-islands.test.ts
 * fails when client code uses a section missing from this list.
 */
export const ISLAND_SECTIONS = [
  'account',
  'appBar',
  'booking',
  'calendar',
  'checkout',
  'dates',
  'errors',
  'kiosk',
  'login',
  'notifications',
  'order',
  'selector',
  'userMenu',
  'validators',
];

/**
 * Sections only a kiosk shows: its screens, footer, sheets and stores. Left out of every customer
 * page's list; tests/unit/i18n/i18n-islands.test.ts fails when code a customer's page runs uses one of them.
 */
export const KIOSK_SECTIONS = ['kiosk'];

/** The island sections a customer's page may load: all but the kiosk's. */
export const CUSTOMER_SECTIONS = ISLAND_SECTIONS.filter((s) => !KIOSK_SECTIONS.includes(s));

/** What every customer page translates: its layout's islands (the app bar with its dates chip, user
 * menu, login sheet and shop selector; the snackbar). */
const CUSTOMER_LAYOUT_SECTIONS = ['appBar', 'dates', 'errors', 'login', 'notifications', 'selector', 'userMenu', 'validators'];

/**
 * What each customer page translates: a section, or one key of it at any depth (`section.key`,
 * `section.group.key`, with its plural forms). A page names its list in its shell's `messages`
 * prop (the layout writes it on `<body data-messages>`, src/i18n/customer-messages.ts picks it); a
 * page naming none gets `page`, the layout's alone. tests/unit/i18n/customer-page-messages.test.ts fails when code a page loads
 * (at once or on first use) uses a key left out of its list.
 * @satisfies {Record<string, readonly string[]>}
 */
export const CUSTOMER_PAGE_SECTIONS = {
  page: CUSTOMER_LAYOUT_SECTIONS,
  /** A shop's page and the hotels' page: "Ask the shop". */
  'ask-shop': [...CUSTOMER_LAYOUT_SECTIONS, 'booking.askShop'],
  // The calendar too: without dates the booking page shows it in place (booking/DatesInPlace.tsx).
  booking: [...CUSTOMER_LAYOUT_SECTIONS, 'booking', 'calendar'],
  calendar: [...CUSTOMER_LAYOUT_SECTIONS, 'calendar', 'booking.loading', 'booking.cartBar'],
  // Of the order's words, what the kiosk's and an edit's confirmation and the pay button say (the
  // site's checkout goes on to the confirmation page, which has the rest).
  checkout: [
    ...CUSTOMER_LAYOUT_SECTIONS,
    'checkout',
    'booking.customer',
    'order.pay',
    'order.paying',
    'order.paymentPaid',
    'order.paymentPending',
    'order.paymentCancelled',
    'order.paymentFailed',
    'order.paymentExpired',
    'order.paymentUnconfirmed',
    'order.paymentRefund',
    'order.paymentUnavailable',
    'order.voucher',
    'order.codeAlt',
    'order.confirmation.number',
    'order.measures',
  ],
  order: [
    ...CUSTOMER_LAYOUT_SECTIONS,
    'order',
    '!order.confirmation',
    'booking.customer',
    'checkout.discounts',
    'checkout.total',
    // The documents added or replaced in place (orders/OrderDocumentUploads.tsx) say it as the account's do.
    'account.profile.addDocument',
    'account.profile.documentAdded',
    'account.profile.documentReplaced',
    'account.profile.replaceDocument',
    'checkout.documentsHelp',
  ],
  orders: [...CUSTOMER_LAYOUT_SECTIONS, 'order', '!order.confirmation', 'checkout.total'],
  /** A just-placed order's confirmation (orders/OrderConfirmed.tsx). */
  confirmation: [...CUSTOMER_LAYOUT_SECTIONS, 'order'],
  account: [...CUSTOMER_LAYOUT_SECTIONS, 'account', 'booking.customer', 'booking.knownPeople', 'booking.knownPeopleHint', 'booking.knownPersonSummary', 'checkout.fidelity'],
  /** Signing up and resetting the password. */
  user: [...CUSTOMER_LAYOUT_SECTIONS, 'account'],
};

/** What every kiosk page translates: the totem layout's islands (staff bar, snackbar, kiosk footer and
 * sheet, payments chip) and the kiosk's page rules (a public kiosk's start, the offline banner). */
const KIOSK_LAYOUT_SECTIONS = [
  'appBar',
  'dates',
  'errors',
  'login',
  'notifications',
  'order',
  'selector',
  'userMenu',
  'validators',
  'kiosk.footer',
  'kiosk.loading',
  'kiosk.outbox',
  'kiosk.pages',
  'kiosk.password',
  'kiosk.pay',
  'kiosk.pos',
  'kiosk.sheet',
  'kiosk.start',
];

/**
 * What each kiosk page (`/totem/<name>`, src/domain/kiosk.ts's TotemPages) translates: a section, or
 * one part of the kiosk's (`kiosk.<part>`). tests/unit/i18n/kiosk-page-messages.test.ts fails when
 * code a kiosk page loads (at once or on first use) uses a key left out of its page's list.
 * @type {Record<string, readonly string[]>}
 */
export const KIOSK_PAGE_SECTIONS = {
  board: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.board'],
  'cash-desk': [...KIOSK_LAYOUT_SECTIONS, 'booking', 'checkout', 'kiosk.cashDesk', 'kiosk.cashier', 'kiosk.changes', 'kiosk.handOut', 'kiosk.methods', 'kiosk.orders', 'kiosk.queue', 'kiosk.today'],
  configuration: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.config', 'kiosk.pair', 'kiosk.pending', 'kiosk.referrals', 'kiosk.shopKiosks', 'kiosk.types'],
  delivery: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.delivery', 'kiosk.handOut', 'kiosk.reading', 'kiosk.today'],
  inventory: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.inventory', 'kiosk.products'],
  pickup: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.delivery', 'kiosk.pickup', 'kiosk.reading', 'kiosk.today'],
  products: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.inventory', 'kiosk.products'],
  push_in_queue: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.board', 'kiosk.queue'],
};

/**
 * A list's path written `!section.key` leaves that key out of a section the list takes whole: the
 * order pages take `order` but not the confirmation's words, which only the confirmation page shows.
 */
export const LEFT_OUT = '!';

/** A plural form of a key (`available_one`), as src/i18n/translate.ts looks them up. */
const PLURAL_SUFFIX = /_(?:zero|one|two|few|many|other)$/;

/**
 * The keys a path (`section`, `section.key`, `section.group.key`…) names in its parent: the last
 * name itself and its plural forms; none when the path leads nowhere.
 * @param {Record<string, unknown>} messages the whole file of one locale
 * @param {string} path
 * @returns {string[]}
 */
export function keysOfPath(messages, path) {
  const names = path.split('.');
  const last = /** @type {string} */ (names.pop());
  /** @type {unknown} */
  let parent = messages;
  for (const name of names) parent = parent !== null && typeof parent === 'object' ? /** @type {Record<string, unknown>} */ (parent)[name] : undefined;
  if (parent === null || typeof parent !== 'object') return [];
  return Object.keys(parent).filter((key) => key === last || key.replace(PLURAL_SUFFIX, '') === last);
}

/**
 * The given paths of one locale's messages, nested as in the file: a section whole, or one key of it
 * at any depth (`section.key`, `section.group.key`), with its plural forms.
 * @param {Record<string, unknown>} messages the whole file of one locale
 * @param {readonly string[]} sections
 * @returns {Record<string, unknown>}
 */
export function pickIslandSections(messages, sections = ISLAND_SECTIONS) {
  /** @type {Record<string, any>} */
  const picked = {};
  for (const path of sections) {
    if (path.startsWith(LEFT_OUT)) continue;
    const names = path.split('.');
    /** @type {Record<string, any>} */
    let from = messages;
    /** @type {Record<string, any>} */
    let into = picked;
    for (const name of names.slice(0, -1)) {
      from = from?.[name];
      if (from === null || typeof from !== 'object') break;
      // A copy: a section picked whole earlier is the file's own object.
      into = into[name] = { ...into[name] };
    }
    for (const key of keysOfPath(messages, path)) into[key] = from[key];
  }
  for (const path of sections) if (path.startsWith(LEFT_OUT)) leaveOut(picked, path.slice(LEFT_OUT.length));
  return picked;
}

/**
 * Removes one path from what was picked, copying the objects on its way (they may be the file's own).
 * @param {Record<string, any>} picked
 * @param {string} path
 */
function leaveOut(picked, path) {
  const names = path.split('.');
  let into = picked;
  for (const name of names.slice(0, -1)) {
    if (into[name] === null || typeof into[name] !== 'object') return;
    into = into[name] = { ...into[name] };
  }
  for (const key of keysOfPath(into, /** @type {string} */ (names.at(-1)))) delete into[key];
}

/**
 * The sections `i18n/<locale>.json?<query>` serves: `islands`, `customer-page=<name>`, `kiosk-page=<name>`.
 * @param {URLSearchParams} params
 * @returns {readonly string[] | undefined}
 */
export function sectionsOfQuery(params) {
  if (params.has('islands')) return ISLAND_SECTIONS;
  const customerPage = params.get('customer-page');
  if (customerPage !== null) return Object.hasOwn(CUSTOMER_PAGE_SECTIONS, customerPage) ? CUSTOMER_PAGE_SECTIONS[/** @type {keyof typeof CUSTOMER_PAGE_SECTIONS} */ (customerPage)] : undefined;
  const page = params.get('kiosk-page');
  return page === null ? undefined : KIOSK_PAGE_SECTIONS[page];
}

/** @returns {import('vite').Plugin} */
export function islandsMessages() {
  return {
    name: 'islands-messages',
    // Before Vite's own loader, which would ignore the query and read the whole file; the text
    // returned here still goes through Vite's JSON plugin like any JSON import.
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?', 2);
      const sections = sectionsOfQuery(new URLSearchParams(query));
      if (!file.endsWith('.json') || !sections) return null;
      this.addWatchFile(file);
      return JSON.stringify(pickIslandSections(JSON.parse(await readFile(file, 'utf8')), sections));
    },
  };
}
