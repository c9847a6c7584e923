// Storage keys shared by the stores and the plain navigation script.
/** The referral reference (`forced_ref` is stored as `ref`); a raw string. */
export const REF_STORAGE_KEY = 'ref';
export const CONFIGURATION_KEY = 'configuration';
/** A notice left for the next page of this tab (sessionStorage), e.g. "logged out" after going home. */
export const PENDING_NOTICE_KEY = 'pending-notice';
