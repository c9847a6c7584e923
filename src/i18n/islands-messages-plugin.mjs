// @ts-check
// Most of i18n/*.json (footer pages, trails, mails, exports…) is used only by the static pages and
// the server. The browser loads its locale's messages for the islands (src/i18n/client.ts) as
// `i18n/<locale>.json?islands`, which this plugin cuts down to the sections islands use; a
// customer's browser (no kiosk configured, not a kiosk page) loads `?customer`, the same without
// the kiosk's strings (5.9 of the 10 KB gzip of Italian). Plain JS: astro.config.mjs
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

/**
 * @param {Record<string, unknown>} messages the whole file of one locale
 * @param {readonly string[]} sections
 * @returns {Record<string, unknown>}
 */
export function pickIslandSections(messages, sections = ISLAND_SECTIONS) {
  return Object.fromEntries(sections.filter((s) => s in messages).map((s) => [s, messages[s]]));
}

/** The sections each query serves. @type {Record<string, readonly string[]>} */
const SECTIONS_OF_QUERY = { islands: ISLAND_SECTIONS, customer: CUSTOMER_SECTIONS };

/** @returns {import('vite').Plugin} */
export function islandsMessages() {
  return {
    name: 'islands-messages',
    // Before Vite's own loader, which would ignore the query and read the whole file; the text
    // returned here still goes through Vite's JSON plugin like any JSON import.
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?', 2);
      const params = new URLSearchParams(query);
      const name = Object.keys(SECTIONS_OF_QUERY).find((q) => params.has(q));
      if (!file.endsWith('.json') || !name) return null;
      this.addWatchFile(file);
      return JSON.stringify(pickIslandSections(JSON.parse(await readFile(file, 'utf8')), SECTIONS_OF_QUERY[name]));
    },
  };
}
