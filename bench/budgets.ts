// Size budgets of the built site, in KB gzip (1 KB = 1024 B): one home for the bench (bench/site.ts,
// what a browser fetches) and the deterministic size test (tests/site/script-budget.test.ts, the
// static import graph of each page in dist/), so that a budget cannot be changed in one only.

/** Static pages (home, town, category, shop, trail): HTML and JavaScript before idle. */
export const STATIC_PAGE_BUDGET = { htmlGzipKb: 25, jsGzipKb: 15 };

/**
 * Booking screens (booking page, calendar, checkout, order, orders list), issue #18: every
 * JavaScript file the screen loads in the customer's real state (dates chosen, items in the cart,
 * logged in or not: every island awake) and on an empty visit, gzip, the locale messages chunk
 * included. One number for both measures: the bench (what a browser fetched, bench/site.ts) and
 * the size test (the static graph of each page in dist/, tests/site/script-budget.test.ts).
 */
export const BOOKING_SCREEN_JS_GZIP_KB = 120;

/**
 * Where the size test holds the booking screens that are not yet within 120, so that nothing grows
 * unnoticed meanwhile: measured on 2026-11-25 (issue #18, lazy dialogs, date-fns' `format` gone,
 * the customer's messages without the kiosk's, the islands' own `t` instead of i18next) BEFORE the
 * contract's move to zod/mini (zod 26.0 KB of each): booking page 129.9, calendar 131.9, checkout
 * 147.0, order 131.8, orders list 128.9. Once zod/mini is in, drop every screen that reaches 120
 * from this list. The checkout stays above: its form needs react-hook-form (12.7 KB) at once.
 */
export const BOOKING_SCREEN_HELD_GZIP_KB: Readonly<Record<string, number>> = {
  'booking page': 131,
  calendar: 133,
  checkout: 148,
  order: 133,
  'orders list': 130,
};

/**
 * Kiosk screens (issues #12–#14): a paired touch screen on the shop's network that loads once a
 * day, so its budget is its own: the size test's graph with the kiosk's messages, measured on
 * 2026-11-25 (issue #18, before the contract's move to zod/mini): cash desk 162.8, delivery 145.8,
 * pickup 146.3, inventory 140.6, board 138.3 KB. A little above the biggest; lower it once zod/mini
 * is in.
 */
export const KIOSK_SCREEN_JS_GZIP_KB = 166;
