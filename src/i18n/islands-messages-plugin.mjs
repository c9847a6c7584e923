// @ts-check
// Most of i18n/*.json (footer pages, trails, mails, exports…) is used only by the static pages and
// the server. The browser loads its locale's messages for the islands (src/i18n/client.ts) as
// `i18n/<locale>.json?islands`, which this plugin cuts down to the sections islands use; a
// customer's browser (no kiosk configured, not a kiosk page) loads `?customer`, the same without
// the kiosk's strings (5.9 of the 10 KB gzip of Italian); a kiosk page (/totem/…) loads
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
 * Sections only a kiosk shows: its screens, footer, sheets and stores. Left out of `?customer`;
 * tests/unit/i18n/i18n-islands.test.ts fails when code a customer's page runs uses one of them.
 */
export const KIOSK_SECTIONS = ['kiosk'];

/** What `?customer` serves: the island sections without the kiosk's. */
export const CUSTOMER_SECTIONS = ISLAND_SECTIONS.filter((s) => !KIOSK_SECTIONS.includes(s));

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
  'cash-desk': [...KIOSK_LAYOUT_SECTIONS, 'booking', 'checkout', 'kiosk.cashDesk', 'kiosk.cashier', 'kiosk.changes', 'kiosk.orders', 'kiosk.queue'],
  configuration: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.config', 'kiosk.pair', 'kiosk.pending', 'kiosk.referrals', 'kiosk.shopKiosks', 'kiosk.types'],
  delivery: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.delivery', 'kiosk.reading'],
  inventory: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.inventory', 'kiosk.products'],
  pickup: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.delivery', 'kiosk.pickup', 'kiosk.reading'],
  products: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.inventory', 'kiosk.products'],
  push_in_queue: [...KIOSK_LAYOUT_SECTIONS, 'kiosk.board', 'kiosk.queue'],
};

/**
 * The given sections of one locale's messages; a `section.part` path keeps that part of its section.
 * @param {Record<string, unknown>} messages the whole file of one locale
 * @param {readonly string[]} sections
 * @returns {Record<string, unknown>}
 */
export function pickIslandSections(messages, sections = ISLAND_SECTIONS) {
  /** @type {Record<string, any>} */
  const picked = {};
  for (const path of sections) {
    const [section, part] = /** @type {[string, string | undefined]} */ (path.split('.', 2));
    const value = /** @type {Record<string, unknown> | undefined} */ (messages[section]);
    if (value === undefined) continue;
    if (part === undefined) picked[section] = value;
    else if (part in value) picked[section] = { ...picked[section], [part]: value[part] };
  }
  return picked;
}

/**
 * The sections `i18n/<locale>.json?<query>` serves: `islands`, `customer`, `kiosk-page=<name>`.
 * @param {URLSearchParams} params
 * @returns {readonly string[] | undefined}
 */
export function sectionsOfQuery(params) {
  if (params.has('islands')) return ISLAND_SECTIONS;
  if (params.has('customer')) return CUSTOMER_SECTIONS;
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
