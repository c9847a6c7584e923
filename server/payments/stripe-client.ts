// The `stripe` library's client, made once from the configuration (STRIPE_*): the one object
// holding the secret key. A leaf module (only the library), so the configuration and the request
// context can name its types without importing the payment code.
import Stripe from 'stripe';

/** Stripe (STRIPE_*), as server/config.ts reads it. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another endpoint for Stripe's API (a local stand-in in tests); null: Stripe's own. */
  apiUrl: string | null;
  /** The simulated page was asked for too (PAYMENT_SIMULATOR, or demo mode): Stripe takes its place, and the start log says so. */
  replacesSimulator: boolean;
}

/** The library's client and the webhook's signing secret (STRIPE_*). */
export interface StripeProvider {
  client: Stripe;
  webhookSecret: string;
}

/** Euros, as Stripe counts them: whole cents. */
export const cents = (euros: number): number => Math.round(euros * 100);

/** How long the server waits for Stripe before telling the customer to retry (the library's own default is 80 s). */
const STRIPE_TIMEOUT_MS = 15_000;

export function createStripeProvider(settings: StripeSettings): StripeProvider {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: STRIPE_TIMEOUT_MS };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return { client: new Stripe(settings.secretKey, options), webhookSecret: settings.webhookSecret };
}

/** What may be logged of a failed call: never the request, whose headers carry the key. */
export function stripeFailure(err: unknown): Record<string, unknown> {
  if (err instanceof Stripe.errors.StripeError) {
    return { type: err.type, code: err.code, status: err.statusCode, requestId: err.requestId, message: err.message };
  }
  return { message: err instanceof Error ? err.message : String(err) };
}

