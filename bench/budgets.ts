// Size budgets of the built site, in KB gzip (1 KB = 1024 B): one home for the bench (bench/site.ts,
// what a browser fetches) and the deterministic size test (tests/site/script-budget.test.ts, the
// static import graph of each page in dist/), so that a budget cannot be changed in one only.

/** Static pages (home, town, category, shop, trail): HTML and JavaScript before idle. */
export const STATIC_PAGE_BUDGET = { htmlGzipKb: 25, jsGzipKb: 15 };

/**
 * Booking screens (booking page, calendar, checkout, order, orders list): every
 * JavaScript file the screen loads in the customer's real state (dates chosen, items in the cart,
 * logged in or not: every island awake) and on an empty visit, gzip, the locale messages chunk
 * included. One number for both measures: the bench (what a browser fetched, bench/site.ts) and
 * the size test (the static graph of each page in dist/, tests/site/script-budget.test.ts).
 * Where the figures stand is in seo-data/README.md ("Benchmark"), how they got there in
 * docs/performance-log.md; on
 * 2026-11-27 (Vite 8, react-hook-form back and loaded on a form's first use, each page's own
 * messages, the user's read apart from the login store), the size test: booking page 110.5,
 * calendar 113.2, checkout 114.0, order 113.0, orders list 108.7; the bench's highest, a logged-in
 * customer's order, 118.0.
 */
export const BOOKING_SCREEN_JS_GZIP_KB = 120;

/**
 * Kiosk screens: a paired touch screen on the shop's network that loads once a day and is served
 * from its service worker's cache after that, so its budget is its own and looser than a phone's:
 * 145 KB, the figure the counter's issue sets. Measured by the size test's graph with the page's own
 * messages (src/i18n/kiosk-messages.ts and the module that picks them). What keeps screens under it:
 * each kiosk page loads only the messages its code translates; what the first paint does not show
 * loads on first use (the payments chip, the cash desk's payment driving code and its cashier
 * close, the claim release, the counter's questions, the list of the day); the cash desk's list and
 * order views are chunks of their own; the staff's bar is its own island without the customer's
 * controls. Today's figures are in src/features/kiosk/README.md.
 */
export const KIOSK_SCREEN_JS_GZIP_KB = 145;
