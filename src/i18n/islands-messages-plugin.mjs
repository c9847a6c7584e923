// @ts-check
// Most of i18n/*.json (footer pages, trails, mails, exports…) is used only by the static pages and
// the server. The browser loads its locale's messages for the islands (src/i18n/client.ts) as
// `i18n/<locale>.json?islands`, which this plugin cuts down to the sections islands use.
// Plain JS: astro.config.mjs imports it.
import { readFile } from 'node:fs/promises';

/**
 * Top-level sections of i18n/*.json that client code translates: the islands and what they import
 * (stores, API client, domain messages such as `validators.*` and `dates.*`).
 * `api.*` is not here: the server translates its own messages. tests/unit/i18n-islands.test.ts
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
 * @param {Record<string, unknown>} messages the whole file of one locale
 * @returns {Record<string, unknown>}
 */
export function pickIslandSections(messages) {
  return Object.fromEntries(ISLAND_SECTIONS.filter((s) => s in messages).map((s) => [s, messages[s]]));
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
      if (!file.endsWith('.json') || !new URLSearchParams(query).has('islands')) return null;
      this.addWatchFile(file);
      return JSON.stringify(pickIslandSections(JSON.parse(await readFile(file, 'utf8'))));
    },
  };
}
