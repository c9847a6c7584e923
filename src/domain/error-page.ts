// The error page's status (spec §2): the site's /500/ page and the product server that serves it.

/** Status of the error page when the error carries none (spec §2: "status from the error or 500"). */
export const DEFAULT_ERROR_STATUS = 500;
