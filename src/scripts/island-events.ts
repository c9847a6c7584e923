// Window events between islands and the plain page scripts. Constants only: a plain script can
// import them without pulling React or a store into the page.

/**
 * Fired on window when something an idle `client:lazy` island must show happens without any
 * interaction (a notice for the snackbar, a page asking for a login).
 */
export const WAKE_ISLANDS_EVENT = 'islands:wake';

/** A page needs a logged-in customer: open the login sheet (spec §2 "require-login"). */
export const REQUIRE_LOGIN_EVENT = 'require-login';

/** The route changed: close the login sheet (spec §2 middleware "route-update-close-login"). */
export const HIDE_LOGIN_EVENT = 'hide-login';

/**
 * An island has mounted: React committed it and its handlers are live (fired from inside it by
 * `useIslandReady`, bubbling to its own island element). `client:lazy` waits for it before
 * replaying a click held during hydration.
 */
export const ISLAND_READY_EVENT = 'islands:ready';
