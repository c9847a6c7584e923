// Public build-time configuration. `PUBLIC_*` variables are inlined by Astro/Vite at build time.
export const siteName: string = import.meta.env.PUBLIC_SITE_NAME || 'RentAlp';

/** Base URL of the booking API; `/api` is the reference API served by `npm start` on the same origin. */
export const apiBaseUrl: string = import.meta.env.PUBLIC_API_URL || '/api';

/**
 * Hosts of the payment provider's hosted page (PUBLIC_PAYMENT_HOSTS, comma separated), besides the
 * API's own host, where the reference API serves its simulated page. The storefront sends a
 * customer to pay nowhere else (domain/payments.ts `isTrustedPaymentUrl`).
 */
export const paymentHosts: string[] = (import.meta.env.PUBLIC_PAYMENT_HOSTS || '')
  .split(',')
  .map((host: string) => host.trim())
  .filter(Boolean);
