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
 * unnoticed meanwhile. Measured on 2026-11-25 after issue #18's cut (lazy dialogs, date-fns out,
 * the customer's messages without the kiosk's, the islands' own `t`, the contract on zod/mini):
 * booking page 114.5, calendar 116.5, order 117.5, orders list 113.5 (all within 120) and the
 * checkout 132.1: its form needs react-hook-form (12.7 KB) at once, next to react-dom (65.9).
 */
export const BOOKING_SCREEN_HELD_GZIP_KB: Readonly<Record<string, number>> = {
  checkout: 133,
};

/**
 * Kiosk screens (issues #12–#14): a paired touch screen on the shop's network that loads once a
 * day, so its budget is its own: the size test's graph with the kiosk's messages, measured on
 * 2026-11-25 after issue #18's cut: cash desk 148.0, delivery 131.1, pickup 131.6, inventory 125.2,
 * board 123.0 KB (163–174 before it). A little above the biggest.
 */
export const KIOSK_SCREEN_JS_GZIP_KB = 150;
