// Public build-time configuration: astro:env's client variables (declared with their defaults in
// src/env-schema.mjs), inlined into the pages and islands when the site is built.
import { PUBLIC_API_URL, PUBLIC_PAYMENT_HOSTS, PUBLIC_SITE_NAME } from 'astro:env/client';

export const siteName: string = PUBLIC_SITE_NAME;

/** Base URL of the booking API; `/api` is the reference API served by `npm start` on the same origin. */
export const apiBaseUrl: string = PUBLIC_API_URL;

/**
 * Hosts of the payment provider's hosted page (PUBLIC_PAYMENT_HOSTS, comma separated; Stripe
 * Checkout's by default), besides the API's own host, where the reference API serves its simulated
 * page. The storefront sends a customer to pay nowhere else (domain/payments.ts `isTrustedPaymentUrl`).
 */
export const paymentHosts: string[] = PUBLIC_PAYMENT_HOSTS
  .split(',')
  .map((host: string) => host.trim())
  .filter(Boolean);
