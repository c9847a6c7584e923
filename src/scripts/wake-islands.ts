/**
 * Fired on window when something an idle `client:lazy` island must show happens without any
 * interaction (e.g. a notice on the page the payment provider brought the customer back to).
 */
export const WAKE_ISLANDS_EVENT = 'islands:wake';
