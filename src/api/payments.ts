// Online payment by the customer: opens a payment session and says where to send
// the customer, only when that address is the provider's. PayButton dispatches it.
import { PaymentSessionEnvelopeSchema } from './contract/payments';
import { apiBaseUrl, paymentHosts } from '../config';
import { isTrustedPaymentUrl } from '../domain/payments';
import type { ApiClient } from './client';

/** The API answered a payment address outside the trusted provider hosts: nobody is sent there. */
export class UntrustedPaymentUrlError extends Error {
  constructor(readonly paymentUrl: string) {
    super(`payment_url outside the trusted hosts: ${paymentUrl}`);
  }
}

/** Trusted hosts as seen from this page: the configured ones and the API's own host. */
export function trustedPaymentHosts(pageHref: string, configured: readonly string[] = paymentHosts, base = apiBaseUrl): string[] {
  const apiUrl = new URL(base, pageHref);
  return [...configured, apiUrl.host];
}

/**
 * POST v1/orders/{uuid}/payments; resolves to the provider's page to send the customer to.
 * 404, 410 and 422 reach the caller as ApiClientError (the order changed meanwhile).
 */
export async function startPayment(api: ApiClient, orderUuid: string, returnPath: string, pageHref: string): Promise<string> {
  const { data } = await api.post(`v1/orders/${orderUuid}/payments`, {
    json: { return_path: returnPath },
    schema: PaymentSessionEnvelopeSchema,
  });
  if (!isTrustedPaymentUrl(data.payment_url, trustedPaymentHosts(pageHref))) throw new UntrustedPaymentUrlError(data.payment_url);
  return data.payment_url;
}
