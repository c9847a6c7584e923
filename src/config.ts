// Public build-time configuration. `PUBLIC_*` variables are inlined by Astro/Vite at build time.
export const siteName: string = import.meta.env.PUBLIC_SITE_NAME || 'RentAlp';

/** Base URL of the booking API; `/api` is the reference API served by `npm start` on the same origin. */
export const apiBaseUrl: string = import.meta.env.PUBLIC_API_URL || '/api';
